import type { ProductList } from '@shop/shared/catalog';

/** A page number from the address: a whole number from 1, else page 1. */
export function parsePageNumber(raw: string | null | undefined): number {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/**
 * Whether a listing's page number is past its last page (/page/99, /search/tote/page/2 with one
 * page of results): there is no such page, and the server answers it 404. An empty listing
 * (no pages at all) still has its page 1, which says that nothing is there.
 */
export function isPastLastPage(list: Pick<ProductList, 'pages'>, requestedPage: number): boolean {
  return requestedPage > Math.max(list.pages, 1);
}

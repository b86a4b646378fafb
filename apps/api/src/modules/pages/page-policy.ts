import { listingParamsOf, readListingFilters } from '@shop/shared/listing';

/**
 * How a storefront address is answered:
 * - 'shell': the browser-only app (the back office): index.html as built, never cached;
 * - 'private': an address that carries a token (an order's signed link, a mailed verify, reset or
 *   confirm link): rendered, never stored by anyone (`private, no-store`), not kept in our cache;
 * - 'public': everything else, rendered and cacheable for seconds (catalog, legal pages, and the
 *   frames of pages that live on browser storage, which hold nothing personal).
 */
export type PageKind = 'shell' | 'private' | 'public';

const TOKEN_PATHS = /^\/(verify|reset-password|confirm-email|order)(\/|$)/;

export function pageKindOf(pathname: string, searchParams: URLSearchParams): PageKind {
  if (/^\/admin(\/|$)/.test(pathname)) return 'shell';
  if (TOKEN_PATHS.test(pathname) || searchParams.has('token')) return 'private';
  return 'public';
}

/**
 * Stock on a page is never much older than in the API: shared caches keep a page 5 s and may serve
 * it 30 s more while they fetch a fresh one; browsers always revalidate (the ETag makes that cheap).
 */
export const CACHE_CONTROL: Record<PageKind, string> = {
  shell: 'no-cache',
  private: 'private, no-store',
  public: 'public, max-age=0, s-maxage=5, stale-while-revalidate=30',
};

/** The queries a server-rendered public page reads: a category listing's ?page=, and a listing's sort and filters. */
const RENDERED_QUERY = 'page';

/**
 * The address a public page is rendered and kept under: its path and the query the server reads,
 * in one order. Anything else (utm_ tags, a cache buster) changes nothing in the HTML (the pages
 * that read more, such as /login?redirect=, render it in the browser), so it must not cost a
 * render or a place in the cache: 40 requests with 40 made-up queries are one render, not 40.
 * A listing's sort and filters do change it (decision 057); a product page reads none of them.
 */
export function renderedAddressOf(pathname: string, searchParams: URLSearchParams): string {
  const pairs: [string, string][] = [];
  const page = searchParams.get(RENDERED_QUERY);
  if (page !== null) pairs.push([RENDERED_QUERY, page]);
  if (!pathname.startsWith('/products/')) {
    const params: Record<string, string[]> = {};
    for (const [key, value] of searchParams) (params[key] ??= []).push(value);
    pairs.push(...listingParamsOf(readListingFilters(params).filters));
  }
  return pairs.length ? `${pathname}?${new URLSearchParams(pairs).toString()}` : pathname;
}

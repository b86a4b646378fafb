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

import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { pageFrom } from '../format';

/** A keyset-paged list's page: the one after a cursor, or the one before it (decision 053). */
export type PageCursor = { after: string } | { before: string };

/**
 * A keyset-paged list's page from the address: its number and its cursor, if any (the server
 * checks the cursor and answers 400 when it is not one).
 */
export function keysetPageFrom(params: URLSearchParams): {
  page: number;
  after?: string;
  before?: string;
} {
  const after = params.get('after');
  const before = params.get('before');
  const cursor = after ? { after } : before ? { before } : {};
  return { page: pageFrom(params.get('page'), after || before ? 100_000_000 : 1000), ...cursor };
}

/**
 * The filters of a paged list, kept in the address: changing one starts again at page 1 and
 * pushes a history entry, so back and forward step through the searches.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();

  const setParam = useCallback(
    (name: string, value: string) => {
      const next = new URLSearchParams(params);
      if (value) next.set(name, value);
      else next.delete(name);
      for (const paging of ['page', 'after', 'before']) next.delete(paging);
      setParams(next);
    },
    [params, setParams],
  );

  const hrefForPage = useCallback(
    (page: number, cursor?: PageCursor) => {
      const next = new URLSearchParams(params);
      next.delete('after');
      next.delete('before');
      if (page > 1) next.set('page', String(page));
      else next.delete('page');
      if (cursor && 'after' in cursor) next.set('after', cursor.after);
      if (cursor && 'before' in cursor) next.set('before', cursor.before);
      const query = next.toString();
      return query ? `${pathname}?${query}` : pathname;
    },
    [params, pathname],
  );

  return { setParam, hrefForPage };
}

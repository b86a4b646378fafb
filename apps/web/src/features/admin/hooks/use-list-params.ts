import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';

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
      next.delete('page');
      setParams(next);
    },
    [params, setParams],
  );

  const hrefForPage = useCallback(
    (page: number) => {
      const next = new URLSearchParams(params);
      if (page > 1) next.set('page', String(page));
      else next.delete('page');
      const query = next.toString();
      return query ? `${pathname}?${query}` : pathname;
    },
    [params, pathname],
  );

  return { setParam, hrefForPage };
}

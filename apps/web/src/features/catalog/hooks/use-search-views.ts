import { useEffect } from 'react';
import {
  SEARCH_VIEW_WINDOW_MS,
  normalizeSearchQuery,
  searchProductViewSchema,
} from '@shop/shared/search-report';
import { useRecordSearchProductViewMutation } from '../api/search-views-api';

/*
 * Whether a search led to a product page (the Searches report, decision 056). This tab's last
 * search is kept in session storage, its words and when, nothing else; the next product page
 * within 30 minutes tells the API once and forgets it. Nothing of the shopper goes with it.
 */

const KEY = 'lastSearch';

type RememberedSearch = { query: string; at: number };

export function rememberSearch(keyword: string, at: number = Date.now()): void {
  const query = normalizeSearchQuery(keyword);
  if (!query) return;
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ query, at } satisfies RememberedSearch));
  } catch {
    // storage disabled: the view is not counted, nothing else changes
  }
}

/** The last search when it is recent, forgotten as it is read (a view counts once). */
export function takeRecentSearch(now: number = Date.now()): string | undefined {
  let remembered: Partial<RememberedSearch> | undefined;
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (raw === null) return undefined;
    window.sessionStorage.removeItem(KEY);
    remembered = JSON.parse(raw) as Partial<RememberedSearch>;
  } catch {
    return undefined; // storage disabled, or not our JSON
  }
  const { query, at } = remembered ?? {};
  if (typeof at !== 'number' || now - at > SEARCH_VIEW_WINDOW_MS || now < at) return undefined;
  const parsed = searchProductViewSchema.safeParse({ query });
  return parsed.success ? parsed.data.query : undefined;
}

/** The search page: remembers its keyword as the tab's last search. */
export function useRememberSearch(keyword: string): void {
  useEffect(() => rememberSearch(keyword), [keyword]);
}

/** The product page: a recent search led here; told once (the search is forgotten as it is read). */
export function useSearchLedToView(): void {
  const [record] = useRecordSearchProductViewMutation();
  useEffect(() => {
    const query = takeRecentSearch();
    if (query) void record({ query });
  }, [record]);
}

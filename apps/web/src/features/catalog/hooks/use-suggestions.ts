import { useEffect, useState } from 'react';
import type { Suggestions } from '@shop/shared/search';
import { useGetSuggestionsQuery } from '../api/suggestions-api';

/**
 * MIN_SUGGEST_LENGTH and MAX_SUGGEST_LENGTH of @shop/shared/search (not imported: that module
 * brings zod along, and the header is on every first page).
 */
export const MIN_SUGGEST_LENGTH = 2;
const MAX_SUGGEST_LENGTH = 100;
/** Suggestions are asked for once typing pauses this long. */
export const SUGGEST_DELAY_MS = 150;

/**
 * The suggestions for what is typed in the search box: asked for after 2 characters, once typing
 * pauses; the last answer stays while the next is on its way.
 */
export function useSuggestions(typed: string): Suggestions | undefined {
  const wanted = typed.trim().slice(0, MAX_SUGGEST_LENGTH);
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked(wanted), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted]);
  const { data } = useGetSuggestionsQuery(asked, { skip: asked.length < MIN_SUGGEST_LENGTH });
  return wanted.length >= MIN_SUGGEST_LENGTH && asked.length >= MIN_SUGGEST_LENGTH
    ? data
    : undefined;
}

import type { Suggestions } from '@shop/shared/search';
import { api } from '../../../lib/api';
import { lazyAnswerSchema } from '../../../lib/lazy-contract';

/** The header search box's suggestions for what has been typed (GET /api/search/suggestions). */
export const suggestionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSuggestions: build.query<Suggestions, string>({
      query: (q) => ({ url: '/search/suggestions', params: { q } }),
      responseSchema: lazyAnswerSchema('suggestions'),
      providesTags: ['ProductList'],
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetSuggestionsQuery } = suggestionsApi;

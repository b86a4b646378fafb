import { synonymListSchema, type SynonymList, type SynonymListWrite } from '@shop/shared/search';
import { BACK_OFFICE_TAG, adminApi, backOffice, withBackOfficeToken } from './admin-api';

/** The owner's search synonyms (decision 050): staff read them, the owner replaces the list. */

const tagged = adminApi.enhanceEndpoints({ addTagTypes: ['SearchSynonyms'] });

export const searchApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getSynonyms: build.query<SynonymList, void>({
      query: () => withBackOfficeToken({ url: '/admin/search/synonyms' }),
      responseSchema: synonymListSchema,
      providesTags: [BACK_OFFICE_TAG, 'SearchSynonyms'],
      ...backOffice,
    }),
    saveSynonyms: build.mutation<SynonymList, SynonymListWrite>({
      query: (body) => withBackOfficeToken({ url: '/admin/search/synonyms', method: 'PUT', body }),
      responseSchema: synonymListSchema,
      invalidatesTags: ['SearchSynonyms'],
      ...backOffice,
    }),
  }),
});

export const { useGetSynonymsQuery, useSaveSynonymsMutation } = searchApi;

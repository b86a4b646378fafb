import { synonymListSchema, type SynonymList, type SynonymListWrite } from '@shop/shared/search';
import { searchReportSchema, type SearchReport } from '@shop/shared/search-report';
import { BACK_OFFICE_TAG, adminApi, backOffice, withBackOfficeToken } from './admin-api';

/**
 * The owner's search synonyms (decision 050): staff read them, the owner replaces the list. The
 * Searches report (decision 056): the last 30 days' searches, read by staff and owner.
 */

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
    getSearchReport: build.query<SearchReport, void>({
      query: () => withBackOfficeToken({ url: '/admin/search/report' }),
      responseSchema: searchReportSchema,
      providesTags: [BACK_OFFICE_TAG],
      ...backOffice,
    }),
  }),
});

export const { useGetSearchReportQuery, useGetSynonymsQuery, useSaveSynonymsMutation } = searchApi;

import type { SearchProductView } from '@shop/shared/search-report';
import { api } from '../../../lib/api';

/** POST /api/search/product-views: the shop's last search led to a product page (decision 056). */
export const searchViewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    recordSearchProductView: build.mutation<null, SearchProductView>({
      // The body was checked against the shared schema when the search was read back.
      query: (body) => ({ url: '/search/product-views', method: 'POST', body }),
    }),
  }),
});

export const { useRecordSearchProductViewMutation } = searchViewsApi;

import type { ShopConfig } from '@shop/shared/catalog';
import { api } from '../../../lib/api';
import { lazyAnswerSchema } from '../../../lib/lazy-contract';

export const shopConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    getShopConfig: build.query<ShopConfig, void>({
      query: () => '/config/shop',
      responseSchema: lazyAnswerSchema('shopConfig'),
      providesTags: ['ShopConfig'],
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetShopConfigQuery } = shopConfigApi;

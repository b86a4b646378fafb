import { shopConfigSchema } from '@shop/shared/catalog';
import type { ShopConfig } from '@shop/shared/catalog';
import { api } from '../../../lib/api';

export const shopConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    getShopConfig: build.query<ShopConfig, void>({
      query: () => '/config/shop',
      responseSchema: shopConfigSchema,
      providesTags: ['ShopConfig'],
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetShopConfigQuery } = shopConfigApi;

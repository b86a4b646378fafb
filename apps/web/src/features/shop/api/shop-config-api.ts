import type { ShopConfig } from '@shop/shared/catalog';
import { api } from '../../../lib/api';
// The light mirror of the shared zod schema: the first page does not load zod.
import { shopConfigSchema } from '../../../lib/contract';

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

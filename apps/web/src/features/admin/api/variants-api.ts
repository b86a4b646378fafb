import { productVariantsResponseSchema } from '@shop/shared/admin-variants';
import type { ProductVariantsResponse, ProductVariantsWrite } from '@shop/shared/admin-variants';
import { BACK_OFFICE_TAG, adminApi, backOffice, withBackOfficeToken } from './admin-api';

/**
 * A product's options and variants (decision 031, the editor of decision 036). They are tagged as
 * the product: a stock adjustment, a threshold or a product write (its sizes or options A and B)
 * reads them again, and writing them reads the product (its stock table) again.
 */

const variantsPath = (id: string) => `/admin/products/${encodeURIComponent(id)}/variants`;

const tagged = adminApi.enhanceEndpoints({
  addTagTypes: ['AdminProduct', 'AdminProductList', 'StockMovements'],
});

export const variantsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getProductVariants: build.query<ProductVariantsResponse, string>({
      query: (id) => withBackOfficeToken({ url: variantsPath(id) }),
      responseSchema: productVariantsResponseSchema,
      providesTags: (_result, _error, id) => [BACK_OFFICE_TAG, { type: 'AdminProduct', id }],
      ...backOffice,
    }),
    setProductVariants: build.mutation<
      ProductVariantsResponse,
      { id: string; write: ProductVariantsWrite }
    >({
      query: ({ id, write }) =>
        withBackOfficeToken({ url: variantsPath(id), method: 'PUT', body: write }),
      responseSchema: productVariantsResponseSchema,
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [{ type: 'AdminProduct', id }, 'AdminProductList', 'StockMovements'],
      ...backOffice,
    }),
  }),
});

export const { useGetProductVariantsQuery, useSetProductVariantsMutation } = variantsApi;

import {
  adminProductListResponseSchema,
  adminProductSchema,
  importResultSchema,
  productPhotosResponseSchema,
  stockMovementsResponseSchema,
  variantStockResponseSchema,
} from '@shop/shared/admin-catalog';
import type {
  AdminProduct,
  AdminProductListQuery,
  AdminProductListResponse,
  ImageOrderRequest,
  ImageSlot,
  ImportResult,
  ProductPhotosResponse,
  ProductWrite,
  StockAdjustRequest,
  StockMovementsQuery,
  StockMovementsResponse,
  StockThresholdRequest,
  VariantStockResponse,
} from '@shop/shared/admin-catalog';
import {
  BACK_OFFICE_TAG,
  adminApi,
  backOffice,
  listParams,
  withBackOfficeToken,
} from './admin-api';

/** The catalog's part of the back office: products, their photos, stock and the CSV. */

const productPath = (id: string) => `/admin/products/${encodeURIComponent(id)}`;

const tagged = adminApi.enhanceEndpoints({
  addTagTypes: ['AdminProduct', 'AdminProductList', 'StockMovements'],
});

/** Every stock change shows in the product's variants, the list's 'available' and the ledger. */
const stockChanged = (product: string) => [
  { type: 'AdminProduct' as const, id: product },
  'AdminProductList' as const,
  'StockMovements' as const,
];

export type PhotoUpload = {
  id: string;
  file: File;
  alt: string;
  slot: ImageSlot;
  /** The variant's id, for the 'variant' slot. */
  variant?: string | undefined;
};

export const catalogApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getAdminProducts: build.query<AdminProductListResponse, Partial<AdminProductListQuery>>({
      query: ({ q, status, page }) =>
        withBackOfficeToken({ url: '/admin/products', params: listParams({ q, status, page }) }),
      responseSchema: adminProductListResponseSchema,
      providesTags: [BACK_OFFICE_TAG, 'AdminProductList'],
      ...backOffice,
    }),
    getAdminProduct: build.query<AdminProduct, string>({
      query: (id) => withBackOfficeToken({ url: productPath(id) }),
      responseSchema: adminProductSchema,
      providesTags: (_result, _error, id) => [BACK_OFFICE_TAG, { type: 'AdminProduct', id }],
      ...backOffice,
    }),
    createProduct: build.mutation<AdminProduct, ProductWrite>({
      query: (body) => withBackOfficeToken({ url: '/admin/products', method: 'POST', body }),
      responseSchema: adminProductSchema,
      invalidatesTags: ['AdminProductList'],
      ...backOffice,
    }),
    updateProduct: build.mutation<AdminProduct, { id: string; product: ProductWrite }>({
      query: ({ id, product }) =>
        withBackOfficeToken({ url: productPath(id), method: 'PUT', body: product }),
      responseSchema: adminProductSchema,
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [{ type: 'AdminProduct', id }, 'AdminProductList', 'StockMovements'],
      ...backOffice,
    }),
    /** multipart/form-data: the browser sets the boundary. */
    uploadProductPhoto: build.mutation<ProductPhotosResponse, PhotoUpload>({
      query: ({ id, file, alt, slot, variant }) => {
        const body = new FormData();
        body.append('alt', alt);
        body.append('slot', slot);
        if (variant) body.append('variant', variant);
        // Last: a streaming server reads the text fields before the file.
        body.append('file', file, file.name);
        return withBackOfficeToken({ url: `${productPath(id)}/images`, method: 'POST', body });
      },
      responseSchema: productPhotosResponseSchema,
      invalidatesTags: (_result, error) => (error ? [] : ['AdminProductList']),
      ...backOffice,
    }),
    deleteProductPhoto: build.mutation<ProductPhotosResponse, { id: string; imageId: string }>({
      query: ({ id, imageId }) =>
        withBackOfficeToken({
          url: `${productPath(id)}/images/${encodeURIComponent(imageId)}`,
          method: 'DELETE',
        }),
      responseSchema: productPhotosResponseSchema,
      invalidatesTags: (_result, error) => (error ? [] : ['AdminProductList']),
      ...backOffice,
    }),
    orderProductPhotos: build.mutation<ProductPhotosResponse, { id: string } & ImageOrderRequest>({
      query: ({ id, ...body }) =>
        withBackOfficeToken({ url: `${productPath(id)}/images/order`, method: 'PUT', body }),
      responseSchema: productPhotosResponseSchema,
      invalidatesTags: (_result, error) => (error ? [] : ['AdminProductList']),
      ...backOffice,
    }),
    adjustStock: build.mutation<VariantStockResponse, StockAdjustRequest>({
      query: (body) => withBackOfficeToken({ url: '/admin/stock/adjust', method: 'POST', body }),
      responseSchema: variantStockResponseSchema,
      invalidatesTags: (_result, error, { product }) => (error ? [] : stockChanged(product)),
      ...backOffice,
    }),
    setStockThreshold: build.mutation<VariantStockResponse, StockThresholdRequest>({
      query: (body) => withBackOfficeToken({ url: '/admin/stock/threshold', method: 'PUT', body }),
      responseSchema: variantStockResponseSchema,
      invalidatesTags: (_result, error, { product }) =>
        error ? [] : [{ type: 'AdminProduct', id: product }],
      ...backOffice,
    }),
    getStockMovements: build.query<StockMovementsResponse, Partial<StockMovementsQuery>>({
      query: ({ product, page }) =>
        withBackOfficeToken({
          url: '/admin/stock/movements',
          params: listParams({ product, page }),
        }),
      responseSchema: stockMovementsResponseSchema,
      providesTags: [BACK_OFFICE_TAG, 'StockMovements'],
      ...backOffice,
    }),
    /** The CSV as text (UTF-8; the text loses its byte-order mark, saveCsv puts it back). */
    exportProductsCsv: build.mutation<string, void>({
      query: () =>
        withBackOfficeToken({
          url: '/admin/products.csv',
          // A refusal is JSON ({ message }), like every other answer's.
          responseHandler: (response) => (response.ok ? response.text() : response.json()),
        }),
      ...backOffice,
    }),
    /** 200 with what was (or would be) done; 422 with every bad row (importRejectedSchema). */
    importProductsCsv: build.mutation<ImportResult, { csv: string; dryRun: boolean }>({
      query: ({ csv, dryRun }) =>
        withBackOfficeToken({
          url: '/admin/products/import',
          method: 'POST',
          params: dryRun ? { dryRun: 'true' } : {},
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
          body: csv,
        }),
      responseSchema: importResultSchema,
      invalidatesTags: (result) =>
        result && !result.dryRun ? ['AdminProduct', 'AdminProductList', 'StockMovements'] : [],
      ...backOffice,
    }),
  }),
});

/**
 * A photo write answers the product's photos as they are now: this puts them in the product on
 * screen at once (no second request).
 */
export const photosChanged = (id: string, { photos }: ProductPhotosResponse) =>
  catalogApi.util.updateQueryData('getAdminProduct', id, (product) => {
    product.photos = photos;
  });

export const {
  useGetAdminProductsQuery,
  useGetAdminProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useUploadProductPhotoMutation,
  useDeleteProductPhotoMutation,
  useOrderProductPhotosMutation,
  useAdjustStockMutation,
  useSetStockThresholdMutation,
  useGetStockMovementsQuery,
  useExportProductsCsvMutation,
  useImportProductsCsvMutation,
} = catalogApi;

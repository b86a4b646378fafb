import type { AdminOrderExportQuery } from '@shop/shared/admin-orders';
import {
  orderDocumentsResponseSchema,
  shopDetailsSchema,
  type OrderDocumentsRequest,
  type OrderDocumentsResponse,
  type ShopDetails,
} from '@shop/shared/order-documents';
import {
  BACK_OFFICE_TAG,
  adminApi,
  backOffice,
  listParams,
  withBackOfficeToken,
} from './admin-api';

/** Packing slips, invoices, the shop's details printed on them, and the orders' CSV. */

const tagged = adminApi.enhanceEndpoints({ addTagTypes: ['ShopDetails'] });

/** A file's bytes when it came, its refusal ({ message }, JSON like every other) when not. */
const fileOrError = (read: (response: Response) => Promise<unknown>) => (response: Response) =>
  response.ok ? read(response) : response.json();

export const documentsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/admin/order-documents: a query (the print page shows it), though it is a POST:
     * an invoice's first print numbers it, once; asking again answers the same number.
     */
    getOrderDocuments: build.query<OrderDocumentsResponse, OrderDocumentsRequest>({
      query: (body) => withBackOfficeToken({ url: '/admin/order-documents', method: 'POST', body }),
      responseSchema: orderDocumentsResponseSchema,
      providesTags: [BACK_OFFICE_TAG, 'ShopDetails'],
      ...backOffice,
    }),
    downloadOrderDocumentsPdf: build.mutation<Blob, OrderDocumentsRequest>({
      query: (body) =>
        withBackOfficeToken({
          url: '/admin/order-documents.pdf',
          method: 'POST',
          body,
          responseHandler: fileOrError((response) => response.blob()),
        }),
      ...backOffice,
    }),
    exportOrdersCsv: build.mutation<string, Partial<AdminOrderExportQuery>>({
      query: ({ status, q, from, to }) =>
        withBackOfficeToken({
          url: '/admin/orders.csv',
          params: listParams({ status, q, from, to }),
          responseHandler: fileOrError((response) => response.text()),
        }),
      ...backOffice,
    }),
    getShopDetails: build.query<ShopDetails, void>({
      query: () => withBackOfficeToken({ url: '/admin/shop-details' }),
      responseSchema: shopDetailsSchema,
      providesTags: [BACK_OFFICE_TAG, 'ShopDetails'],
      ...backOffice,
    }),
    saveShopDetails: build.mutation<ShopDetails, ShopDetails>({
      query: (body) => withBackOfficeToken({ url: '/admin/shop-details', method: 'PUT', body }),
      responseSchema: shopDetailsSchema,
      invalidatesTags: ['ShopDetails'],
      ...backOffice,
    }),
  }),
});

export const {
  useGetOrderDocumentsQuery,
  useDownloadOrderDocumentsPdfMutation,
  useExportOrdersCsvMutation,
  useGetShopDetailsQuery,
  useSaveShopDetailsMutation,
} = documentsApi;

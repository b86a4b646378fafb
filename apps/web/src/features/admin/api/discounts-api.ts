import {
  adminDiscountListSchema,
  adminDiscountSchema,
  bulkCodesResponseSchema,
  discountReportSchema,
} from '@shop/shared/admin-discounts';
import type {
  AdminDiscount,
  AdminDiscountList,
  BulkCodesRequest,
  BulkCodesResponse,
  DiscountReport,
  DiscountWrite,
} from '@shop/shared/admin-discounts';
import { BACK_OFFICE_TAG, adminApi, backOffice, withBackOfficeToken } from './admin-api';

/** The back office's discounts (decision 049): staff read, the owner writes. */

const discountPath = (id: string) => `/admin/discounts/${encodeURIComponent(id)}`;

const tagged = adminApi.enhanceEndpoints({
  addTagTypes: ['AdminDiscount', 'AdminDiscountList', 'AdminDiscountReport'],
});

/** A write changes the discount and the list. */
const changed = (id: string) => [
  { type: 'AdminDiscount' as const, id },
  'AdminDiscountList' as const,
];

/** The codes' CSV when it came, its refusal ({ message }, JSON like every other) when not. */
const textOrError = (response: Response) => (response.ok ? response.text() : response.json());

export const discountsAdminApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getAdminDiscounts: build.query<AdminDiscountList, void>({
      query: () => withBackOfficeToken({ url: '/admin/discounts' }),
      responseSchema: adminDiscountListSchema,
      providesTags: [BACK_OFFICE_TAG, 'AdminDiscountList'],
      ...backOffice,
    }),
    getAdminDiscount: build.query<AdminDiscount, string>({
      query: (id) => withBackOfficeToken({ url: discountPath(id) }),
      responseSchema: adminDiscountSchema,
      providesTags: (_result, _error, id) => [BACK_OFFICE_TAG, { type: 'AdminDiscount', id }],
      ...backOffice,
    }),
    getDiscountReport: build.query<DiscountReport, string>({
      query: (id) => withBackOfficeToken({ url: `${discountPath(id)}/report` }),
      responseSchema: discountReportSchema,
      providesTags: (_result, _error, id) => [BACK_OFFICE_TAG, { type: 'AdminDiscountReport', id }],
      ...backOffice,
    }),
    createDiscount: build.mutation<AdminDiscount, DiscountWrite>({
      query: (body) => withBackOfficeToken({ url: '/admin/discounts', method: 'POST', body }),
      responseSchema: adminDiscountSchema,
      invalidatesTags: (_result, error) => (error ? [] : ['AdminDiscountList']),
      ...backOffice,
    }),
    updateDiscount: build.mutation<AdminDiscount, { id: string; discount: DiscountWrite }>({
      query: ({ id, discount }) =>
        withBackOfficeToken({ url: discountPath(id), method: 'PUT', body: discount }),
      responseSchema: adminDiscountSchema,
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
      ...backOffice,
    }),
    setDiscountActive: build.mutation<AdminDiscount, { id: string; active: boolean }>({
      query: ({ id, active }) =>
        withBackOfficeToken({
          url: `${discountPath(id)}/${active ? 'activate' : 'deactivate'}`,
          method: 'POST',
        }),
      responseSchema: adminDiscountSchema,
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
      ...backOffice,
    }),
    duplicateDiscount: build.mutation<AdminDiscount, string>({
      query: (id) => withBackOfficeToken({ url: `${discountPath(id)}/duplicate`, method: 'POST' }),
      responseSchema: adminDiscountSchema,
      invalidatesTags: (_result, error) => (error ? [] : ['AdminDiscountList']),
      ...backOffice,
    }),
    generateDiscountCodes: build.mutation<
      BulkCodesResponse,
      { id: string; request: BulkCodesRequest }
    >({
      query: ({ id, request }) =>
        withBackOfficeToken({ url: `${discountPath(id)}/codes`, method: 'POST', body: request }),
      responseSchema: bulkCodesResponseSchema,
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
      ...backOffice,
    }),
    downloadDiscountCodesCsv: build.mutation<string, string>({
      query: (id) =>
        withBackOfficeToken({ url: `${discountPath(id)}/codes.csv`, responseHandler: textOrError }),
      ...backOffice,
    }),
  }),
});

export const {
  useGetAdminDiscountsQuery,
  useGetAdminDiscountQuery,
  useGetDiscountReportQuery,
  useCreateDiscountMutation,
  useUpdateDiscountMutation,
  useSetDiscountActiveMutation,
  useDuplicateDiscountMutation,
  useGenerateDiscountCodesMutation,
  useDownloadDiscountCodesCsvMutation,
} = discountsAdminApi;

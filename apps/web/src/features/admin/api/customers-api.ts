import { customerDetailSchema, customerNoteSchema } from '@shop/shared/admin-customers';
import type {
  CustomerDetail,
  CustomerNote,
  CustomerNoteRequest,
} from '@shop/shared/admin-customers';
import { BACK_OFFICE_TAG, adminApi, backOffice, withBackOfficeToken } from './admin-api';

/** A customer's page in the back office (decision 045). */

const customerPath = (id: string) => `/admin/customers/${encodeURIComponent(id)}`;

const tagged = adminApi.enhanceEndpoints({ addTagTypes: ['AdminCustomer'] });

export const customersAdminApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getCustomer: build.query<CustomerDetail, { id: string; page: number }>({
      query: ({ id, page }) => withBackOfficeToken({ url: customerPath(id), params: { page } }),
      responseSchema: customerDetailSchema,
      providesTags: (_result, _error, { id }) => [BACK_OFFICE_TAG, { type: 'AdminCustomer', id }],
      ...backOffice,
    }),
    addCustomerNote: build.mutation<CustomerNote, { id: string } & CustomerNoteRequest>({
      query: ({ id, ...body }) =>
        withBackOfficeToken({ url: `${customerPath(id)}/notes`, method: 'POST', body }),
      responseSchema: customerNoteSchema,
      invalidatesTags: (_result, _error, { id }) => [{ type: 'AdminCustomer', id }],
      ...backOffice,
    }),
  }),
});

export const { useGetCustomerQuery, useAddCustomerNoteMutation } = customersAdminApi;

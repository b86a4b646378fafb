import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import {
  adminCustomerListResponseSchema,
  adminOrderListResponseSchema,
  adminOrderSchema,
  adminSummarySchema,
} from '@shop/shared/admin-orders';
import type {
  AdminCustomerListQuery,
  AdminCustomerListResponse,
  AdminOrder,
  AdminOrderListQuery,
  AdminOrderListResponse,
  AdminSummary,
  CancelOrderRequest,
  OrderNoteRequest,
  RefundRequest,
  ShipOrderRequest,
} from '@shop/shared/admin-orders';
import {
  BACK_OFFICE_MESSAGES,
  auditListResponseSchema,
  backOfficeSessionResponseSchema,
  mfaEnrollResponseSchema,
  newOrderMailSettingSchema,
  staffListResponseSchema,
  staffMemberSchema,
} from '@shop/shared/back-office';
import type {
  AuditListResponse,
  BackOfficeSessionResponse,
  MfaEnrollResponse,
  NewOrderMailSetting,
  OwnerSetupRequest,
  StaffInviteRequest,
  StaffListResponse,
  StaffMember,
} from '@shop/shared/back-office';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { clearBackOfficeSession } from '../../../lib/back-office-session';

/** Every back-office answer is tagged, so a new back-office session refetches what is on screen. */
export const BACK_OFFICE_TAG = 'BackOffice';

/**
 * A call in the back-office session: its token is the HttpOnly cookie the API set for /api/admin
 * (decision 044), sent with this origin's calls; the call says so, whatever the fetch default.
 */
export function withBackOfficeToken(
  args: FetchArgs & { headers?: Record<string, string> },
): FetchArgs {
  return { ...args, credentials: 'same-origin' };
}

/**
 * A 401 (or the API's 'confirm your code first') means the back-office session is over: forget
 * it, and the back office asks for the code again.
 */
function endSessionOnUnauthorized(error: FetchBaseQueryError): FetchBaseQueryError {
  if (
    error.status === 401 ||
    (error.status === 403 && errorMessage(error) === BACK_OFFICE_MESSAGES.needsSecondFactor)
  ) {
    clearBackOfficeSession();
  }
  return error;
}

export const backOffice = { transformErrorResponse: endSessionOnUnauthorized };

/** Drops empty filters, so the request's query string carries only what is set. */
export function listParams(query: Record<string, string | number | undefined>) {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  );
}

const tagged = api.enhanceEndpoints({
  addTagTypes: [BACK_OFFICE_TAG, 'AdminOrder', 'Staff', 'NewOrderMail'],
});

export const adminApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/admin/mfa/enroll with the login token: a new secret, or 409 when enrolled. A query,
     * not a mutation: StrictMode's double mount must not make a second secret that replaces the
     * first one the QR code shows. The argument (the user's id) keeps one user's from another's.
     */
    startEnrollment: build.query<MfaEnrollResponse, string>({
      query: () => ({ url: '/admin/mfa/enroll', method: 'POST' }),
      responseSchema: mfaEnrollResponseSchema,
      keepUnusedDataFor: 0,
    }),
    /** POST /api/admin/session with the login token and a TOTP or recovery code. */
    openBackOfficeSession: build.mutation<BackOfficeSessionResponse, { code: string }>({
      query: (body) => ({ url: '/admin/session', method: 'POST', body }),
      responseSchema: backOfficeSessionResponseSchema,
    }),
    /** POST /api/admin/setup: the start-up link's token creates the first owner (no sign-in). */
    setUpOwner: build.mutation<unknown, OwnerSetupRequest>({
      query: (body) => ({ url: '/admin/setup', method: 'POST', body }),
    }),
    getSummary: build.query<AdminSummary, void>({
      query: () => withBackOfficeToken({ url: '/admin/summary' }),
      responseSchema: adminSummarySchema,
      providesTags: [BACK_OFFICE_TAG],
      ...backOffice,
    }),
    getAdminOrders: build.query<AdminOrderListResponse, Partial<AdminOrderListQuery>>({
      query: ({ status, q, from, to, page, after, before }) =>
        withBackOfficeToken({
          url: '/admin/orders',
          params: listParams({ status, q, from, to, page, after, before }),
        }),
      responseSchema: adminOrderListResponseSchema,
      providesTags: [BACK_OFFICE_TAG, 'AdminOrder'],
      ...backOffice,
    }),
    getAdminOrder: build.query<AdminOrder, string>({
      query: (id) => withBackOfficeToken({ url: `/admin/orders/${encodeURIComponent(id)}` }),
      responseSchema: adminOrderSchema,
      providesTags: (_result, _error, id) => [BACK_OFFICE_TAG, { type: 'AdminOrder', id }],
      ...backOffice,
    }),
    shipOrder: build.mutation<unknown, { id: string } & ShipOrderRequest>({
      query: ({ id, ...body }) =>
        withBackOfficeToken({
          url: `/admin/orders/${encodeURIComponent(id)}/ship`,
          method: 'POST',
          body,
        }),
      invalidatesTags: ['AdminOrder'],
      ...backOffice,
    }),
    markDelivered: build.mutation<unknown, string>({
      query: (id) =>
        withBackOfficeToken({
          url: `/admin/orders/${encodeURIComponent(id)}/deliver`,
          method: 'POST',
        }),
      invalidatesTags: ['AdminOrder'],
      ...backOffice,
    }),
    deliverParcel: build.mutation<unknown, { id: string; shipmentId: string }>({
      query: ({ id, shipmentId }) =>
        withBackOfficeToken({
          url: `/admin/orders/${encodeURIComponent(id)}/shipments/${encodeURIComponent(shipmentId)}/deliver`,
          method: 'POST',
        }),
      invalidatesTags: ['AdminOrder'],
      ...backOffice,
    }),
    addOrderNote: build.mutation<unknown, { id: string } & OrderNoteRequest>({
      query: ({ id, ...body }) =>
        withBackOfficeToken({
          url: `/admin/orders/${encodeURIComponent(id)}/notes`,
          method: 'POST',
          body,
        }),
      invalidatesTags: ['AdminOrder'],
      ...backOffice,
    }),
    getNewOrderMail: build.query<NewOrderMailSetting, void>({
      query: () => withBackOfficeToken({ url: '/admin/me/new-order-mail' }),
      responseSchema: newOrderMailSettingSchema,
      providesTags: [BACK_OFFICE_TAG, 'NewOrderMail'],
      ...backOffice,
    }),
    setNewOrderMail: build.mutation<NewOrderMailSetting, NewOrderMailSetting>({
      query: (body) =>
        withBackOfficeToken({ url: '/admin/me/new-order-mail', method: 'PUT', body }),
      responseSchema: newOrderMailSettingSchema,
      invalidatesTags: ['NewOrderMail'],
      ...backOffice,
    }),
    refundOrder: build.mutation<unknown, { id: string } & RefundRequest>({
      query: ({ id, ...body }) =>
        withBackOfficeToken({
          url: `/admin/orders/${encodeURIComponent(id)}/refund`,
          method: 'POST',
          body,
        }),
      invalidatesTags: ['AdminOrder'],
      ...backOffice,
    }),
    cancelOrder: build.mutation<unknown, { id: string } & CancelOrderRequest>({
      query: ({ id, ...body }) =>
        withBackOfficeToken({
          url: `/admin/orders/${encodeURIComponent(id)}/cancel`,
          method: 'POST',
          body,
        }),
      invalidatesTags: ['AdminOrder'],
      ...backOffice,
    }),
    getCustomers: build.query<AdminCustomerListResponse, Partial<AdminCustomerListQuery>>({
      query: ({ q, page, after, before }) =>
        withBackOfficeToken({
          url: '/admin/customers',
          params: listParams({ q, page, after, before }),
        }),
      responseSchema: adminCustomerListResponseSchema,
      providesTags: [BACK_OFFICE_TAG],
      ...backOffice,
    }),
    getStaff: build.query<StaffListResponse, void>({
      query: () => withBackOfficeToken({ url: '/admin/staff' }),
      responseSchema: staffListResponseSchema,
      providesTags: [BACK_OFFICE_TAG, 'Staff'],
      ...backOffice,
    }),
    inviteStaff: build.mutation<StaffMember, StaffInviteRequest>({
      query: (body) => withBackOfficeToken({ url: '/admin/staff', method: 'POST', body }),
      responseSchema: staffMemberSchema,
      invalidatesTags: ['Staff'],
      ...backOffice,
    }),
    removeStaff: build.mutation<unknown, string>({
      query: (id) =>
        withBackOfficeToken({ url: `/admin/staff/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Staff'],
      ...backOffice,
    }),
    resetStaffMfa: build.mutation<unknown, string>({
      query: (id) =>
        withBackOfficeToken({
          url: `/admin/staff/${encodeURIComponent(id)}/reset-mfa`,
          method: 'POST',
        }),
      invalidatesTags: ['Staff'],
      ...backOffice,
    }),
    getAudit: build.query<AuditListResponse, number>({
      query: (page) => withBackOfficeToken({ url: '/admin/audit', params: { page } }),
      responseSchema: auditListResponseSchema,
      providesTags: [BACK_OFFICE_TAG],
      ...backOffice,
    }),
  }),
});

export const {
  useStartEnrollmentQuery,
  useOpenBackOfficeSessionMutation,
  useSetUpOwnerMutation,
  useGetSummaryQuery,
  useGetAdminOrdersQuery,
  useGetAdminOrderQuery,
  useShipOrderMutation,
  useMarkDeliveredMutation,
  useDeliverParcelMutation,
  useAddOrderNoteMutation,
  useGetNewOrderMailQuery,
  useSetNewOrderMailMutation,
  useRefundOrderMutation,
  useCancelOrderMutation,
  useGetCustomersQuery,
  useGetStaffQuery,
  useInviteStaffMutation,
  useRemoveStaffMutation,
  useResetStaffMfaMutation,
  useGetAuditQuery,
} = adminApi;

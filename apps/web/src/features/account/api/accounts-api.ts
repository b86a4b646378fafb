import * as z from 'zod/mini';
import { messageResponseSchema, userInfoSchema, userProfileSchema } from '@shop/shared/accounts';
import type {
  LoginRequest,
  MessageResponse,
  ProfileUpdateRequest,
  RegisterRequest,
  UserInfo,
  UserProfile,
} from '@shop/shared/accounts';
import { emailChangeConfirmedSchema } from '@shop/shared/credential-change';
import type { EmailChangeConfirmed } from '@shop/shared/credential-change';
import { orderSchema } from '@shop/shared/orders';
import type { Order } from '@shop/shared/orders';
import { api } from '../../../lib/api';

/** Whole seconds from a Retry-After header (a number of seconds), or undefined. */
export function retryAfterSecondsFrom(headers: Headers | undefined): number | undefined {
  const value = headers?.get('Retry-After')?.trim();
  if (!value || !/^\d+$/.test(value)) return undefined;
  const seconds = Number(value);
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds : undefined;
}

const accountTags = api.enhanceEndpoints({ addTagTypes: ['MyOrders', 'UserDetails'] });

export const accountsApi = accountTags.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/users/login; a 429 carries its Retry-After as `retryAfterSeconds`. */
    login: build.mutation<UserInfo, LoginRequest>({
      query: (body) => ({ url: '/users/login', method: 'POST', body }),
      responseSchema: userInfoSchema,
      transformErrorResponse: (error, meta) => ({
        ...error,
        // The shop's base query passes fetchBaseQuery's meta (request and response) through.
        retryAfterSeconds: retryAfterSecondsFrom(
          (meta as { response?: Response } | undefined)?.response?.headers,
        ),
      }),
    }),
    register: build.mutation<MessageResponse, RegisterRequest>({
      query: (body) => ({ url: '/users', method: 'POST', body }),
      responseSchema: messageResponseSchema,
    }),
    /** The link's GET marks the address verified (once): a query, so StrictMode sends it once. */
    verifyEmail: build.query<MessageResponse, { userId: string; uniqueString: string }>({
      query: ({ userId, uniqueString }) =>
        `/users/verify/${encodeURIComponent(userId)}/${encodeURIComponent(uniqueString)}`,
      responseSchema: messageResponseSchema,
    }),
    resendVerification: build.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: '/users/resend-verification', method: 'POST', body }),
      responseSchema: messageResponseSchema,
    }),
    forgotPassword: build.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: '/users/forgot-password', method: 'POST', body }),
      responseSchema: messageResponseSchema,
    }),
    resetPassword: build.mutation<MessageResponse, { token: string; password: string }>({
      query: ({ token, password }) => ({
        url: `/users/reset-password/${encodeURIComponent(token)}`,
        method: 'POST',
        body: { password },
      }),
      responseSchema: messageResponseSchema,
    }),
    /** GET /api/users/profile; the argument (the user's id) keeps one user's details from another's. */
    getUserDetails: build.query<UserProfile, string>({
      query: () => '/users/profile',
      responseSchema: userProfileSchema,
      providesTags: ['UserDetails'],
    }),
    /**
     * PUT /api/users/profile answers a new userInfo with a new token (the old one stops working):
     * store it before anything refetches, so no invalidation here (see the settings form).
     */
    updateProfile: build.mutation<UserInfo, ProfileUpdateRequest>({
      query: (body) => ({ url: '/users/profile', method: 'PUT', body }),
      responseSchema: userInfoSchema,
    }),
    /**
     * POST /api/users/confirm-email/:token, sent by the link's page as it opens. A query, not a
     * mutation, for the same reason as verifyEmail: StrictMode's double mount sends it once.
     */
    confirmEmailChange: build.query<EmailChangeConfirmed, string>({
      query: (token) => ({
        url: `/users/confirm-email/${encodeURIComponent(token)}`,
        method: 'POST',
      }),
      responseSchema: emailChangeConfirmedSchema,
    }),
    /** GET /api/orders/: the user's orders of every status; the argument is the user's id. */
    getMyOrders: build.query<Order[], string>({
      query: () => '/orders/',
      responseSchema: z.array(orderSchema),
      providesTags: ['MyOrders'],
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useVerifyEmailQuery,
  useResendVerificationMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useGetUserDetailsQuery,
  useUpdateProfileMutation,
  useConfirmEmailChangeQuery,
  useGetMyOrdersQuery,
} = accountsApi;

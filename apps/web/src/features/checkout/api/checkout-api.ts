import { lastAddressResponseSchema, type LastAddressResponse } from '@shop/shared/addresses';
import { cancelCheckoutResponseSchema, checkoutSessionResponseSchema } from '@shop/shared/orders';
import type {
  CancelCheckoutResponse,
  CheckoutSessionResponse,
  OrderItemRequest,
  ShippingAddress,
} from '@shop/shared/orders';
import { api } from '../../../lib/api';
import { storedStateSchemas } from '../../../lib/contract-schemas';
import { openCheckoutProofs } from '../open-checkouts';

/** POST /api/orders/create-checkout-session (bearer): the user comes from the token. */
export type CheckoutSessionArgs = {
  orderItems: OrderItemRequest[];
  shippingAddress: ShippingAddress;
  /** The spec sends userInfo along; the server ignores it, so the token is left out. */
  userInfo: { _id: string; name: string; email: string };
  /** The shopper's pick among the address's shipping rates (decision 041). */
  shippingRateId?: string;
};

/** POST /api/orders/guest-checkout-session */
export type GuestCheckoutSessionArgs = {
  orderItems: OrderItemRequest[];
  shippingAddress: ShippingAddress;
  email: string;
  shippingRateId?: string;
};

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCheckoutSession: build.mutation<CheckoutSessionResponse, CheckoutSessionArgs>({
      // The browser's earlier open checkouts end as this one starts: the cart is held once.
      query: (body) => ({
        url: '/orders/create-checkout-session',
        method: 'POST',
        body: { ...body, replaces: openCheckoutProofs(storedStateSchemas) },
      }),
      responseSchema: checkoutSessionResponseSchema,
    }),
    createGuestCheckoutSession: build.mutation<CheckoutSessionResponse, GuestCheckoutSessionArgs>({
      query: (body) => ({
        url: '/orders/guest-checkout-session',
        method: 'POST',
        body: { ...body, replaces: openCheckoutProofs(storedStateSchemas) },
      }),
      responseSchema: checkoutSessionResponseSchema,
    }),
    /** GET /api/orders/last-address (bearer): offered again at the next checkout (decision 040). */
    getLastAddress: build.query<LastAddressResponse, void>({
      query: () => '/orders/last-address',
      responseSchema: lastAddressResponseSchema,
      keepUnusedDataFor: 0,
    }),
    /** POST /api/orders/:id/cancel-checkout: ends a checkout left through its cancel link. */
    cancelCheckout: build.mutation<CancelCheckoutResponse, { orderId: string; token: string }>({
      query: ({ orderId, token }) => ({
        url: `/orders/${encodeURIComponent(orderId)}/cancel-checkout`,
        method: 'POST',
        body: { token },
      }),
      responseSchema: cancelCheckoutResponseSchema,
      // The held stock is free again.
      invalidatesTags: ['Product', 'ProductList'],
    }),
  }),
});

export const {
  useCancelCheckoutMutation,
  useCreateCheckoutSessionMutation,
  useCreateGuestCheckoutSessionMutation,
  useGetLastAddressQuery,
} = checkoutApi;

import { paypalConfigSchema } from '@shop/shared/catalog';
import type { PaypalConfig } from '@shop/shared/catalog';
import { orderReceiptSchema, orderSchema } from '@shop/shared/orders';
import type { Order, OrderReceipt, OrderReceiptRequest } from '@shop/shared/orders';
import { api } from '../../../lib/api';

export type OrderQuery = {
  id: string;
  /** The signed token of the order mail's link (/order/:id?token=…); opens it without a sign-in. */
  token?: string | undefined;
};

export const ordersApi = api.enhanceEndpoints({ addTagTypes: ['Order'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/orders/:id: the owner's (bearer) or the signed link's (?token=) order. */
    getOrder: build.query<Order, OrderQuery>({
      query: ({ id, token }) => ({
        url: `/orders/${encodeURIComponent(id)}`,
        params: token ? { token } : undefined,
      }),
      responseSchema: orderSchema,
      providesTags: (_result, _error, { id }) => [{ type: 'Order', id }],
    }),
    /**
     * POST /api/orders/receipt: the thank-you page's order, for the tab that kept the checkout's
     * receipt token (a mutation: the token goes in the body and nothing is cached).
     */
    readOrderReceipt: build.mutation<OrderReceipt, OrderReceiptRequest>({
      query: (body) => ({ url: '/orders/receipt', method: 'POST', body }),
      responseSchema: orderReceiptSchema,
    }),
    /** GET /api/config/paypal: the wallet provider's client id, '' when it is not configured. */
    getPaypalConfig: build.query<PaypalConfig, void>({
      query: () => '/config/paypal',
      responseSchema: paypalConfigSchema,
    }),
  }),
});

export const { useGetOrderQuery, useGetPaypalConfigQuery, useReadOrderReceiptMutation } = ordersApi;

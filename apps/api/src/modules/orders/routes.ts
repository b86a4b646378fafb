import { z } from 'zod';
import { addressKeyOf } from '../../lib/address-key';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelCheckoutRequestSchema,
  cancelCheckoutResponseSchema,
  checkoutSessionRequestSchema,
  checkoutSessionResponseSchema,
  guestCheckoutSessionRequestSchema,
  orderReceiptRequestSchema,
  orderReceiptSchema,
  orderSchema,
  ownHoldsRequestSchema,
  ownHoldsResponseSchema,
  type CancelCheckoutResponse,
  type CheckoutSessionResponse,
  type OrderReceipt,
  type OwnHoldsResponse,
} from '@shop/shared/orders';
import { lastAddressResponseSchema } from '@shop/shared/addresses';
import { orderListSchema } from '@shop/shared/orders-responses';
import { responses } from '@shop/shared/responses';
import { singleLineText } from '@shop/shared/text';
import type { Authenticator } from '../accounts/authenticator';
import {
  cancelCheckout,
  ownHolds,
  startCheckout,
  type CheckoutContext,
} from '../../flows/checkout';
import type { ActionLimiter } from '../rate-limits/service';
import { getOrder, getOrderReceipt, lastAddressOfAccount, listOrdersOfAccount } from './service';

/** Checkouts open a provider session each and hold stock: bounded per client address. */
const CHECKOUT_LIMIT = { action: 'checkout', max: 30, windowMs: 60 * 60_000 };

export const orderRoutes: FastifyPluginAsyncZod<{
  ctx: CheckoutContext;
  auth: Authenticator;
  limit: ActionLimiter;
  /** The clock of the receipt's hour (tests set it instead of waiting). */
  now: () => number;
}> = async (app, { ctx, auth, limit, now }) => {
  app.post(
    '/api/orders/create-checkout-session',
    {
      schema: {
        body: checkoutSessionRequestSchema,
        response: responses({ 200: checkoutSessionResponseSchema }),
      },
    },
    async (request): Promise<CheckoutSessionResponse> => {
      const user = await auth.requireUser(request);
      return startCheckout(ctx, {
        admitted: limit(CHECKOUT_LIMIT, addressKeyOf(request.ip)),
        items: request.body.orderItems,
        shippingAddress: request.body.shippingAddress,
        customer: { userId: user.id, name: user.name, email: user.email },
        clientAddress: addressKeyOf(request.ip),
        replaces: request.body.replaces,
        shippingRateId: request.body.shippingRateId,
        discountCode: request.body.discountCode,
      });
    },
  );

  app.post(
    '/api/orders/guest-checkout-session',
    {
      schema: {
        body: guestCheckoutSessionRequestSchema,
        response: responses({ 200: checkoutSessionResponseSchema }),
      },
    },
    async (request): Promise<CheckoutSessionResponse> => {
      // A signed-in shopper who takes the guest form still gets the order in their account.
      const user = await auth.optionalUser(request).catch(() => undefined);
      return startCheckout(ctx, {
        admitted: limit(CHECKOUT_LIMIT, addressKeyOf(request.ip)),
        items: request.body.orderItems,
        shippingAddress: request.body.shippingAddress,
        customer: {
          userId: user?.id ?? null,
          name: user?.name ?? 'Guest',
          email: request.body.email,
        },
        clientAddress: addressKeyOf(request.ip),
        replaces: request.body.replaces,
        shippingRateId: request.body.shippingRateId,
        discountCode: request.body.discountCode,
      });
    },
  );

  // The proof is the signed token of the cancel link; no sign-in, as for guests' order links.
  app.post(
    '/api/orders/:id/cancel-checkout',
    {
      schema: {
        params: z.object({ id: singleLineText('Order id').check(z.maxLength(100)) }),
        body: cancelCheckoutRequestSchema,
        response: responses({ 200: cancelCheckoutResponseSchema }),
      },
    },
    async (request): Promise<CancelCheckoutResponse> =>
      cancelCheckout(ctx, request.params.id, request.body.token),
  );

  // The cart's stock re-check: what the shopper's own open checkouts hold (see ownHolds). A POST
  // so the proofs stay out of URLs and logs; a bad sign-in token fails as everywhere.
  app.post(
    '/api/orders/own-holds',
    {
      schema: { body: ownHoldsRequestSchema, response: responses({ 200: ownHoldsResponseSchema }) },
    },
    async (request): Promise<OwnHoldsResponse> => {
      const user = await auth.optionalUser(request);
      return ownHolds(ctx, { userId: user?.id ?? null, proofs: request.body.checkouts });
    },
  );

  // The thank-you page: the receipt token is the proof, in the body so no URL or log holds it.
  app.post(
    '/api/orders/receipt',
    {
      schema: { body: orderReceiptRequestSchema, response: responses({ 200: orderReceiptSchema }) },
    },
    async (request): Promise<OrderReceipt> => getOrderReceipt(ctx, request.body, now()),
  );

  app.get(
    '/api/orders',
    { schema: { response: responses({ 200: orderListSchema }) } },
    async (request) => listOrdersOfAccount(ctx.db, (await auth.requireUser(request)).id),
  );

  // The checkout offers it again (a route of its own: /api/orders/:id never matches it).
  app.get(
    '/api/orders/last-address',
    { schema: { response: responses({ 200: lastAddressResponseSchema }) } },
    async (request) => lastAddressOfAccount(ctx.db, (await auth.requireUser(request)).id),
  );

  app.get(
    '/api/orders/:id',
    {
      schema: {
        params: z.object({ id: singleLineText('Order id').check(z.maxLength(100)) }),
        querystring: z.object({
          token: z.optional(singleLineText('Token').check(z.maxLength(200))),
        }),
        response: responses({ 200: orderSchema }),
      },
    },
    async (request) => {
      const { token } = request.query;
      // A guest's signed link needs no sign-in; otherwise the bearer must own the order.
      const user = token
        ? await auth.optionalUser(request).catch(() => undefined)
        : await auth.requireUser(request);
      return getOrder(ctx, request.params.id, { user, token });
    },
  );
};

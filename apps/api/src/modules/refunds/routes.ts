import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderSchema,
  cancelOrderRequestSchema,
  orderIdParams,
  refundRequestSchema,
} from '@shop/shared/admin-orders';
import { responses } from '@shop/shared/responses';
import type { Authenticator } from '../accounts/authenticator';
import { backOfficeActor } from '../back-office/actor';
import { cancelOrder, refundOrder, type RefundsContext } from '../../flows/refund';

/** Money back (owner only): a refund in part or in full, or the cancellation of an unshipped order. */
export const refundRoutes: FastifyPluginAsyncZod<{
  ctx: RefundsContext;
  auth: Authenticator;
}> = async (app, { ctx, auth }) => {
  app.post(
    '/api/admin/orders/:id/refund',
    {
      schema: {
        params: orderIdParams,
        body: refundRequestSchema,
        response: responses({ 200: adminOrderSchema }),
      },
    },
    async (request) => {
      const { user } = await auth.requireBackOffice(request, { owner: true });
      return refundOrder(ctx, request.params.id, request.body, backOfficeActor(user, request));
    },
  );

  app.post(
    '/api/admin/orders/:id/cancel',
    {
      schema: {
        params: orderIdParams,
        body: cancelOrderRequestSchema,
        response: responses({ 200: adminOrderSchema }),
      },
    },
    async (request) => {
      const { user } = await auth.requireBackOffice(request, { owner: true });
      return cancelOrder(ctx, request.params.id, request.body, backOfficeActor(user, request));
    },
  );
};

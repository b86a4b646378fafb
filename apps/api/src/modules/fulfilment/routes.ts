import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  adminOrderSchema,
  shipOrderRequestSchema,
} from '@shop/shared/admin-orders';
import { singleLineText } from '@shop/shared/text';
import type { Authenticator } from '../accounts/authenticator';
import type { OrdersContext } from '../orders/service';
import { backOfficeActor } from './actor';
import { deliverOrder, getAdminOrder, listAdminOrders, shipOrder } from './service';

export const orderIdParams = z.object({ id: singleLineText('Order id').check(z.maxLength(100)) });

/** The back office's orders: list, detail with timeline, ship, deliver (staff or owner). */
export const fulfilmentRoutes: FastifyPluginAsyncZod<{
  ctx: OrdersContext;
  auth: Authenticator;
}> = async (app, { ctx, auth }) => {
  app.get(
    '/api/admin/orders',
    {
      schema: {
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderListResponseSchema },
      },
    },
    async (request) => {
      await auth.requireBackOffice(request);
      return listAdminOrders(ctx, request.query);
    },
  );

  app.get(
    '/api/admin/orders/:id',
    { schema: { params: orderIdParams, response: { 200: adminOrderSchema } } },
    async (request) => {
      await auth.requireBackOffice(request);
      return getAdminOrder(ctx, request.params.id);
    },
  );

  app.post(
    '/api/admin/orders/:id/ship',
    {
      schema: {
        params: orderIdParams,
        body: shipOrderRequestSchema,
        response: { 200: adminOrderSchema },
      },
    },
    async (request) => {
      const { user } = await auth.requireBackOffice(request);
      await shipOrder(ctx, request.params.id, request.body, backOfficeActor(user, request));
      return getAdminOrder(ctx, request.params.id);
    },
  );

  app.post(
    '/api/admin/orders/:id/deliver',
    { schema: { params: orderIdParams, response: { 200: adminOrderSchema } } },
    async (request) => {
      const { user } = await auth.requireBackOffice(request);
      await deliverOrder(ctx, request.params.id, backOfficeActor(user, request));
      return getAdminOrder(ctx, request.params.id);
    },
  );
};

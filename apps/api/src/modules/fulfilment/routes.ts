import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderExportQuerySchema,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  adminOrderSchema,
  orderIdParams,
  orderNoteRequestSchema,
  shipmentParams,
  shipOrderRequestSchema,
} from '@shop/shared/admin-orders';
import { responses } from '@shop/shared/responses';
import type { Authenticator } from '../accounts/authenticator';
import type { OrdersContext } from '../orders/service';
import { backOfficeActor } from '../back-office/actor';
import { deliverOrder, deliverParcel, shipOrder } from '../../flows/ship-order';
import { auditedOrderExport } from './order-export';
import { addOrderNote, getAdminOrder, listAdminOrders } from './service';

/**
 * The back office's orders: list, CSV export, detail with timeline, ship a parcel, deliver a
 * parcel or the whole order, internal notes (staff or owner).
 */
export const fulfilmentRoutes: FastifyPluginAsyncZod<{
  ctx: OrdersContext;
  auth: Authenticator;
}> = async (app, { ctx, auth }) => {
  app.get(
    '/api/admin/orders',
    {
      schema: {
        querystring: adminOrderListQuerySchema,
        response: responses({ 200: adminOrderListResponseSchema }),
      },
    },
    async (request) => {
      await auth.requireBackOffice(request);
      return listAdminOrders(ctx, request.query);
    },
  );

  app.get(
    '/api/admin/orders.csv',
    { schema: { querystring: adminOrderExportQuerySchema } },
    async (request, reply) => {
      const { user } = await auth.requireBackOffice(request);
      const csv = await auditedOrderExport(ctx.db, request.query, backOfficeActor(user, request));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/api/admin/orders/:id',
    { schema: { params: orderIdParams, response: responses({ 200: adminOrderSchema }) } },
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
        response: responses({ 200: adminOrderSchema }),
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
    { schema: { params: orderIdParams, response: responses({ 200: adminOrderSchema }) } },
    async (request) => {
      const { user } = await auth.requireBackOffice(request);
      await deliverOrder(ctx, request.params.id, backOfficeActor(user, request));
      return getAdminOrder(ctx, request.params.id);
    },
  );

  app.post(
    '/api/admin/orders/:id/shipments/:shipmentId/deliver',
    { schema: { params: shipmentParams, response: responses({ 200: adminOrderSchema }) } },
    async (request) => {
      const { user } = await auth.requireBackOffice(request);
      const { id, shipmentId } = request.params;
      await deliverParcel(ctx, id, shipmentId, backOfficeActor(user, request));
      return getAdminOrder(ctx, id);
    },
  );

  app.post(
    '/api/admin/orders/:id/notes',
    {
      schema: {
        params: orderIdParams,
        body: orderNoteRequestSchema,
        response: responses({ 200: adminOrderSchema }),
      },
    },
    async (request) => {
      const { user } = await auth.requireBackOffice(request);
      await addOrderNote(ctx, request.params.id, request.body.note, backOfficeActor(user, request));
      return getAdminOrder(ctx, request.params.id);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCustomerListQuerySchema,
  adminCustomerListResponseSchema,
  adminSummarySchema,
} from '@shop/shared/admin-orders';
import {
  customerDetailQuerySchema,
  customerDetailSchema,
  customerNoteRequestSchema,
  customerNoteSchema,
  customerParamsSchema,
} from '@shop/shared/admin-customers';
import { responses } from '@shop/shared/responses';
import type { Database } from '../../db/client';
import type { Authenticator } from '../accounts/authenticator';
import { actorOf } from '../back-office/context';
import { addCustomerNote, customerDetail, listCustomers, summary } from './service';

/** The back office's customers and its dashboard figures (staff or owner). */
export const customerRoutes: FastifyPluginAsyncZod<{ db: Database; auth: Authenticator }> = async (
  app,
  { db, auth },
) => {
  app.get(
    '/api/admin/customers',
    {
      schema: {
        querystring: adminCustomerListQuerySchema,
        response: responses({ 200: adminCustomerListResponseSchema }),
      },
    },
    async (request) => {
      await auth.requireBackOffice(request);
      return listCustomers(db, request.query);
    },
  );

  app.get(
    '/api/admin/customers/:id',
    {
      schema: {
        params: customerParamsSchema,
        querystring: customerDetailQuerySchema,
        response: responses({ 200: customerDetailSchema }),
      },
    },
    async (request) => {
      await auth.requireBackOffice(request);
      return customerDetail(db, request.params.id, request.query.page);
    },
  );

  app.post(
    '/api/admin/customers/:id/notes',
    {
      schema: {
        params: customerParamsSchema,
        body: customerNoteRequestSchema,
        response: responses({ 201: customerNoteSchema }),
      },
    },
    async (request, reply) => {
      const { user } = await auth.requireBackOffice(request);
      const note = await addCustomerNote(
        db,
        actorOf(user, request.ip),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(note);
    },
  );

  app.get(
    '/api/admin/summary',
    { schema: { response: responses({ 200: adminSummarySchema }) } },
    async (request) => {
      await auth.requireBackOffice(request);
      return summary(db);
    },
  );
};

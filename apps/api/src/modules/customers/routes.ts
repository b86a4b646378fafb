import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCustomerListQuerySchema,
  adminCustomerListResponseSchema,
  adminSummarySchema,
} from '@shop/shared/admin-orders';
import { responses } from '@shop/shared/responses';
import type { Database } from '../../db/client';
import type { Authenticator } from '../accounts/authenticator';
import { listCustomers, summary } from './service';

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
    '/api/admin/summary',
    { schema: { response: responses({ 200: adminSummarySchema }) } },
    async (request) => {
      await auth.requireBackOffice(request);
      return summary(db);
    },
  );
};

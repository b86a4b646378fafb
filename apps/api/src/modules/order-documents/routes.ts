import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderDocumentsRequestSchema,
  orderDocumentsResponseSchema,
  shopDetailsSchema,
} from '@shop/shared/order-documents';
import { responses } from '@shop/shared/responses';
import type { Database } from '../../db/client';
import type { Authenticator } from '../accounts/authenticator';
import { backOfficeActor } from '../back-office/actor';
import { renderDocumentsPdf } from './pdf';
import { orderDocuments, saveShopDetails, shopDetailsOf } from './service';

/**
 * Packing slips and invoices (staff or owner), as JSON for the print page or as a PDF, and the
 * shop's details printed on them (the owner writes them). POST: an invoice's first print numbers it.
 */
export const orderDocumentRoutes: FastifyPluginAsyncZod<{
  db: Database;
  auth: Authenticator;
}> = async (app, { db, auth }) => {
  app.get(
    '/api/admin/shop-details',
    { schema: { response: responses({ 200: shopDetailsSchema }) } },
    async (request) => {
      await auth.requireBackOffice(request);
      return shopDetailsOf(db);
    },
  );

  app.put(
    '/api/admin/shop-details',
    { schema: { body: shopDetailsSchema, response: responses({ 200: shopDetailsSchema }) } },
    async (request) => {
      const { user } = await auth.requireBackOffice(request, { owner: true });
      return saveShopDetails(db, request.body, backOfficeActor(user, request));
    },
  );

  app.post(
    '/api/admin/order-documents',
    {
      schema: {
        body: orderDocumentsRequestSchema,
        response: responses({ 200: orderDocumentsResponseSchema }),
      },
    },
    async (request) => {
      const { user } = await auth.requireBackOffice(request);
      return orderDocuments(db, request.body, backOfficeActor(user, request));
    },
  );

  app.post(
    '/api/admin/order-documents.pdf',
    { schema: { body: orderDocumentsRequestSchema } },
    async (request, reply) => {
      const { user } = await auth.requireBackOffice(request);
      const documents = await orderDocuments(db, request.body, backOfficeActor(user, request));
      const pdf = await renderDocumentsPdf(documents);
      const name =
        documents.documents.length === 1
          ? `${request.body.kind}-${documents.documents[0]?.number ?? ''}.pdf`
          : `${request.body.kind}s.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};

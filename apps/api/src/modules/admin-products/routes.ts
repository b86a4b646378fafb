import { z } from 'zod';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_CATALOG_MESSAGES,
  MAX_IMPORT_BYTES,
  adminProductListQuerySchema,
  adminProductListResponseSchema,
  adminProductSchema,
  importQuerySchema,
  importRejectedSchema,
  importResultSchema,
  productWriteSchema,
  productIdParams,
} from '@shop/shared/admin-catalog';
import {
  productVariantsResponseSchema,
  productVariantsWriteSchema,
} from '@shop/shared/admin-variants';
import { responses } from '@shop/shared/responses';
import type { Authenticator } from '../accounts/authenticator';
import { backOfficeActor } from '../back-office/actor';
import { exportCatalogCsv, importCatalogCsv } from './csv-service';
import {
  createProduct,
  getAdminProduct,
  listAdminProducts,
  updateProduct,
  type AdminProductsContext,
} from './service';
import { getProductVariants, writeProductVariants } from './variants';

const IMPORT_URL = '/api/admin/products/import';
const csvBody = z.custom<Buffer>((body) => Buffer.isBuffer(body), {
  error: 'Send the file as text/csv',
});

/** The back office's products and the catalog's CSV (owner and staff). */
export const adminProductRoutes: FastifyPluginAsyncZod<{
  ctx: AdminProductsContext;
  auth: Authenticator;
}> = async (app, { ctx, auth }) => {
  // CSV arrives only here (this plugin's scope), as bytes: the import checks that they are UTF-8.
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && request.routeOptions.url === IMPORT_URL)
      return reply.code(413).send({ message: ADMIN_CATALOG_MESSAGES.importTooLarge });
    // Everything else is the app's error handler's.
    throw error;
  });

  app.get(
    '/api/admin/products',
    {
      schema: {
        querystring: adminProductListQuerySchema,
        response: responses({ 200: adminProductListResponseSchema }),
      },
    },
    async (request) => {
      await auth.requireBackOffice(request);
      return listAdminProducts(ctx.db, request.query);
    },
  );

  app.get('/api/admin/products.csv', async (request, reply) => {
    await auth.requireBackOffice(request);
    const csv = await exportCatalogCsv(ctx.db);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="products.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get(
    '/api/admin/products/:id',
    { schema: { params: productIdParams, response: responses({ 200: adminProductSchema }) } },
    async (request) => {
      await auth.requireBackOffice(request);
      return getAdminProduct(ctx.db, request.params.id);
    },
  );

  app.post(
    '/api/admin/products',
    { schema: { body: productWriteSchema, response: responses({ 201: adminProductSchema }) } },
    async (request, reply) => {
      const { user } = await auth.requireBackOffice(request);
      const id = await createProduct(ctx, request.body, backOfficeActor(user, request));
      return reply.code(201).send(await getAdminProduct(ctx.db, id));
    },
  );

  app.put(
    '/api/admin/products/:id',
    {
      schema: {
        params: productIdParams,
        body: productWriteSchema,
        response: responses({ 200: adminProductSchema }),
      },
    },
    async (request) => {
      const { user } = await auth.requireBackOffice(request);
      await updateProduct(ctx, request.params.id, request.body, backOfficeActor(user, request));
      return getAdminProduct(ctx.db, request.params.id);
    },
  );

  app.get(
    '/api/admin/products/:id/variants',
    {
      schema: {
        params: productIdParams,
        response: responses({ 200: productVariantsResponseSchema }),
      },
    },
    async (request) => {
      await auth.requireBackOffice(request);
      return getProductVariants(ctx.db, request.params.id);
    },
  );

  app.put(
    '/api/admin/products/:id/variants',
    {
      schema: {
        params: productIdParams,
        body: productVariantsWriteSchema,
        response: responses({ 200: productVariantsResponseSchema }),
      },
    },
    async (request) => {
      const { user } = await auth.requireBackOffice(request);
      return writeProductVariants(
        ctx,
        request.params.id,
        request.body,
        backOfficeActor(user, request),
      );
    },
  );

  app.post(
    IMPORT_URL,
    {
      bodyLimit: MAX_IMPORT_BYTES,
      schema: {
        querystring: importQuerySchema,
        body: csvBody,
        response: responses({ 200: importResultSchema, 422: importRejectedSchema }),
      },
    },
    async (request, reply) => {
      const { user } = await auth.requireBackOffice(request);
      const outcome = await importCatalogCsv(
        ctx,
        request.body,
        { dryRun: request.query.dryRun },
        backOfficeActor(user, request),
      );
      return reply.code(outcome.status).send(outcome.body);
    },
  );
};

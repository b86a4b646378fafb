import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDiscountListSchema,
  adminDiscountSchema,
  bulkCodesRequestSchema,
  bulkCodesResponseSchema,
  discountIdParams,
  discountReportSchema,
  discountWriteSchema,
} from '@shop/shared/admin-discounts';
import { responses } from '@shop/shared/responses';
import type { Database } from '../../db/client';
import type { Authenticator } from '../accounts/authenticator';
import { backOfficeActor } from '../back-office/actor';
import {
  bulkCodesCsv,
  createDiscount,
  discountReport,
  duplicateDiscount,
  generateCodes,
  getAdminDiscount,
  listAdminDiscounts,
  setDiscountActive,
  updateDiscount,
} from './admin-service';

/** The back office's discounts (decision 049): staff and owner read; only the owner writes. */
export const adminDiscountRoutes: FastifyPluginAsyncZod<{
  db: Database;
  auth: Authenticator;
  /** An automatic discount's price shows on products (decision 052): each write drops the caches. */
  onCatalogChanged: () => void;
}> = async (app, { db, auth, onCatalogChanged }) => {
  // Before the answer leaves, so the owner's next look at the shop already sees the change.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && reply.statusCode < 400) onCatalogChanged();
    return payload;
  });
  app.get(
    '/api/admin/discounts',
    { schema: { response: responses({ 200: adminDiscountListSchema }) } },
    async (request) => {
      await auth.requireBackOffice(request);
      return listAdminDiscounts(db);
    },
  );

  app.get(
    '/api/admin/discounts/:id',
    { schema: { params: discountIdParams, response: responses({ 200: adminDiscountSchema }) } },
    async (request) => {
      await auth.requireBackOffice(request);
      return getAdminDiscount(db, request.params.id);
    },
  );

  app.post(
    '/api/admin/discounts',
    { schema: { body: discountWriteSchema, response: responses({ 201: adminDiscountSchema }) } },
    async (request, reply) => {
      const { user } = await auth.requireBackOffice(request, { owner: true });
      const id = await createDiscount(db, request.body, backOfficeActor(user, request));
      return reply.code(201).send(await getAdminDiscount(db, id));
    },
  );

  app.put(
    '/api/admin/discounts/:id',
    {
      schema: {
        params: discountIdParams,
        body: discountWriteSchema,
        response: responses({ 200: adminDiscountSchema }),
      },
    },
    async (request) => {
      const { user } = await auth.requireBackOffice(request, { owner: true });
      await updateDiscount(db, request.params.id, request.body, backOfficeActor(user, request));
      return getAdminDiscount(db, request.params.id);
    },
  );

  for (const [action, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const)
    app.post(
      `/api/admin/discounts/:id/${action}`,
      { schema: { params: discountIdParams, response: responses({ 200: adminDiscountSchema }) } },
      async (request) => {
        const { user } = await auth.requireBackOffice(request, { owner: true });
        await setDiscountActive(db, request.params.id, active, backOfficeActor(user, request));
        return getAdminDiscount(db, request.params.id);
      },
    );

  app.post(
    '/api/admin/discounts/:id/duplicate',
    { schema: { params: discountIdParams, response: responses({ 201: adminDiscountSchema }) } },
    async (request, reply) => {
      const { user } = await auth.requireBackOffice(request, { owner: true });
      const id = await duplicateDiscount(db, request.params.id, backOfficeActor(user, request));
      return reply.code(201).send(await getAdminDiscount(db, id));
    },
  );

  app.post(
    '/api/admin/discounts/:id/codes',
    {
      schema: {
        params: discountIdParams,
        body: bulkCodesRequestSchema,
        response: responses({ 201: bulkCodesResponseSchema }),
      },
    },
    async (request, reply) => {
      const { user } = await auth.requireBackOffice(request, { owner: true });
      const generated = await generateCodes(
        db,
        request.params.id,
        request.body,
        backOfficeActor(user, request),
      );
      return reply
        .code(201)
        .send({ generated, discount: await getAdminDiscount(db, request.params.id) });
    },
  );

  app.get(
    '/api/admin/discounts/:id/codes.csv',
    { schema: { params: discountIdParams } },
    async (request, reply) => {
      await auth.requireBackOffice(request);
      const csv = await bulkCodesCsv(db, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="discount-codes-${request.params.id}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/api/admin/discounts/:id/report',
    { schema: { params: discountIdParams, response: responses({ 200: discountReportSchema }) } },
    async (request) => {
      await auth.requireBackOffice(request);
      return discountReport(db, request.params.id);
    },
  );
};

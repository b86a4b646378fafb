import { z } from 'zod';
import { productIdSchema, productListQuerySchema } from '@shop/shared/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogReader } from './catalog-reader';
import { readListingQuery } from './service';

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogReader }> = async (
  app,
  { catalog },
) => {
  app.get(
    '/api/products',
    { schema: { querystring: productListQuerySchema } },
    async (request, reply) =>
      reply
        .type('application/json')
        .send(await catalog.listingJson(readListingQuery(request.query))),
  );

  app.get(
    '/api/products/:id',
    { schema: { params: z.object({ id: productIdSchema }) } },
    async (request, reply) =>
      reply.type('application/json').send(await catalog.productJson(request.params.id)),
  );
};

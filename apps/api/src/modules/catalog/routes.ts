import { z } from 'zod';
import {
  productCardListSchema,
  productCardPageSchema,
  productCardsQuerySchema,
  productIdSchema,
  productListQuerySchema,
  productListSchema,
  productSchema,
  type Product,
  type ProductCardList,
  type ProductCardPage,
  type ProductList,
} from '@shop/shared/catalog';
import { responses } from '@shop/shared/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchLog } from '../search/search-log';
import type { CatalogReader } from './catalog-reader';
import { readCardsQuery, readListingQuery } from './service';

/**
 * The reader's JSON, encoded with the route's response schema when it was cached (see
 * catalog-reader.ts). Fastify sends a JSON string as it is, so only its type is the answer's.
 */
const preEncoded = <Answer>(json: string) => json as unknown as Answer;

export const catalogRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogReader;
  /** Counts keyword searches for the Searches report (decision 056); the answers are unchanged. */
  searchLog: Pick<SearchLog, 'listed'>;
}> = async (app, { catalog, searchLog }) => {
  app.get(
    '/api/products',
    {
      schema: {
        querystring: productListQuerySchema,
        response: responses({ 200: productListSchema }),
      },
    },
    async (request, reply) => {
      const listing = readListingQuery(request.query);
      const { json, total } = await catalog.listing(listing);
      searchLog.listed(listing, total);
      return reply.type('application/json').send(preEncoded<ProductList>(json));
    },
  );

  // The home carousels' cards (decision 051): what a card shows, no variants, no count.
  app.get(
    '/api/product-cards',
    {
      schema: {
        querystring: productCardsQuerySchema,
        response: responses({ 200: productCardListSchema }),
      },
    },
    async (request, reply) =>
      reply
        .type('application/json')
        .send(preEncoded<ProductCardList>(await catalog.cardsJson(readCardsQuery(request.query)))),
  );

  // The storefront's listings (decision 051): GET /api/products's page, each product as its card.
  app.get(
    '/api/product-cards/listing',
    {
      schema: {
        querystring: productListQuerySchema,
        response: responses({ 200: productCardPageSchema }),
      },
    },
    async (request, reply) => {
      const listing = readListingQuery(request.query);
      const { json, total } = await catalog.cardPage(listing);
      searchLog.listed(listing, total);
      return reply.type('application/json').send(preEncoded<ProductCardPage>(json));
    },
  );

  app.get(
    '/api/products/:id',
    {
      schema: {
        params: z.object({ id: productIdSchema }),
        response: responses({ 200: productSchema }),
      },
    },
    async (request, reply) =>
      reply
        .type('application/json')
        .send(preEncoded<Product>(await catalog.productJson(request.params.id))),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  collectionHandleParams,
  collectionMenuSchema,
  collectionPageQuerySchema,
  collectionPageSchema,
  type CollectionMenu,
  type CollectionPage,
} from '@shop/shared/collections';
import {
  adminCollectionListSchema,
  adminCollectionSchema,
  collectionIdParams,
  collectionProductsWriteSchema,
  collectionWriteSchema,
} from '@shop/shared/admin-collections';
import { noContentSchema, responses } from '@shop/shared/responses';
import type { Authenticator } from '../accounts/authenticator';
import { backOfficeActor } from '../back-office/actor';
import type { CollectionsReader } from './collections-reader';
import {
  readCollectionQuery,
  createCollection,
  deleteCollection,
  getAdminCollection,
  listCollections,
  setCollectionProducts,
  updateCollection,
  type CollectionsContext,
} from './service';

/** The reader's JSON, already encoded with the route's response schema (collections-reader.ts). */
const preEncoded = <Answer>(json: string) => json as unknown as Answer;

/** The storefront's collection pages and header menu, and the back office's collections. */
export const collectionRoutes: FastifyPluginAsyncZod<{
  ctx: CollectionsContext;
  reader: CollectionsReader;
  auth: Authenticator;
}> = async (app, { ctx, reader, auth }) => {
  app.get(
    '/api/collections/menu',
    { schema: { response: responses({ 200: collectionMenuSchema }) } },
    async (_request, reply) =>
      reply.type('application/json').send(preEncoded<CollectionMenu>(await reader.menuJson())),
  );

  app.get(
    '/api/collections/:handle',
    {
      schema: {
        params: collectionHandleParams,
        querystring: collectionPageQuerySchema,
        response: responses({ 200: collectionPageSchema }),
      },
    },
    async (request, reply) =>
      reply
        .type('application/json')
        .send(
          preEncoded<CollectionPage>(
            await reader.pageJson(request.params.handle, readCollectionQuery(request.query)),
          ),
        ),
  );

  app.get(
    '/api/admin/collections',
    { schema: { response: responses({ 200: adminCollectionListSchema }) } },
    async (request) => {
      await auth.requireBackOffice(request);
      return listCollections(ctx.db);
    },
  );

  app.get(
    '/api/admin/collections/:id',
    { schema: { params: collectionIdParams, response: responses({ 200: adminCollectionSchema }) } },
    async (request) => {
      await auth.requireBackOffice(request);
      return getAdminCollection(ctx.db, request.params.id);
    },
  );

  app.post(
    '/api/admin/collections',
    {
      schema: { body: collectionWriteSchema, response: responses({ 201: adminCollectionSchema }) },
    },
    async (request, reply) => {
      const { user } = await auth.requireBackOffice(request);
      const id = await createCollection(ctx, request.body, backOfficeActor(user, request));
      return reply.code(201).send(await getAdminCollection(ctx.db, id));
    },
  );

  app.put(
    '/api/admin/collections/:id',
    {
      schema: {
        params: collectionIdParams,
        body: collectionWriteSchema,
        response: responses({ 200: adminCollectionSchema }),
      },
    },
    async (request) => {
      const { user } = await auth.requireBackOffice(request);
      await updateCollection(ctx, request.params.id, request.body, backOfficeActor(user, request));
      return getAdminCollection(ctx.db, request.params.id);
    },
  );

  app.put(
    '/api/admin/collections/:id/products',
    {
      schema: {
        params: collectionIdParams,
        body: collectionProductsWriteSchema,
        response: responses({ 200: adminCollectionSchema }),
      },
    },
    async (request) => {
      const { user } = await auth.requireBackOffice(request);
      await setCollectionProducts(
        ctx,
        request.params.id,
        request.body,
        backOfficeActor(user, request),
      );
      return getAdminCollection(ctx.db, request.params.id);
    },
  );

  app.delete(
    '/api/admin/collections/:id',
    { schema: { params: collectionIdParams, response: responses({ 204: noContentSchema }) } },
    async (request, reply) => {
      const { user } = await auth.requireBackOffice(request);
      await deleteCollection(ctx, request.params.id, backOfficeActor(user, request));
      return reply.code(204).send();
    },
  );
};

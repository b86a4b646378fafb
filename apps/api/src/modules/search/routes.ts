import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { responses } from '@shop/shared/responses';
import {
  suggestionsQuerySchema,
  suggestionsSchema,
  synonymListSchema,
  synonymListWriteSchema,
} from '@shop/shared/search';
import type { Database } from '../../db/client';
import type { Authenticator } from '../accounts/authenticator';
import { backOfficeActor } from '../back-office/actor';
import { getSynonyms, replaceSynonyms, suggest, type SynonymsContext } from './service';

/** The header search box's suggestions as the shopper types (issue 22). */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/search/suggestions',
    {
      schema: {
        querystring: suggestionsQuerySchema,
        response: responses({ 200: suggestionsSchema }),
      },
    },
    async (request) => suggest(db, request.query.q),
  );
};

/** The back office's search synonyms (decision 050): staff and owner read; only the owner writes. */
export const adminSearchRoutes: FastifyPluginAsyncZod<{
  ctx: SynonymsContext;
  auth: Authenticator;
}> = async (app, { ctx, auth }) => {
  app.get(
    '/api/admin/search/synonyms',
    { schema: { response: responses({ 200: synonymListSchema }) } },
    async (request) => {
      await auth.requireBackOffice(request);
      return getSynonyms(ctx.db);
    },
  );

  app.put(
    '/api/admin/search/synonyms',
    { schema: { body: synonymListWriteSchema, response: responses({ 200: synonymListSchema }) } },
    async (request) => {
      const { user } = await auth.requireBackOffice(request, { owner: true });
      return replaceSynonyms(ctx, request.body, backOfficeActor(user, request));
    },
  );
};

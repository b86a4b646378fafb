import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContentSchema, responses } from '@shop/shared/responses';
import { searchProductViewSchema, searchReportSchema } from '@shop/shared/search-report';
import {
  suggestionsQuerySchema,
  suggestionsSchema,
  synonymListSchema,
  synonymListWriteSchema,
  type Suggestions,
} from '@shop/shared/search';
import { addressKeyOf } from '../../lib/address-key';
import type { Authenticator } from '../accounts/authenticator';
import { backOfficeActor } from '../back-office/actor';
import type { ActionLimiter } from '../rate-limits/service';
import type { SearchLog } from './search-log';
import { getSearchReport, getSynonyms, replaceSynonyms, type SynonymsContext } from './service';

/** A shopper opens a few products per search: plenty, and a script cannot inflate the report much. */
const PRODUCT_VIEW_LIMIT = { action: 'search-view', max: 120, windowMs: 60 * 60_000 };

/**
 * The header search box's suggestions as the shopper types (issue 22), and the product pages a
 * search led to (the Searches report, decision 056).
 */
export const searchRoutes: FastifyPluginAsyncZod<{
  /** What has been typed, suggested and priced (flows/suggestions.ts). */
  suggestions: (typed: string) => Promise<Suggestions>;
  searchLog: SearchLog;
  limit: ActionLimiter;
}> = async (app, { suggestions, searchLog, limit }) => {
  app.get(
    '/api/search/suggestions',
    {
      schema: {
        querystring: suggestionsQuerySchema,
        response: responses({ 200: suggestionsSchema }),
      },
    },
    async (request) => suggestions(request.query.q),
  );

  // Counted only for a query already searched today: nothing of who viewed is kept (decision 056).
  app.post(
    '/api/search/product-views',
    { schema: { body: searchProductViewSchema, response: responses({ 204: noContentSchema }) } },
    async (request, reply) => {
      await limit(PRODUCT_VIEW_LIMIT, addressKeyOf(request.ip));
      searchLog.viewed(request.body.query);
      return reply.code(204).send();
    },
  );
};

/** The back office's search synonyms (decision 050): staff and owner read; only the owner writes. */
export const adminSearchRoutes: FastifyPluginAsyncZod<{
  ctx: SynonymsContext;
  auth: Authenticator;
  /** The shop's clock: the report's last day is today. */
  now: () => number;
}> = async (app, { ctx, auth, now }) => {
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

  // The Searches report (decision 056): the last 30 days, read by staff and owner.
  app.get(
    '/api/admin/search/report',
    { schema: { response: responses({ 200: searchReportSchema }) } },
    async (request) => {
      await auth.requireBackOffice(request);
      return getSearchReport(ctx.db, new Date(now()));
    },
  );
};

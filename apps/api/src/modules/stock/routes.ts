import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  stockAdjustRequestSchema,
  stockMovementsQuerySchema,
  stockMovementsResponseSchema,
  stockThresholdRequestSchema,
  variantStockResponseSchema,
} from '@shop/shared/admin-catalog';
import { responses } from '@shop/shared/responses';
import type { Authenticator } from '../accounts/authenticator';
import { backOfficeActor } from '../back-office/actor';
import {
  adjustStock,
  listStockMovements,
  setLowStockThreshold,
  type StockContext,
} from './service';

/** The stock ledger in the back office (owner or staff): adjust, set thresholds, read movements. */
export const stockRoutes: FastifyPluginAsyncZod<{
  ctx: StockContext;
  auth: Authenticator;
}> = async (app, { ctx, auth }) => {
  app.post(
    '/api/admin/stock/adjust',
    {
      schema: {
        body: stockAdjustRequestSchema,
        response: responses({ 200: variantStockResponseSchema }),
      },
    },
    async (request) => {
      const { user } = await auth.requireBackOffice(request);
      return adjustStock(ctx, request.body, backOfficeActor(user, request));
    },
  );

  app.put(
    '/api/admin/stock/threshold',
    {
      schema: {
        body: stockThresholdRequestSchema,
        response: responses({ 200: variantStockResponseSchema }),
      },
    },
    async (request) => {
      const { user } = await auth.requireBackOffice(request);
      return setLowStockThreshold(ctx, request.body, backOfficeActor(user, request));
    },
  );

  app.get(
    '/api/admin/stock/movements',
    {
      schema: {
        querystring: stockMovementsQuerySchema,
        response: responses({ 200: stockMovementsResponseSchema }),
      },
    },
    async (request) => {
      await auth.requireBackOffice(request);
      return listStockMovements(ctx.db, request.query);
    },
  );
};

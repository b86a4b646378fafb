import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  paypalConfigSchema,
  shopConfigSchema,
  type PaypalConfig,
  type ShopConfig,
} from '@shop/shared/catalog';
import { responses } from '@shop/shared/responses';
import type { Env } from '../../env';
import { shopConfigOf } from './service';

export const configRoutes: FastifyPluginAsyncZod<{ env: Env }> = async (app, { env }) => {
  // The wallet provider's script is loaded only when a client id is configured.
  app.get(
    '/api/config/paypal',
    { schema: { response: responses({ 200: paypalConfigSchema }) } },
    async (): Promise<PaypalConfig> => ({
      clientId: env.PAYPAL_CLIENT_ID ?? '',
    }),
  );

  app.get(
    '/api/config/shop',
    { schema: { response: responses({ 200: shopConfigSchema }) } },
    async (): Promise<ShopConfig> => shopConfigOf(env),
  );
};

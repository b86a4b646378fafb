import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaypalConfig, ShopConfig } from '@shop/shared/catalog';
import type { Env } from '../../env';
import { shopConfigOf } from './service';

export const configRoutes: FastifyPluginAsyncZod<{ env: Env }> = async (app, { env }) => {
  // The wallet provider's script is loaded only when a client id is configured.
  app.get('/api/config/paypal', async (): Promise<PaypalConfig> => ({
    clientId: env.PAYPAL_CLIENT_ID ?? '',
  }));

  app.get('/api/config/shop', async (): Promise<ShopConfig> => shopConfigOf(env));
};

import type { FastifyPluginAsync } from 'fastify';
import { webhookReceiptSchema } from '@shop/shared/payments-responses';
import { responses } from '@shop/shared/responses';
import { AppError } from '../../errors';
import type { OrdersContext } from '../orders/service';
import { InvalidWebhookError, type PaymentProvider } from './provider';
import { handlePaymentEvent } from '../../flows/payment-events';

/** POST /api/payments/webhook: the raw body is kept, since the signature is over its exact bytes. */
export const webhookRoutes: FastifyPluginAsync<{
  ctx: OrdersContext;
  provider: PaymentProvider;
  /**
   * The flood guard's per-address limit, counted for the webhook apart from other calls. The
   * provider delivers from a few addresses and retries any refused event (Stripe: with backoff,
   * for 3 days), so a 429 delays an event but never loses it; no exemption is needed.
   */
  requestsPerMinute: number;
}> = async (app, { ctx, provider, requestsPerMinute }) => {
  // Only in this plugin's scope: every content type arrives as the exact bytes that were signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (_request, body, done) => done(null, body),
  );

  const rateLimit = { max: requestsPerMinute, timeWindow: '1 minute' };
  app.post(
    '/api/payments/webhook',
    { config: { rateLimit }, schema: { response: responses({ 200: webhookReceiptSchema }) } },
    async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event;
      try {
        event = provider.readWebhook(rawBody, request.headers);
      } catch (error) {
        if (error instanceof InvalidWebhookError) {
          request.log.warn({ reason: error.message }, 'refused a payment webhook');
          throw new AppError('invalid', 'Invalid webhook signature');
        }
        throw error;
      }
      const outcome = await handlePaymentEvent(ctx, provider, event, request.log);
      return { received: true, outcome };
    },
  );
};

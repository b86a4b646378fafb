import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  checkoutCancelPath,
  findOrder,
  orderIdOfPaymentSession,
  type OrdersContext,
} from '../orders/service';
import {
  TEST_CHECKOUT_SIGNATURE_HEADER,
  type createTestCheckoutProvider,
} from './test-checkout-provider';
import { TEST_CHECKOUT_CSS, testCheckoutClosedPage, testCheckoutPage } from './test-checkout-page';

const sessionParams = z.object({ sessionId: z.string().regex(/^tcs_[A-Za-z0-9_-]{10,60}$/) });

/**
 * The built-in hosted checkout (no card provider configured): a page with Pay and Cancel.
 * Both send a signed event through POST /api/payments/webhook, the same path as a real provider's.
 */
export const testCheckoutRoutes: FastifyPluginAsync<{
  ctx: OrdersContext;
  provider: ReturnType<typeof createTestCheckoutProvider>;
}> = async (app, { ctx, provider }) => {
  // The Pay and Cancel buttons post plain forms with nothing in them worth reading.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { bodyLimit: 1024 },
    (_request, payload, done) => {
      payload.resume();
      payload.on('end', () => done(null, {}));
    },
  );
  app.get('/test-checkout/style.css', async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(TEST_CHECKOUT_CSS),
  );

  const orderOfSession = async (sessionId: string) => {
    const orderId = await orderIdOfPaymentSession(ctx.db, sessionId);
    return orderId ? findOrder(ctx.db, orderId) : undefined;
  };

  app.get('/test-checkout/:sessionId', async (request, reply) => {
    const params = sessionParams.safeParse(request.params);
    const order = params.success ? await orderOfSession(params.data.sessionId) : undefined;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!order || !params.success)
      return reply.code(404).send(testCheckoutClosedPage('This checkout does not exist.'));
    if (order.status !== 'pending_payment')
      return reply.send(testCheckoutClosedPage('This checkout is closed.'));
    return reply.send(testCheckoutPage(order, params.data.sessionId));
  });

  for (const [action, type] of [
    ['pay', 'checkout.completed'],
    ['cancel', 'checkout.cancelled'],
  ] as const) {
    app.post(`/test-checkout/:sessionId/${action}`, async (request, reply) => {
      const params = sessionParams.safeParse(request.params);
      const order = params.success ? await orderOfSession(params.data.sessionId) : undefined;
      if (!order || !params.success) {
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(testCheckoutClosedPage('This checkout does not exist.'));
      }
      const { body, signature } = provider.signedEvent(type, params.data.sessionId);
      const delivered = await app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload: body,
        headers: {
          'content-type': 'application/json',
          [TEST_CHECKOUT_SIGNATURE_HEADER]: signature,
        },
      });
      if (delivered.statusCode !== 200) {
        request.log.error(
          { status: delivered.statusCode, body: delivered.body },
          'test checkout event was refused',
        );
        return reply
          .code(502)
          .type('text/html; charset=utf-8')
          .send(testCheckoutClosedPage('The payment could not be recorded.'));
      }
      const target =
        action === 'pay'
          ? `/successfulorder?session_id=${encodeURIComponent(params.data.sessionId)}`
          : checkoutCancelPath(ctx, order.id);
      return reply.redirect(target, 303);
    });
  }
};

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { InvalidWebhookError, type PaymentEvent, type PaymentProvider } from './provider';

export const TEST_CHECKOUT_SIGNATURE_HEADER = 'x-test-checkout-signature';
/** Events older than this are refused, so a captured one cannot be replayed later. */
const SIGNATURE_TOLERANCE_S = 300;

const testEventSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(['checkout.completed', 'checkout.cancelled', 'checkout.expired']),
  sessionId: z.string().min(1).max(100),
});
export type TestCheckoutEvent = z.infer<typeof testEventSchema>;

function sign(secret: Uint8Array, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * The built-in hosted checkout for running the shop without a card provider: its page lives at
 * /test-checkout/:sessionId and its events are signed like Stripe's and go through the same webhook.
 */
export function createTestCheckoutProvider(options: {
  secret: Uint8Array;
  appUrl: string;
}): PaymentProvider & {
  signedEvent(
    type: TestCheckoutEvent['type'],
    sessionId: string,
    now?: number,
  ): { body: string; signature: string };
} {
  return {
    name: 'test-checkout',
    async createCheckoutSession() {
      const id = `tcs_${randomBytes(18).toString('base64url')}`;
      return { id, url: `${options.appUrl}/test-checkout/${id}` };
    },

    // Nothing to tell: the test checkout's page closes once its order is no longer awaiting payment.
    async expireCheckoutSession() {
      return true;
    },

    // No money moved, so none goes back: the refund is recorded with an id of its own. The id
    // follows from the idempotency key, as Stripe answers a repeated key with the refund it made.
    // It never refuses (a refusal would be a RefundRefusedError).
    async refund(input) {
      const id = createHmac('sha256', options.secret).update(`refund:${input.idempotencyKey}`);
      return { id: `tre_${id.digest('base64url').slice(0, 24)}` };
    },

    // Its events never tell of a refund (no charge.refunded), so nothing asks for these.
    async refundsOfPayment() {
      return [];
    },

    signedEvent(type, sessionId, now = Date.now()) {
      const body = JSON.stringify({
        id: `tevt_${randomBytes(18).toString('base64url')}`,
        type,
        sessionId,
      });
      const timestamp = Math.floor(now / 1000);
      return { body, signature: `t=${timestamp},v1=${sign(options.secret, timestamp, body)}` };
    },

    readWebhook(rawBody, headers): PaymentEvent {
      const header = headers[TEST_CHECKOUT_SIGNATURE_HEADER];
      const match = typeof header === 'string' ? /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) : null;
      if (!match) throw new InvalidWebhookError('missing or malformed signature');
      const timestamp = Number(match[1]);
      const expected = Buffer.from(
        sign(options.secret, timestamp, rawBody.toString('utf8')),
        'hex',
      );
      const given = Buffer.from(match[2] ?? '', 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new InvalidWebhookError('signature does not match');
      }
      if (Math.abs(Date.now() / 1000 - timestamp) > SIGNATURE_TOLERANCE_S)
        throw new InvalidWebhookError('signature too old');
      const parsed = testEventSchema.safeParse(JSON.parse(rawBody.toString('utf8')));
      if (!parsed.success) throw new InvalidWebhookError('not a test checkout event');
      const event = parsed.data;
      return {
        id: event.id,
        type: event.type,
        kind: event.type === 'checkout.completed' ? 'paid' : 'closed',
        sessionId: event.sessionId,
        ...(event.type === 'checkout.completed'
          ? { paymentReference: `tpay_${event.sessionId}` }
          : {}),
      };
    },
  };
}

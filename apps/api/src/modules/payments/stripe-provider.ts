import Stripe from 'stripe';
import {
  InvalidWebhookError,
  RefundRefusedError,
  type CheckoutSessionInput,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderRefund,
} from './provider';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its calls; tests point it at a local stand-in for Stripe's API. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...options.api,
  });

  return {
    name: 'stripe',
    async createCheckoutSession(input: CheckoutSessionInput) {
      const charge = (name: string, cents: number, qty = 1) => ({
        quantity: qty,
        price_data: { currency: 'usd', unit_amount: cents, product_data: { name } },
      });
      // The discount as a one-time coupon of its amount: Stripe shows it by name and charges
      // lines - discount + shipping + tax, which is the order's total to the cent.
      const coupon =
        input.discount && input.discount.cents > 0
          ? await stripe.coupons.create(
              {
                amount_off: input.discount.cents,
                currency: 'usd',
                duration: 'once',
                name: input.discount.title.slice(0, 40),
                max_redemptions: 1,
                metadata: { orderId: input.orderId },
              },
              { idempotencyKey: `checkout-coupon-${input.orderId}` },
            )
          : undefined;
      const session = await stripe.checkout.sessions.create(
        {
          ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
          mode: 'payment',
          client_reference_id: input.orderId,
          customer_email: input.customerEmail,
          metadata: { orderId: input.orderId },
          payment_intent_data: { metadata: { orderId: input.orderId } },
          line_items: [
            ...input.lines.map((line) => charge(line.name, line.unitPriceCents, line.qty)),
            ...(input.shippingCents > 0 ? [charge('Shipping', input.shippingCents)] : []),
            ...(input.taxCents > 0
              ? [charge(`Sales tax (${(input.taxRateBp ?? 700) / 100}%)`, input.taxCents)]
              : []),
          ],
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        // A retried request for the same order gets the same session, never a second one.
        { idempotencyKey: `checkout-session-${input.orderId}` },
      );
      if (!session.url) throw new Error(`Stripe answered session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },

    async expireCheckoutSession(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return true;
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open (completed or expired).
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return false;
        throw error;
      }
    },

    async refund(input) {
      if (!input.paymentReference)
        throw new RefundRefusedError(
          `order ${input.orderId} has no Stripe PaymentIntent to refund`,
        );
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.paymentReference,
            amount: input.amountCents,
            // refundId: charge.refunded is matched to the shop's pending refund by it.
            metadata: { orderId: input.orderId, refundId: input.refundId },
          },
          // Retries (the SDK's own, or a repeated request) refund once.
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: refund.id };
      } catch (error) {
        if (isRefusal(error)) throw new RefundRefusedError(error.message, { cause: error });
        throw error;
      }
    },

    async refundsOfPayment(paymentReference) {
      const found: ProviderRefund[] = [];
      for await (const refund of stripe.refunds.list({
        payment_intent: paymentReference,
        limit: 100,
      }))
        found.push({
          id: refund.id,
          amountCents: refund.amount,
          status: PROVIDER_REFUND_STATUSES.includes(refund.status as ProviderRefund['status'])
            ? (refund.status as ProviderRefund['status'])
            : 'other',
          refundId: refund.metadata?.refundId,
        });
      return found;
    },

    readWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string')
        throw new InvalidWebhookError('missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new InvalidWebhookError(error instanceof Error ? error.message : 'bad signature');
      }
      return toPaymentEvent(event);
    },
  };
}

const PROVIDER_REFUND_STATUSES: ProviderRefund['status'][] = ['succeeded', 'pending', 'failed'];
/** Conflicts and limits Stripe reports as request errors: nothing was decided, ask again. */
const NOT_A_REFUSAL = new Set(['idempotency_key_in_use', 'lock_timeout', 'rate_limit']);

/**
 * Stripe definitely refused the refund (a card or request error about the refund itself, e.g. a
 * disputed charge or more than was paid): anything else (a timeout, a reset connection, a 5xx, a
 * 409 conflict on the key, a rate limit) may have refunded, so it is not a refusal.
 */
function isRefusal(error: unknown): error is Stripe.errors.StripeError {
  if (
    !(error instanceof Stripe.errors.StripeInvalidRequestError) &&
    !(error instanceof Stripe.errors.StripeCardError)
  )
    return false;
  const status = error.statusCode ?? 0;
  return [400, 402, 404].includes(status) && !NOT_A_REFUSAL.has(error.code ?? '');
}

const idOf = (ref: string | { id: string } | null | undefined) =>
  typeof ref === 'string' ? ref : (ref?.id ?? undefined);

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // A delayed payment method completes the session unpaid; its success comes as its own event.
      const kind =
        session.payment_status === 'paid' || session.payment_status === 'no_payment_required'
          ? 'paid'
          : 'ignored';
      return {
        ...base,
        kind,
        orderId: session.metadata?.orderId ?? session.client_reference_id ?? undefined,
        sessionId: session.id,
        paymentReference: idOf(session.payment_intent),
      };
    }
    case 'charge.refunded': {
      // Refunds made at Stripe (the dashboard) too: the shop records what it does not know yet.
      const charge = event.data.object;
      return {
        ...base,
        kind: 'refunded',
        orderId: charge.metadata?.orderId ?? undefined,
        paymentReference: idOf(charge.payment_intent),
        amountRefundedCents: charge.amount_refunded,
      };
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      return {
        ...base,
        kind: 'closed',
        orderId: session.metadata?.orderId ?? session.client_reference_id ?? undefined,
        sessionId: session.id,
      };
    }
    default:
      return { ...base, kind: 'ignored' };
  }
}

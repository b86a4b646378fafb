/** What a hosted checkout needs to show and charge: prices come from the database, never the client. */
export interface CheckoutSessionInput {
  orderId: string;
  customerEmail: string;
  lines: { name: string; qty: number; unitPriceCents: number }[];
  /** Taken off the items by the order's discount (decision 047): the provider shows it. */
  discount?: { title: string; cents: number } | undefined;
  shippingCents: number;
  taxCents: number;
  /** The rate the tax was charged at, in basis points (decision 041); 7 % when not said. */
  taxRateBp?: number | undefined;
  totalCents: number;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

/** A provider's event, reduced to what the shop acts on. */
export interface PaymentEvent {
  id: string;
  /**
   * paid: the money is ours; closed: the session ended unpaid (expired or cancelled);
   * refunded: money went back at the provider (e.g. from Stripe's dashboard).
   */
  kind: 'paid' | 'closed' | 'refunded' | 'ignored';
  type: string;
  orderId?: string | undefined;
  sessionId?: string | undefined;
  /** The provider's id of the payment (Stripe: the PaymentIntent), on paid and refunded events. */
  paymentReference?: string | undefined;
  /** On refunded events: everything refunded of the payment so far, in cents. */
  amountRefundedCents?: number | undefined;
}

/** Money back for (part of) an order's payment. */
export interface RefundInput {
  orderId: string;
  /** The payment to refund; null for an order paid before references were kept. */
  paymentReference: string | null;
  amountCents: number;
  /** The shop's refund id, kept with the provider's refund so its events can be matched to it. */
  refundId: string;
  /** The same key for a retried request: the provider refunds once. */
  idempotencyKey: string;
}

/** A refund the provider holds for a payment, as it reports it. */
export interface ProviderRefund {
  id: string;
  amountCents: number;
  status: 'succeeded' | 'pending' | 'failed' | 'other';
  /** The shop's refund id it was made for; undefined for one made at the provider (dashboard). */
  refundId: string | undefined;
}

/**
 * The provider definitely refused a refund (e.g. a disputed charge): no money went back and none
 * will for this request. Any other error from `refund` leaves the outcome unknown.
 */
export class RefundRefusedError extends Error {
  override name = 'RefundRefusedError';
}

export class InvalidWebhookError extends Error {
  override name = 'InvalidWebhookError';
}

export interface PaymentProvider {
  name: 'stripe' | 'test-checkout';
  createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; url: string }>;
  /**
   * Ends an open checkout at once (the shopper left through its cancel link). Answers false when
   * the session is no longer open (paid, or already ended): then its own event decides.
   */
  expireCheckoutSession(sessionId: string): Promise<boolean>;
  /**
   * Gives money back. Throws RefundRefusedError when the provider definitely refused; any other
   * error (a timeout, a reset connection, a 5xx, a conflict, a rate limit) means the refund may
   * or may not have been made: ask again with the same idempotency key to know.
   */
  refund(input: RefundInput): Promise<{ id: string }>;
  /** Every refund the provider holds for a payment (its PaymentIntent at Stripe). */
  refundsOfPayment(paymentReference: string): Promise<ProviderRefund[]>;
  /** Checks the signature over the raw body first; throws InvalidWebhookError when it does not hold. */
  readWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): PaymentEvent;
}

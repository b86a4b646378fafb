/** What a hosted checkout needs to show and charge: prices come from the database, never the client. */
export interface CheckoutSessionInput {
  orderId: string;
  customerEmail: string;
  lines: { name: string; qty: number; unitPriceCents: number }[];
  shippingCents: number;
  taxCents: number;
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
  /** The same key for a retried request: the provider refunds once. */
  idempotencyKey: string;
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
  /** Gives money back; throws when the provider refuses or cannot be reached. */
  refund(input: RefundInput): Promise<{ id: string }>;
  /** Checks the signature over the raw body first; throws InvalidWebhookError when it does not hold. */
  readWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): PaymentEvent;
}

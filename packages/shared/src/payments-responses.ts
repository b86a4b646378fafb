import * as z from 'zod/mini';

/** What a payment provider's event did to the shop's order (for the provider's delivery log). */
export const PAYMENT_EVENT_OUTCOMES = [
  'paid',
  'closed',
  'refunded',
  'duplicate',
  'ignored',
  'no-change',
  'unknown-order',
] as const;

/** POST /api/payments/webhook */
export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(PAYMENT_EVENT_OUTCOMES),
});

import type { FastifyBaseLogger } from 'fastify';
import {
  closeUnpaidOrder,
  markOrderPaid,
  orderIdOfPaymentSession,
  type OrdersContext,
} from '../orders/service';
import type { PaymentEvent, PaymentProvider } from './provider';
import { recordPaymentEvent } from './repository';

export type EventOutcome =
  'paid' | 'closed' | 'duplicate' | 'ignored' | 'no-change' | 'unknown-order';

/**
 * Acts on a verified provider event exactly once: the event id is recorded in the same
 * transaction as its effect, so a retried delivery finds it and changes nothing.
 */
export async function handlePaymentEvent(
  ctx: OrdersContext,
  provider: PaymentProvider,
  event: PaymentEvent,
  log: FastifyBaseLogger,
): Promise<EventOutcome> {
  const orderId =
    event.orderId ??
    (event.sessionId ? await orderIdOfPaymentSession(ctx.db, event.sessionId) : undefined);
  const outcome = await ctx.db.transaction(async (tx): Promise<EventOutcome> => {
    const fresh = await recordPaymentEvent(tx, {
      provider: provider.name,
      eventId: event.id,
      type: event.type,
      orderId: orderId ?? null,
    });
    if (!fresh) return 'duplicate';
    if (event.kind === 'ignored') return 'ignored';
    if (!orderId) return 'unknown-order';
    if (event.kind === 'paid')
      return (await markOrderPaid(ctx, tx, orderId)) ? 'paid' : 'no-change';
    const outcome = event.type.includes('expired') ? 'expired' : 'cancelled';
    return (await closeUnpaidOrder(tx, orderId, outcome)) ? 'closed' : 'no-change';
  });

  if (outcome === 'paid') ctx.wakeMail();
  if (outcome === 'closed') ctx.onStockChanged();
  if (outcome === 'no-change' && event.kind === 'paid') {
    // Paid after the hold ran out: the money is taken but the stock may be sold. A person must look.
    log.error(
      { orderId, eventId: event.id },
      'payment arrived for an order that is no longer awaiting payment',
    );
  } else {
    log.info({ orderId, eventId: event.id, type: event.type, outcome }, 'payment event');
  }
  return outcome;
}

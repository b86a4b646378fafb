import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client';
import { AppError } from '../errors';
import {
  orderIdOfPayment,
  orderIdOfPaymentSession,
  type OrdersContext,
} from '../modules/orders/service';
import { closeUnpaidOrder, markOrderPaid } from './order-holds';
import { recordProviderRefund } from './refund-recovery';
import type { PaymentEvent, PaymentProvider } from '../modules/payments/provider';
import { recordPaymentEvent } from '../modules/payments/service';

export type EventOutcome =
  'paid' | 'closed' | 'refunded' | 'duplicate' | 'ignored' | 'no-change' | 'unknown-order';

/** The order an event is about: named in it, or found by its session or its payment. */
async function orderOfEvent(db: Executor, event: PaymentEvent): Promise<string | undefined> {
  if (event.orderId) return event.orderId;
  if (event.sessionId) return orderIdOfPaymentSession(db, event.sessionId);
  if (event.paymentReference) return orderIdOfPayment(db, event.paymentReference);
  return undefined;
}

/** The payment's refunds at the provider; when it cannot be asked, the event is refused (sent again later). */
async function refundsAtProvider(provider: PaymentProvider, paymentReference: string) {
  try {
    return await provider.refundsOfPayment(paymentReference);
  } catch (error) {
    throw new AppError(
      'bad_gateway',
      'The payment provider could not list the refunds; send the event again',
      {},
      error,
    );
  }
}

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
  const orderId = await orderOfEvent(ctx.db, event);
  // Which refunds the provider made, asked before the transaction (no lock held over the network).
  const providerRefunds =
    event.kind === 'refunded' && event.paymentReference
      ? await refundsAtProvider(provider, event.paymentReference)
      : [];
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
      return (await markOrderPaid(ctx, tx, orderId, event.paymentReference)) ? 'paid' : 'no-change';
    if (event.kind === 'refunded')
      return (await recordProviderRefund(
        ctx,
        tx,
        orderId,
        event.amountRefundedCents ?? 0,
        providerRefunds,
      ))
        ? 'refunded'
        : 'no-change';
    const outcome = event.type.includes('expired') ? 'expired' : 'cancelled';
    return (await closeUnpaidOrder(tx, orderId, outcome)) ? 'closed' : 'no-change';
  });

  if (outcome === 'paid' || outcome === 'refunded') ctx.wakeMail();
  // A refund settled from its event may have put units back.
  if (outcome === 'closed' || outcome === 'refunded') ctx.onStockChanged();
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

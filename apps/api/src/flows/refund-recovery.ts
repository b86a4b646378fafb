import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client';
import { findOrder, lockOrder, moveOrder, type OrdersContext } from '../modules/orders/service';
import type { ProviderRefund } from '../modules/payments/provider';
import {
  REFUNDABLE,
  claimPendingRefund,
  insertRefund,
  refundRowsOfOrder,
  statusAfterRefund,
} from '../modules/refunds/service';
import { askAndSettle, settleSucceeded, type RefundsContext } from './refund-settlement';

/**
 * A refund pending this long was interrupted (its process died between asking and recording):
 * the request that asked for it has given up by then (the provider's client times out well
 * before), so the sweep and the request do not ask at the same time.
 */
export const PENDING_REFUND_GRACE_MS = 5 * 60_000;
/**
 * Stripe keeps an idempotency key for at least 24 hours: a refund pending longer than this is not
 * asked again (a forgotten key would refund twice). It waits for a person or its charge.refunded.
 */
export const PENDING_REFUND_MAX_AGE_MS = 23 * 60 * 60_000;
/**
 * How long a sweep keeps the refund it is asking for, so no other sweep asks for it at the same
 * time: well past one refund's worst-case call (Stripe's client: 20 s, 3 tries, with backoff).
 */
const CLAIM_MS = 5 * 60_000;
/** Refunds one sweep asks for; the next sweep takes the rest. */
const SWEEP_BATCH = 20;

/**
 * Finishes refunds left pending by an interrupted request: asks the provider again with the same
 * idempotency key (it answers the refund it already made, or makes it now) and settles each as the
 * request would have (audit, mail, restock, status), or marks it failed when the provider refuses;
 * when the provider's answer is unknown the refund stays pending for a later sweep. Safe on every
 * process at once: each refund is claimed by one sweep (SKIP LOCKED) just before it is asked for,
 * for longer than asking takes, and settling is guarded by the refund still being pending.
 */
export async function recoverPendingRefunds(
  ctx: RefundsContext,
  now: () => Date,
  log: FastifyBaseLogger,
): Promise<void> {
  const tried: string[] = [];
  while (tried.length < SWEEP_BATCH) {
    const at = now().getTime();
    const refund = await claimPendingRefund(ctx.db, {
      createdAfter: new Date(at - PENDING_REFUND_MAX_AGE_MS),
      createdBefore: new Date(at - PENDING_REFUND_GRACE_MS),
      now: new Date(at),
      until: new Date(at + CLAIM_MS),
      skip: tried,
    });
    if (!refund) return;
    tried.push(refund.id);
    const order = await findOrder(ctx.db, refund.orderId);
    if (!order) continue;
    const about = { refundId: refund.id, orderId: order.id };
    try {
      const outcome = await askAndSettle(ctx, refund, order, ' (finished after an interruption)');
      if (outcome === 'succeeded') log.info(about, 'finished an interrupted refund');
      else log.warn(about, 'the payment provider refused an interrupted refund');
    } catch (error) {
      log.error(
        { ...about, err: error },
        'interrupted refund still unconfirmed; asked again later',
      );
    }
  }
}

/**
 * A provider's event that money went back (`amountRefundedCents` is the payment's running total),
 * in the event's transaction, with the refunds the provider lists for the payment (asked before
 * the transaction). A pending refund is settled only when the provider lists a succeeded refund
 * made for it (its id in the metadata), exactly as its request would have; never by amount, so a
 * refund never sent cannot be taken for another one. What the total says beyond the refunds
 * succeeded (before or now) was made at the provider (Stripe's dashboard) and is recorded as such,
 * once. Answers whether anything was recorded.
 */
export async function recordProviderRefund(
  ctx: OrdersContext,
  tx: Executor,
  orderId: string,
  amountRefundedCents: number,
  providerRefunds: ProviderRefund[],
): Promise<boolean> {
  const order = await lockOrder(tx, orderId);
  if (!order) return false;
  const rows = await refundRowsOfOrder(tx, orderId);
  let known = rows
    .filter((row) => row.status === 'succeeded')
    .reduce((sum, row) => sum + row.amountCents, 0);
  let recorded = false;
  for (const refund of rows.filter((row) => row.status === 'pending')) {
    const made = providerRefunds.find((entry) => entry.refundId === refund.id);
    // Still on its way at the provider (counted in its total already): not the dashboard's.
    if (made?.status === 'pending') known += refund.amountCents;
    if (made?.status !== 'succeeded') continue;
    if (await settleSucceeded(ctx, tx, refund, made.id, ' (confirmed by the payment provider)')) {
      known += refund.amountCents;
      recorded = true;
    }
  }
  const atProvider = amountRefundedCents - known;
  if (atProvider > 0) {
    await insertRefund(tx, {
      orderId,
      amountCents: atProvider,
      reason: 'Refunded at the payment provider',
      status: 'succeeded',
      restock: [],
      actor: null,
    });
    await moveOrder(tx, orderId, REFUNDABLE, await statusAfterRefund(tx, order));
    recorded = true;
  }
  return recorded;
}

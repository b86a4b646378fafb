import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { findOrder, lockOrder, moveOrder, type OrdersContext } from '../orders/service';
import { claimPendingRefunds, insertRefund, refundRowsOfOrder, type RefundRow } from './repository';
import {
  REFUNDABLE,
  finishRefund,
  settleSucceeded,
  statusAfterRefund,
  type RefundsContext,
} from './settlement';

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
/** How long one sweep keeps the refunds it took, so another sweep leaves them alone. */
const CLAIM_MS = 2 * 60_000;
/** Refunds one sweep takes; the next sweep takes the rest. */
const SWEEP_BATCH = 20;

/**
 * Finishes refunds left pending by an interrupted request: asks the provider again with the same
 * idempotency key (it answers the refund it already made, or makes it now) and settles each as the
 * request would have (audit, mail, restock, status), or marks it failed when the provider refuses.
 * Safe on every process at once: each refund is claimed by one sweep (SKIP LOCKED), and settling
 * is guarded by the refund still being pending. Answers how many it settled either way.
 */
export async function recoverPendingRefunds(
  ctx: RefundsContext,
  now: Date,
  log: FastifyBaseLogger,
): Promise<number> {
  const claimed = await claimPendingRefunds(ctx.db, {
    createdAfter: new Date(now.getTime() - PENDING_REFUND_MAX_AGE_MS),
    createdBefore: new Date(now.getTime() - PENDING_REFUND_GRACE_MS),
    now,
    until: new Date(now.getTime() + CLAIM_MS),
    limit: SWEEP_BATCH,
  });
  let settled = 0;
  for (const refund of claimed) {
    const order = await findOrder(ctx.db, refund.orderId);
    if (!order) continue;
    try {
      await finishRefund(ctx, refund, order, ' (finished after an interruption)');
      log.info({ refundId: refund.id, orderId: order.id }, 'finished an interrupted refund');
    } catch (error) {
      log.error(
        { err: error, refundId: refund.id, orderId: order.id },
        'interrupted refund failed',
      );
    }
    settled += 1;
  }
  return settled;
}

/**
 * A provider's event that money went back (`amountRefundedCents` is the payment's running total),
 * in the event's transaction. The part the shop does not know as succeeded settles its pending
 * refunds first, oldest first, each one whose amount it covers, exactly as their request would
 * have; what is left beyond the refunds still pending was made at the provider (Stripe's
 * dashboard) and is recorded as such, once. Answers whether anything was recorded.
 */
export async function recordProviderRefund(
  ctx: OrdersContext,
  tx: Executor,
  orderId: string,
  amountRefundedCents: number,
): Promise<boolean> {
  const order = await lockOrder(tx, orderId);
  if (!order) return false;
  const rows = await refundRowsOfOrder(tx, orderId);
  const centsOf = (list: RefundRow[]) => list.reduce((sum, row) => sum + row.amountCents, 0);
  let unknown = amountRefundedCents - centsOf(rows.filter((row) => row.status === 'succeeded'));
  let recorded = false;
  const stillPending: RefundRow[] = [];
  for (const refund of rows.filter((row) => row.status === 'pending')) {
    if (refund.amountCents <= unknown) {
      await settleSucceeded(ctx, tx, refund, null, ' (confirmed by the payment provider)');
      unknown -= refund.amountCents;
      recorded = true;
    } else {
      stillPending.push(refund);
    }
  }
  const atProvider = unknown - centsOf(stillPending);
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

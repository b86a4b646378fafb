import {
  ADMIN_ORDER_MESSAGES,
  type CancelOrderRequest,
  type RefundRecord,
  type RefundRequest,
} from '@shop/shared/admin-orders';
import { formatPrice, toCents } from '@shop/shared/money';
import type { Executor } from '../../db/client';
import type { RestockColumn } from '../../db/schema';
import { AppError } from '../../errors';
import type { AuditActor } from '../audit/service';
import type { OrderWithItems } from '../orders/repository';
import { withLockedOrder } from '../orders/service';
import { insertRefund, refundRowsOfOrder, type RefundRow } from './repository';
import { CANCELLABLE, REFUNDABLE, finishRefund, type RefundsContext } from './settlement';

export type { RefundsContext } from './settlement';

const conflict = (message: string) => new AppError('conflict', message);
const lineKey = (productId: string, variant: string) => `${productId}|${variant}`;

/** Units already given back per order line (productId|variant), by refunds that did not fail. */
function restockedSoFar(rows: RefundRow[]): Map<string, number> {
  const restocked = new Map<string, number>();
  for (const row of rows) {
    if (row.status === 'failed') continue;
    for (const line of row.restock) {
      const key = lineKey(line.productId, line.variant);
      restocked.set(key, (restocked.get(key) ?? 0) + line.qty);
    }
  }
  return restocked;
}

/**
 * Checks the restock lines against the order: each names a line of it, and never more units than
 * ordered less those already restocked. Answers them as stock rows.
 */
function restockOf(
  order: OrderWithItems,
  lines: RefundRequest['restock'],
  earlier: RefundRow[],
): RestockColumn[] {
  const restocked = restockedSoFar(earlier);
  const wanted = new Map<string, RestockColumn>();
  for (const line of lines) {
    const item = order.items.find(
      (candidate) =>
        candidate.productId === line.product &&
        candidate.size === line.size &&
        candidate.option === line.option,
    );
    if (!item) throw new AppError('invalid', ADMIN_ORDER_MESSAGES.restockNotInOrder);
    const key = lineKey(item.productId, item.variant);
    const entry = wanted.get(key) ?? { productId: item.productId, variant: item.variant, qty: 0 };
    entry.qty += line.qty;
    if (entry.qty + (restocked.get(key) ?? 0) > item.qty)
      throw conflict(ADMIN_ORDER_MESSAGES.restockTooMany);
    wanted.set(key, entry);
  }
  return [...wanted.values()];
}

/** Every unit of the order not yet restocked (a cancellation gives them all back). */
function everythingLeft(order: OrderWithItems, earlier: RefundRow[]): RestockColumn[] {
  const restocked = restockedSoFar(earlier);
  return order.items
    .map((item) => ({
      productId: item.productId,
      variant: item.variant,
      qty: item.qty - (restocked.get(lineKey(item.productId, item.variant)) ?? 0),
    }))
    .filter((line) => line.qty > 0);
}

/**
 * Writes a refund 'pending' under the order's row lock, so refunds that arrive together are
 * checked one after the other against what remains (pending ones count), on every API process.
 */
async function reserveRefund(
  ctx: RefundsContext,
  orderId: string,
  actor: AuditActor,
  plan: (
    order: OrderWithItems,
    earlier: RefundRow[],
  ) => { amountCents: number; restock: RestockColumn[] },
  request: { reason: string; cancels: boolean },
): Promise<{ refund: RefundRow; order: OrderWithItems }> {
  return withLockedOrder(ctx.db, orderId, async (tx, order) => {
    const earlier = await refundRowsOfOrder(tx, orderId);
    const { amountCents, restock } = plan(order, earlier);
    const refund = await insertRefund(tx, {
      orderId,
      amountCents,
      reason: request.reason,
      status: 'pending',
      restock,
      actor: actor.user,
      actorAddress: actor.clientAddress,
      cancels: request.cancels,
    });
    return { refund, order };
  });
}

/** POST /api/admin/orders/:id/refund (owner): part or all of what remains, through the provider. */
export async function refundOrder(
  ctx: RefundsContext,
  orderId: string,
  request: RefundRequest,
  actor: AuditActor,
): Promise<void> {
  const amountCents = toCents(request.amount);
  const pending = await reserveRefund(
    ctx,
    orderId,
    actor,
    (order, earlier) => {
      if (!REFUNDABLE.includes(order.status)) throw conflict(ADMIN_ORDER_MESSAGES.notRefundable);
      const remaining = order.totalCents - order.refundedCents;
      if (amountCents > remaining)
        throw conflict(ADMIN_ORDER_MESSAGES.refundTooLarge(formatPrice(remaining)));
      return { amountCents, restock: restockOf(order, request.restock, earlier) };
    },
    { reason: request.reason, cancels: false },
  );
  await finishRefund(ctx, pending.refund, pending.order);
}

/**
 * POST /api/admin/orders/:id/cancel (owner; paid, not shipped): refunds what remains and gives
 * every unit not yet restocked back, in one action. Once cancelled it stays so (a second → 409).
 */
export async function cancelOrder(
  ctx: RefundsContext,
  orderId: string,
  request: CancelOrderRequest,
  actor: AuditActor,
): Promise<void> {
  const pending = await reserveRefund(
    ctx,
    orderId,
    actor,
    (order, earlier) => {
      const remaining = order.totalCents - order.refundedCents;
      // Nothing left to refund means another refund or cancellation is under way or done.
      if (!CANCELLABLE.includes(order.status) || order.shippedAt !== null || remaining <= 0)
        throw conflict(ADMIN_ORDER_MESSAGES.notCancellable);
      return { amountCents: remaining, restock: everythingLeft(order, earlier) };
    },
    { reason: request.reason, cancels: true },
  );
  await finishRefund(ctx, pending.refund, pending.order);
}

/**
 * The refunds of an order that stand, oldest first, for the back office: succeeded, or pending
 * (asked for and not yet answered by the provider: shown as such, never as done); and the units of
 * each of its lines they put back in stock.
 */
export async function refundsOfOrder(
  db: Executor,
  order: Pick<OrderWithItems, 'id' | 'items'>,
): Promise<{ refunds: RefundRecord[]; restockedUnits: number[] }> {
  const rows = await refundRowsOfOrder(db, order.id);
  const restocked = restockedSoFar(rows);
  const refunds = rows
    .filter((row) => row.status !== 'failed')
    .map((row) => ({
      amount: row.amountCents / 100,
      status: row.status === 'pending' ? ('pending' as const) : ('succeeded' as const),
      reason: row.reason,
      at: row.createdAt.toISOString(),
      by:
        row.actorId === null
          ? ('provider' as const)
          : { _id: row.actorId, email: row.actorEmail ?? '', name: row.actorName ?? '' },
    }));
  const restockedUnits = order.items.map(
    (item) => restocked.get(lineKey(item.productId, item.variant)) ?? 0,
  );
  return { refunds, restockedUnits };
}

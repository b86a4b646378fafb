import {
  ADMIN_ORDER_MESSAGES,
  type CancelOrderRequest,
  type RefundRecord,
  type RefundRequest,
} from '@shop/shared/admin-orders';
import { formatPrice, toCents } from '@shop/shared/money';
import type { OrderStatus } from '@shop/shared/orders';
import type { Variant } from '@shop/shared/catalog';
import type { Executor } from '../../db/client';
import type { RestockColumn } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/service';
import { enqueueMail } from '../mail/service';
import { refundMail } from '../orders/order-mails';
import type { OrderWithItems } from '../orders/repository';
import {
  lockOrder,
  moveOrder,
  orderLink,
  withLockedOrder,
  type OrdersContext,
} from '../orders/service';
import type { PaymentProvider } from '../payments/provider';
import { inLockOrder, restockRefundedUnits } from '../stock/service';
import {
  insertRefund,
  refundRowsOfOrder,
  settleRefund,
  sumRefunds,
  type RefundRow,
} from './repository';

export interface RefundsContext extends OrdersContext {
  provider: PaymentProvider;
}

/** Statuses whose payment can (still) be refunded in part or in full. */
const REFUNDABLE: OrderStatus[] = ['paid', 'shipped', 'delivered', 'partially_refunded'];
/** Paid and not shipped: can be cancelled (a partial refund before does not stop it). */
const CANCELLABLE: OrderStatus[] = ['paid', 'partially_refunded'];

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

interface PendingRefund {
  id: string;
  order: OrderWithItems;
  amountCents: number;
  restock: RestockColumn[];
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
  reason: string,
): Promise<PendingRefund> {
  return withLockedOrder(ctx.db, orderId, async (tx, order) => {
    const earlier = await refundRowsOfOrder(tx, orderId);
    const { amountCents, restock } = plan(order, earlier);
    const id = await insertRefund(tx, {
      orderId,
      amountCents,
      reason,
      status: 'pending',
      restock,
      actor: actor.user,
    });
    return { id, order, amountCents, restock };
  });
}

/** The order's status once its succeeded refunds are counted. */
async function statusAfterRefund(tx: Executor, order: OrderWithItems): Promise<OrderStatus> {
  const refunded = await sumRefunds(tx, order.id, ['succeeded']);
  return refunded >= order.totalCents ? 'refunded' : 'partially_refunded';
}

/**
 * Asks the provider for the reserved refund (idempotency key refund-<id>), then records the
 * outcome: on success the units go back to stock, the order's status moves, the audit row and the
 * buyer's mail are written, all in one transaction; on failure the amount is free again.
 */
async function completeRefund(
  ctx: RefundsContext,
  pending: PendingRefund,
  actor: AuditActor,
  outcome: { cancel: boolean; reason: string },
): Promise<void> {
  const { order } = pending;
  let providerRefundId: string;
  try {
    ({ id: providerRefundId } = await ctx.provider.refund({
      orderId: order.id,
      paymentReference: order.paymentReference,
      amountCents: pending.amountCents,
      idempotencyKey: `refund-${pending.id}`,
    }));
  } catch (error) {
    await ctx.db.transaction(async (tx) => {
      await lockOrder(tx, order.id);
      if (!(await settleRefund(tx, pending.id, { status: 'failed' }))) return;
      await recordAudit(tx, actor, {
        action: 'order.refund_failed',
        orderId: order.id,
        summary: `Refund of ${formatPrice(pending.amountCents)} refused by the payment provider`,
      });
    });
    throw new AppError('bad_gateway', ADMIN_ORDER_MESSAGES.refundFailed, {}, error);
  }

  await ctx.db.transaction(async (tx) => {
    await lockOrder(tx, order.id);
    if (!(await settleRefund(tx, pending.id, { status: 'succeeded', providerRefundId }))) return;
    for (const line of inLockOrder(pending.restock))
      await restockRefundedUnits(tx, {
        productId: line.productId,
        variant: line.variant as Variant,
        qty: line.qty,
        orderId: pending.order.id,
        actor,
      });
    const to = outcome.cancel ? 'cancelled' : await statusAfterRefund(tx, order);
    await moveOrder(tx, order.id, outcome.cancel ? CANCELLABLE : REFUNDABLE, to);
    const units = pending.restock.reduce((sum, line) => sum + line.qty, 0);
    await recordAudit(tx, actor, {
      action: outcome.cancel ? 'order.cancelled' : 'order.refunded',
      orderId: order.id,
      summary: `${outcome.cancel ? 'Cancelled, refunded' : 'Refunded'} ${formatPrice(pending.amountCents)}${units ? `, ${units} unit${units === 1 ? '' : 's'} back to stock` : ''}: ${outcome.reason}`,
    });
    await enqueueMail(
      tx,
      refundMail(
        order,
        { amountCents: pending.amountCents, cancelled: outcome.cancel },
        orderLink(ctx, order.id),
        ctx.supportEmail,
      ),
      { orderId: order.id },
    );
  });
  ctx.wakeMail();
  if (pending.restock.length) ctx.onStockChanged();
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
    request.reason,
  );
  await completeRefund(ctx, pending, actor, { cancel: false, reason: request.reason });
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
    request.reason,
  );
  await completeRefund(ctx, pending, actor, { cancel: true, reason: request.reason });
}

/**
 * A refund made at the provider (Stripe's dashboard), from its event, in the event's transaction:
 * records what the shop does not know of yet (`amountRefundedCents` is the payment's running
 * total), once. Answers whether anything was recorded.
 */
export async function recordProviderRefund(
  tx: Executor,
  orderId: string,
  amountRefundedCents: number,
): Promise<boolean> {
  const order = await lockOrder(tx, orderId);
  if (!order) return false;
  const unknown = amountRefundedCents - order.refundedCents;
  if (unknown <= 0) return false;
  await insertRefund(tx, {
    orderId,
    amountCents: unknown,
    reason: 'Refunded at the payment provider',
    status: 'succeeded',
    restock: [],
    actor: null,
  });
  await moveOrder(tx, orderId, REFUNDABLE, await statusAfterRefund(tx, order));
  return true;
}

/** The refunds of an order that stand (pending or succeeded), oldest first, for the back office. */
export async function refundsOfOrder(db: Executor, orderId: string): Promise<RefundRecord[]> {
  const rows = await refundRowsOfOrder(db, orderId);
  return rows
    .filter((row) => row.status !== 'failed')
    .map((row) => ({
      amount: row.amountCents / 100,
      reason: row.reason,
      at: row.createdAt.toISOString(),
      by:
        row.actorId === null
          ? ('provider' as const)
          : { _id: row.actorId, email: row.actorEmail ?? '', name: row.actorName ?? '' },
    }));
}

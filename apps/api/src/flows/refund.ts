import {
  ADMIN_ORDER_MESSAGES,
  type AdminOrder,
  type CancelOrderRequest,
  type RefundRequest,
} from '@shop/shared/admin-orders';
import { formatPrice, toCents } from '@shop/shared/money';
import type { RestockColumn } from '../db/schema';
import { AppError } from '../errors';
import type { AuditActor } from '../modules/audit/service';
import type { OrderWithItems } from '../modules/orders/repository';
import { getAdminOrder } from '../modules/fulfilment/service';
import { withLockedOrder } from '../modules/orders/service';
import {
  CANCELLABLE,
  REFUNDABLE,
  everythingLeft,
  insertRefund,
  refundRowsOfOrder,
  restockOf,
  type RefundRow,
} from '../modules/refunds/service';
import { finishRefund, type RefundsContext } from './refund-settlement';

export type { RefundsContext } from './refund-settlement';

const conflict = (message: string) => new AppError('conflict', message);

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
): Promise<AdminOrder> {
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
  return getAdminOrder(ctx, orderId);
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
): Promise<AdminOrder> {
  const pending = await reserveRefund(
    ctx,
    orderId,
    actor,
    (order, earlier) => {
      const remaining = order.totalCents - order.refundedCents;
      // Nothing left to refund means another refund or cancellation is under way or done.
      const parcelSent = order.shippedAt !== null || order.shipments.length > 0;
      if (!CANCELLABLE.includes(order.status) || parcelSent || remaining <= 0)
        throw conflict(ADMIN_ORDER_MESSAGES.notCancellable);
      return { amountCents: remaining, restock: everythingLeft(order, earlier) };
    },
    { reason: request.reason, cancels: true },
  );
  await finishRefund(ctx, pending.refund, pending.order);
  return getAdminOrder(ctx, orderId);
}

import { formatPrice } from '@shop/shared/money';
import { ADMIN_ORDER_MESSAGES } from '@shop/shared/admin-orders';
import type { Variant } from '@shop/shared/catalog';
import type { Executor } from '../db/client';
import { AppError } from '../errors';
import { recordAudit, type AuditActor } from '../modules/audit/service';
import { enqueueMail } from '../modules/mail/service';
import { refundMail, unitsOfLines } from '../modules/orders/order-mails';
import { shippingLines, stampShipped } from '../modules/fulfilment/service';
import { allUnitsShipped } from '@shop/shared/parcels';
import type { OrderWithItems } from '../modules/orders/repository';
import { lockOrder, moveOrder, orderLink, type OrdersContext } from '../modules/orders/service';
import { RefundRefusedError, type PaymentProvider } from '../modules/payments/provider';
import { inLockOrder, restockRefundedUnits } from '../modules/stock/service';
import {
  CANCELLABLE,
  REFUNDABLE,
  releaseRefundClaim,
  settleRefund,
  statusAfterRefund,
  type RefundRow,
} from '../modules/refunds/service';

export interface RefundsContext extends OrdersContext {
  provider: PaymentProvider;
}

/** Who asked for the refund, as they were then and from where (null: made at the provider). */
function actorOf(refund: RefundRow): AuditActor | null {
  if (refund.actorId === null) return null;
  return {
    user: { id: refund.actorId, email: refund.actorEmail ?? '', name: refund.actorName ?? '' },
    clientAddress: refund.actorAddress ?? '',
  };
}

/**
 * Records a refund the provider made, once (answers false when it was settled already): the
 * units go back to stock, the order's status moves, the audit row and the buyer's mail are
 * written, in the caller's transaction. `how` tells the audit when someone else than the request
 * that asked for it settled it (a recovery sweep, the provider's event).
 */
export async function settleSucceeded(
  ctx: OrdersContext,
  tx: Executor,
  refund: RefundRow,
  providerRefundId: string | null,
  how = '',
): Promise<boolean> {
  const order = await lockOrder(tx, refund.orderId);
  if (!order) return false;
  if (!(await settleRefund(tx, refund.id, { status: 'succeeded', providerRefundId }))) return false;
  const actor = actorOf(refund);
  for (const line of inLockOrder(refund.restock))
    await restockRefundedUnits(tx, {
      productId: line.productId,
      variant: line.variant as Variant,
      qty: line.qty,
      orderId: order.id,
      actor: actor ?? undefined,
    });
  const to = refund.cancels ? 'cancelled' : await statusAfterRefund(tx, order);
  await moveOrder(tx, order.id, refund.cancels ? CANCELLABLE : REFUNDABLE, to);
  // Units refunded back to stock no longer need a parcel: they may have been the last ones.
  if (!refund.cancels && order.shipments.length && order.shippedAt === null) {
    if (allUnitsShipped(await shippingLines(tx, order))) await stampShipped(tx, order.id);
  }
  const units = refund.restock.map((line) => ({
    item: order.items.find(
      (item) => item.productId === line.productId && item.variant === line.variant,
    ),
    qty: line.qty,
  }));
  if (actor)
    await recordAudit(tx, actor, {
      action: refund.cancels ? 'order.cancelled' : 'order.refunded',
      orderId: order.id,
      summary: `${refund.cancels ? 'Cancelled: refund' : 'Refund'} of ${formatPrice(refund.amountCents)}${units.length ? ` for ${unitsOfLines(units)}, back to stock` : ''}: ${refund.reason}${how}`,
    });
  await enqueueMail(
    tx,
    refundMail(
      order,
      { amountCents: refund.amountCents, cancelled: refund.cancels },
      orderLink(ctx, order.id),
      ctx.supportEmail,
    ),
    { orderId: order.id },
  );
  return true;
}

/** The provider refused: the amount is free again (once), and the audit says so. */
async function settleFailed(ctx: OrdersContext, refund: RefundRow, how: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockOrder(tx, refund.orderId);
    if (!(await settleRefund(tx, refund.id, { status: 'failed' }))) return;
    const actor = actorOf(refund);
    if (actor)
      await recordAudit(tx, actor, {
        action: 'order.refund_failed',
        orderId: refund.orderId,
        summary: `Refund of ${formatPrice(refund.amountCents)} refused by the payment provider${how}`,
      });
  });
}

/** What asking the provider for a refund came to. */
export type RefundOutcome = 'succeeded' | 'refused' | 'unconfirmed';

/**
 * Asks the provider for a pending refund under the idempotency key refund-<id> (asked again after
 * an interruption, the provider answers the refund it already made), then settles it: succeeded,
 * or failed on the provider's definite refusal (the amount is free again). Any other error may
 * hide a refund the provider made, so the refund stays pending, its claim released: a recovery
 * sweep asks again with the same key (never a new refund that could pay the buyer twice).
 */
export async function askAndSettle(
  ctx: RefundsContext,
  refund: RefundRow,
  order: Pick<OrderWithItems, 'id' | 'paymentReference'>,
  how = '',
): Promise<RefundOutcome> {
  let providerRefundId: string;
  try {
    ({ id: providerRefundId } = await ctx.provider.refund({
      orderId: order.id,
      paymentReference: order.paymentReference,
      amountCents: refund.amountCents,
      refundId: refund.id,
      idempotencyKey: `refund-${refund.id}`,
    }));
  } catch (error) {
    if (error instanceof RefundRefusedError) {
      await settleFailed(ctx, refund, how);
      return 'refused';
    }
    await releaseRefundClaim(ctx.db, refund.id);
    throw error;
  }
  await ctx.db.transaction((tx) => settleSucceeded(ctx, tx, refund, providerRefundId, how));
  ctx.wakeMail();
  if (refund.restock.length) ctx.onStockChanged();
  return 'succeeded';
}

/**
 * The request's side of askAndSettle: 502 when the provider refused (the refund is failed) or
 * when its answer is unknown (the refund stays pending and is finished automatically).
 */
export async function finishRefund(
  ctx: RefundsContext,
  refund: RefundRow,
  order: Pick<OrderWithItems, 'id' | 'paymentReference'>,
): Promise<void> {
  let outcome: RefundOutcome;
  try {
    outcome = await askAndSettle(ctx, refund, order);
  } catch (error) {
    throw new AppError('bad_gateway', ADMIN_ORDER_MESSAGES.refundUnconfirmed, {}, error);
  }
  if (outcome === 'refused') throw new AppError('bad_gateway', ADMIN_ORDER_MESSAGES.refundFailed);
}

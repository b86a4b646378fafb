import { ADMIN_ORDER_MESSAGES, type ShipOrderRequest } from '@shop/shared/admin-orders';
import type { OrderStatus } from '@shop/shared/orders';
import { AppError } from '../errors';
import { recordAudit, type AuditActor } from '../modules/audit/service';
import { insertShipment } from '../modules/fulfilment/service';
import { enqueueMail } from '../modules/mail/service';
import { shippingMail } from '../modules/orders/order-mails';
import {
  moveOrder,
  orderLink,
  withLockedOrder,
  type OrdersContext,
} from '../modules/orders/service';

const conflict = (message: string) => new AppError('conflict', message);

/** Paid, or partly refunded, and not yet shipped (with money left: not being cancelled). */
const SHIPPABLE: OrderStatus[] = ['paid', 'partially_refunded'];

/**
 * POST /api/admin/orders/:id/ship: a shipments row, status shipped, the audit row and the buyer's
 * mail with carrier, tracking number and the order's link, in one transaction.
 */
export async function shipOrder(
  ctx: OrdersContext,
  orderId: string,
  parcel: ShipOrderRequest,
  actor: AuditActor,
): Promise<void> {
  await withLockedOrder(ctx.db, orderId, async (tx, order) => {
    if (
      !SHIPPABLE.includes(order.status) ||
      order.shippedAt !== null ||
      order.refundedCents >= order.totalCents
    )
      throw conflict(ADMIN_ORDER_MESSAGES.notShippable);
    await insertShipment(tx, { orderId, ...parcel });
    await moveOrder(tx, orderId, SHIPPABLE, 'shipped');
    await recordAudit(tx, actor, {
      action: 'order.shipped',
      orderId,
      summary: `Shipped with ${parcel.carrier}, tracking number ${parcel.trackingNumber}`,
    });
    await enqueueMail(tx, shippingMail(order, parcel, orderLink(ctx, orderId), ctx.supportEmail), {
      orderId,
    });
  });
  ctx.wakeMail();
}

/** POST /api/admin/orders/:id/deliver: a shipped order arrived. */
export async function deliverOrder(
  ctx: OrdersContext,
  orderId: string,
  actor: AuditActor,
): Promise<void> {
  await withLockedOrder(ctx.db, orderId, async (tx, order) => {
    // Shipped, possibly refunded in part since: the parcel is out, not yet delivered.
    const shipped =
      order.status === 'shipped' ||
      (order.status === 'partially_refunded' && order.shippedAt !== null);
    if (!shipped || order.deliveredAt !== null) throw conflict(ADMIN_ORDER_MESSAGES.notDeliverable);
    await moveOrder(tx, orderId, [order.status], 'delivered');
    await recordAudit(tx, actor, {
      action: 'order.delivered',
      orderId,
      summary: 'Marked delivered',
    });
  });
}

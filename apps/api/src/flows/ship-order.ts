import { ADMIN_ORDER_MESSAGES, type ShipOrderRequest } from '@shop/shared/admin-orders';
import type { OrderStatus } from '@shop/shared/orders';
import {
  PARCEL_MESSAGES,
  allUnitsShipped,
  knownCarrier,
  parcelContents,
  trackingLink,
} from '@shop/shared/parcels';
import { AppError } from '../errors';
import { recordAudit, type AuditActor } from '../modules/audit/service';
import { insertShipment, markParcelsDelivered, shippingLines } from '../modules/fulfilment/service';
import { enqueueMail } from '../modules/mail/service';
import { parcelMail, unitsInWords } from '../modules/orders/order-mails';
import {
  moveOrder,
  orderLink,
  withLockedOrder,
  type OrdersContext,
} from '../modules/orders/service';

const conflict = (message: string) => new AppError('conflict', message);

/** Paid, partly shipped or partly refunded, and not yet shipped in full (nor being cancelled). */
const SHIPPABLE: OrderStatus[] = ['paid', 'partially_shipped', 'partially_refunded'];

/**
 * POST /api/admin/orders/:id/ship: one parcel of the units that remain (all of them, or those the
 * request names), under the order's row lock so parcels together never hold more than remains
 * (on every process). The order is partially_shipped until every unit is in a parcel or
 * refunded, then shipped. The parcel, the status, the audit row and the buyer's mail with its
 * items and tracking link are written in one transaction.
 */
export async function shipOrder(
  ctx: OrdersContext,
  orderId: string,
  request: ShipOrderRequest,
  actor: AuditActor,
): Promise<void> {
  await withLockedOrder(ctx.db, orderId, async (tx, order) => {
    if (
      !SHIPPABLE.includes(order.status) ||
      order.shippedAt !== null ||
      order.refundedCents >= order.totalCents
    )
      throw conflict(ADMIN_ORDER_MESSAGES.notShippable);
    const lines = await shippingLines(tx, order);
    const contents = parcelContents(lines, request.items);
    if ('problem' in contents)
      throw new AppError(
        contents.problem === PARCEL_MESSAGES.lineNotInOrder ||
          contents.problem === PARCEL_MESSAGES.emptyParcel
          ? 'invalid'
          : 'conflict',
        contents.problem,
      );
    const parcel = {
      carrier: knownCarrier(request.carrier) ?? request.carrier,
      trackingNumber: request.trackingNumber,
      trackingUrl: request.trackingUrl || null,
      note: request.note || null,
    };
    await insertShipment(tx, {
      orderId,
      ...parcel,
      items: contents.lines.map((line) => ({ orderItemId: line.id, qty: line.qty })),
    });
    const whole = allUnitsShipped(
      lines.map((line) => ({
        ...line,
        shipped: line.shipped + (contents.lines.find((entry) => entry.id === line.id)?.qty ?? 0),
      })),
    );
    await moveOrder(tx, orderId, SHIPPABLE, whole ? 'shipped' : 'partially_shipped');
    const items = contents.lines.map((line) => ({
      item: order.items.find((item) => item.id === line.id),
      qty: line.qty,
    }));
    await recordAudit(tx, actor, {
      action: 'order.shipped',
      orderId,
      summary: `Shipped ${unitsInWords(items)} by ${parcel.carrier}, tracking number ${parcel.trackingNumber}${whole ? '' : ' (part of the order)'}`,
    });
    await enqueueMail(
      tx,
      parcelMail(
        order,
        { ...parcel, link: trackingLink(parcel), items, whole },
        orderLink(ctx, orderId),
        ctx.supportEmail,
      ),
      { orderId },
    );
  });
  ctx.wakeMail();
}

/** Shipped in full, possibly refunded in part since: its parcels are out. */
const isShippedInFull = (order: { status: OrderStatus; shippedAt: Date | null }) =>
  order.status === 'shipped' || (order.status === 'partially_refunded' && order.shippedAt !== null);

/**
 * POST /api/admin/orders/:id/deliver: every parcel of an order shipped in full arrived; the order
 * is delivered.
 */
export async function deliverOrder(
  ctx: OrdersContext,
  orderId: string,
  actor: AuditActor,
): Promise<void> {
  await withLockedOrder(ctx.db, orderId, async (tx, order) => {
    if (!isShippedInFull(order) || order.deliveredAt !== null)
      throw conflict(ADMIN_ORDER_MESSAGES.notDeliverable);
    await markParcelsDelivered(tx, orderId);
    await moveOrder(tx, orderId, [order.status], 'delivered');
    await recordAudit(tx, actor, {
      action: 'order.delivered',
      orderId,
      summary: 'Marked delivered',
    });
  });
}

/**
 * POST /api/admin/orders/:id/shipments/:shipmentId/deliver: one parcel arrived. The order is
 * delivered when it is shipped in full and every parcel has arrived.
 */
export async function deliverParcel(
  ctx: OrdersContext,
  orderId: string,
  shipmentId: string,
  actor: AuditActor,
): Promise<void> {
  await withLockedOrder(ctx.db, orderId, async (tx, order) => {
    const parcel = order.shipments.find((candidate) => candidate.id === shipmentId);
    if (!parcel) throw new AppError('not_found', PARCEL_MESSAGES.parcelNotFound);
    if (parcel.deliveredAt !== null) throw conflict(PARCEL_MESSAGES.parcelDelivered);
    await markParcelsDelivered(tx, orderId, shipmentId);
    const everyParcel = order.shipments.every(
      (candidate) => candidate.id === shipmentId || candidate.deliveredAt !== null,
    );
    const orderArrived = isShippedInFull(order) && order.deliveredAt === null && everyParcel;
    if (orderArrived) await moveOrder(tx, orderId, [order.status], 'delivered');
    await recordAudit(tx, actor, {
      action: 'order.parcel_delivered',
      orderId,
      summary: `Parcel by ${parcel.carrier}, tracking number ${parcel.trackingNumber}, marked delivered${orderArrived ? ': every parcel has arrived' : ''}`,
    });
  });
}

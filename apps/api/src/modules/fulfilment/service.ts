import {
  ADMIN_ORDER_MESSAGES,
  ADMIN_PAGE_SIZE,
  type AdminOrder,
  type AdminOrderListQuery,
  type AdminOrderListResponse,
  type TimelineEntry,
} from '@shop/shared/admin-orders';
import { orderNumber } from '@shop/shared/orders';
import { AppError } from '../../errors';
import { pageCounts, pageWindow } from '../../lib/search';
import { isUuid } from '../../lib/uuid';
import { auditOfOrder } from '../audit/service';
import { mailsOfOrder } from '../mail/service';
import { findOrder, toOrderResponse, type OrdersContext } from '../orders/service';
import { paymentEventsOfOrder } from '../payments/service';
import { refundsOfOrder } from '../refunds/service';
import { listOrderRows } from './repository';

/** The parcel rows the shipping flow (flows/ship-order.ts) writes. */
export { insertShipment } from './repository';

const notFound = () => new AppError('not_found', ADMIN_ORDER_MESSAGES.notFound);

/** GET /api/admin/orders: 25 a page, newest first. */
export async function listAdminOrders(
  ctx: Pick<OrdersContext, 'db'>,
  query: AdminOrderListQuery,
): Promise<AdminOrderListResponse> {
  const { rows, total } = await listOrderRows(
    ctx.db,
    { status: query.status, q: query.q || undefined, from: query.from, to: query.to },
    pageWindow(query.page, ADMIN_PAGE_SIZE),
  );
  return {
    orders: rows.map((row) => ({
      _id: row.id,
      number: orderNumber(row.id),
      createdAt: row.createdAt.toISOString(),
      customerName: row.customerName,
      recipientName: row.recipientName ?? row.customerName,
      email: row.email,
      status: row.status,
      totalPrice: row.totalCents / 100,
      itemsCount: row.itemsCount,
    })),
    ...pageCounts(query.page, total, ADMIN_PAGE_SIZE),
  };
}

/** A provider event type as the timeline's action. */
function paymentAction(type: string): string {
  if (/completed|succeeded/.test(type)) return 'payment.paid';
  if (/expired|cancelled|failed/.test(type)) return 'payment.closed';
  if (/refunded/.test(type)) return 'payment.refunded';
  return 'payment.event';
}

/** What happened to an order, oldest first: provider events, mails and back-office actions. */
async function timelineOf(ctx: Pick<OrdersContext, 'db'>, orderId: string) {
  const [events, mails, audit] = await Promise.all([
    paymentEventsOfOrder(ctx.db, orderId),
    mailsOfOrder(ctx.db, orderId),
    auditOfOrder(ctx.db, orderId),
  ]);
  const entries: TimelineEntry[] = [
    ...events.map((event) => ({
      at: event.receivedAt.toISOString(),
      actor: 'provider' as const,
      action: paymentAction(event.type),
      detail: event.type,
    })),
    ...mails.map((mail) => ({
      at: (mail.sentAt ?? mail.createdAt).toISOString(),
      actor: 'system' as const,
      action:
        mail.status === 'sent'
          ? 'mail.sent'
          : `mail.${mail.status === 'failed' ? 'failed' : 'queued'}`,
      detail: mail.subject,
    })),
    ...audit.map((entry) => ({
      at: entry.at,
      actor: entry.actor,
      action: entry.action,
      detail: entry.summary,
    })),
  ];
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

/** GET /api/admin/orders/:id: the shopper's view plus refunds and the timeline. */
export async function getAdminOrder(
  ctx: Pick<OrdersContext, 'db'>,
  orderId: string,
): Promise<AdminOrder> {
  if (!isUuid(orderId)) throw notFound();
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw notFound();
  const [{ refunds, restockedUnits }, timeline] = await Promise.all([
    refundsOfOrder(ctx.db, order),
    timelineOf(ctx, orderId),
  ]);
  // The back office counts pending refunds in (what remains to refund) and lists them as pending.
  return {
    ...toOrderResponse(order),
    refundedPrice: order.refundedCents / 100,
    refunds,
    restockedUnits,
    timeline,
  };
}

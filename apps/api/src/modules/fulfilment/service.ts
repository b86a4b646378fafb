import { listCountCap } from '@shop/shared/back-office';
import {
  ADMIN_ORDER_MESSAGES,
  ADMIN_PAGE_SIZE,
  type AdminOrder,
  type AdminOrderListQuery,
  type AdminOrderListResponse,
  type TimelineEntry,
} from '@shop/shared/admin-orders';
import { paidShares } from '@shop/shared/line-refunds';
import { orderNumber } from '@shop/shared/orders';
import { unitsToShip, type LineUnits } from '@shop/shared/parcels';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { keysetCounts, keysetPage, pageAt } from '../../lib/keyset';
import { isUuid } from '../../lib/uuid';
import { auditOfOrder, recordAudit, type AuditActor } from '../audit/service';
import { mailsOfOrder } from '../mail/service';
import type { OrderWithItems } from '../orders/repository';
import { findOrder, toOrderResponse, type OrdersContext } from '../orders/service';
import { paymentEventsOfOrder } from '../payments/service';
import { refundsOfOrder } from '../refunds/service';
import { rarestRuns } from '../../lib/search';
import {
  countOrderRows,
  findRecentOrderEmails,
  listFirstOrderRowsCounted,
  listOrderRows,
} from './repository';

/** The parcel rows the shipping flow (flows/ship-order.ts) writes. */
export { insertShipment, markParcelsDelivered, stampShipped } from './repository';

/**
 * Each line of the order (in its order) with the units already in parcels and those refunded back
 * to stock (refunds that did not fail): what remains to ship follows (unitsToShip).
 */
export async function shippingLines(
  db: Executor,
  order: OrderWithItems,
): Promise<(LineUnits & { id: string })[]> {
  const { restockedUnits } = await refundsOfOrder(db, order);
  return order.items.map((item, index) => ({
    id: item.id,
    qty: item.qty,
    shipped: order.shipments
      .flatMap((parcel) => parcel.items)
      .filter((unit) => unit.orderItemId === item.id)
      .reduce((sum, unit) => sum + unit.qty, 0),
    refunded: restockedUnits[index] ?? 0,
  }));
}

const notFound = () => new AppError('not_found', ADMIN_ORDER_MESSAGES.notFound);

/** The newest orders' e-mails stand for the shop's (rarestRuns), read again after an hour. */
const EMAIL_SAMPLE_SIZE = 2000;
const EMAIL_SAMPLE_MS = 60 * 60_000;
const emailSamples = new WeakMap<Executor, { readAt: number; emails: Promise<string[]> }>();

/** The runs of a search the e-mail index is read for (see OrderListFilter.emailRuns). */
async function emailRunsOf(db: Executor, q: string | undefined, now = Date.now()) {
  if (!q) return undefined;
  let sample = emailSamples.get(db);
  if (!sample || now - sample.readAt > EMAIL_SAMPLE_MS) {
    // Lower-cased once here, not on every search.
    const emails = findRecentOrderEmails(db, EMAIL_SAMPLE_SIZE).then((read) =>
      read.map((email) => email.toLowerCase()),
    );
    sample = { readAt: now, emails };
    emailSamples.set(db, sample);
    sample.emails.catch(() => emailSamples.delete(db));
  }
  return rarestRuns(q, await sample.emails);
}

/** GET /api/admin/orders: 25 a page, newest first, keyset-paged, counted to a cap (053). */
export async function listAdminOrders(
  ctx: Pick<OrdersContext, 'db'>,
  query: AdminOrderListQuery,
): Promise<AdminOrderListResponse> {
  const q = query.q || undefined;
  const filter = {
    status: query.status,
    q,
    emailRuns: await emailRunsOf(ctx.db, q),
    from: query.from,
    to: query.to,
  };
  const at = pageAt(query, ADMIN_PAGE_SIZE);
  const cap = listCountCap(filter.q);
  // A search's first page and its count share one look-up of the matches (the trigram scans);
  // a later page, or a list by status or days alone, reads the page by an index walk instead.
  const { rows, total: counted } =
    filter.q && 'offset' in at && at.offset === 0
      ? await listFirstOrderRowsCounted(ctx.db, filter, ADMIN_PAGE_SIZE, cap)
      : await Promise.all([
          listOrderRows(ctx.db, filter, at, ADMIN_PAGE_SIZE),
          countOrderRows(ctx.db, filter, cap),
        ]).then(([rows, total]) => ({ rows, total }));
  const page = keysetPage(rows, at, ADMIN_PAGE_SIZE);
  return {
    orders: page.rows.map((row) => ({
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
    ...keysetCounts(query, counted, ADMIN_PAGE_SIZE, page, cap),
  };
}

/** A provider event type as the timeline's action, and in words. */
function paymentEntry(type: string): { action: string; detail: string } {
  if (/completed|succeeded/.test(type)) return { action: 'payment.paid', detail: 'Paid by card' };
  if (/expired/.test(type))
    return { action: 'payment.closed', detail: 'Checkout expired without payment' };
  if (/cancelled|failed/.test(type))
    return { action: 'payment.closed', detail: 'Checkout ended without payment' };
  if (/refunded/.test(type))
    return { action: 'payment.refunded', detail: 'The payment provider reported a refund' };
  return { action: 'payment.event', detail: 'The payment provider sent an update' };
}

const MAIL_WORDS = { sent: 'Mail sent', failed: 'Mail failed', queued: 'Mail waiting to be sent' };

/**
 * What happened to an order, oldest first, in words: provider events, mails, and back-office
 * actions and notes (their audit rows, whose summaries are written for people).
 */
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
      ...paymentEntry(event.type),
    })),
    ...mails.map((mail) => {
      const status =
        mail.status === 'sent' ? 'sent' : mail.status === 'failed' ? 'failed' : 'queued';
      return {
        at: (mail.sentAt ?? mail.createdAt).toISOString(),
        actor: 'system' as const,
        action: `mail.${status}`,
        detail: `${MAIL_WORDS[status]}: ${mail.subject}`,
      };
    }),
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
  const [{ refunds, restockedUnits }, lines, timeline] = await Promise.all([
    refundsOfOrder(ctx.db, order),
    shippingLines(ctx.db, order),
    timelineOf(ctx, orderId),
  ]);
  // The back office counts pending refunds in (what remains to refund) and lists them as pending.
  return {
    ...toOrderResponse(order),
    refundedPrice: order.refundedCents / 100,
    refunds,
    restockedUnits,
    lineIds: lines.map((line) => line.id),
    unitsToShip: lines.map(unitsToShip),
    lineShares: paidShares(order.items, order.taxCents),
    timeline,
  };
}

/**
 * POST /api/admin/orders/:id/notes: an internal note, kept as the order's audit row (written once,
 * never changed) and shown in its timeline; never in the shopper's view of the order.
 */
export async function addOrderNote(
  ctx: Pick<OrdersContext, 'db'>,
  orderId: string,
  note: string,
  actor: AuditActor,
): Promise<void> {
  if (!isUuid(orderId) || !(await findOrder(ctx.db, orderId))) throw notFound();
  await recordAudit(ctx.db, actor, { action: 'order.note', orderId, summary: `Note: ${note}` });
}

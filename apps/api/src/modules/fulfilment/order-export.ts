import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { AdminOrderExportQuery } from '@shop/shared/admin-orders';
import { recipientOf } from '@shop/shared/order-documents';
import { orderNumber } from '@shop/shared/orders';
import { itemsCentsFor } from '@shop/shared/pricing';
import type { Executor } from '../../db/client';
import { recordAudit, type AuditActor } from '../audit/service';
import { findOrders } from '../orders/service';
import { exportOrderIds, type ExportCursor } from './repository';

/** Orders read per query: one page of them (with their lines) is all the export holds at once. */
export const EXPORT_PAGE_SIZE = 200;

export const ORDER_EXPORT_COLUMNS = [
  'Order',
  'Created at',
  'Paid at',
  'Status',
  'Customer',
  'E-mail',
  'Recipient',
  'Address',
  'City',
  'State',
  'Postal code',
  'Country',
  'Product',
  'Variant',
  'SKU',
  'Quantity',
  'Price',
  'Discount',
  'Line total',
  'Items',
  'Shipping',
  'Tax',
  'Total',
  'Refunded',
] as const;
type ExportRecord = Record<(typeof ORDER_EXPORT_COLUMNS)[number], string>;

/** 1999 -> '19.99': spreadsheets read it as a number. */
const amount = (cents: number) => (cents / 100).toFixed(2);

type ExportOrder = Awaited<ReturnType<typeof findOrders>>[number];

/**
 * An order's rows, one per line. The order's own amounts (items, shipping, tax, total, refunded)
 * are on its first row only, as Shopify's export has them, so a column's sum is the shop's.
 */
function recordsOf(order: ExportOrder): ExportRecord[] {
  const recipient = recipientOf(order);
  const { address, city, state, postalCode, country } = order.shippingAddress;
  return order.items.map((item, index) => ({
    Order: orderNumber(order.id),
    'Created at': order.createdAt.toISOString(),
    'Paid at': order.paidAt?.toISOString() ?? '',
    Status: order.status,
    Customer: order.customerName,
    'E-mail': order.email,
    Recipient: recipient.name,
    Address: address,
    City: city,
    State: state,
    'Postal code': postalCode,
    Country: country,
    Product: item.name,
    Variant: item.variantTitle,
    SKU: item.sku ?? '',
    Quantity: String(item.qty),
    Price: amount(item.unitPriceCents),
    // The line's share of the order's discount (decision 047); the line total is after it.
    Discount: amount(item.discountCents),
    'Line total': amount(itemsCentsFor([item]) - item.discountCents),
    ...(index === 0
      ? {
          Items: amount(order.itemsCents),
          Shipping: amount(order.shippingCents),
          Tax: amount(order.taxCents),
          Total: amount(order.totalCents),
          Refunded: amount(order.refundedCents - order.refundPendingCents),
        }
      : { Items: '', Shipping: '', Tax: '', Total: '', Refunded: '' }),
  }));
}

/** The filtered orders' rows, newest first, a page of orders at a time. */
async function* exportRecords(
  db: Executor,
  query: AdminOrderExportQuery,
  pageSize: number,
): AsyncGenerator<ExportRecord> {
  const filter = { status: query.status, q: query.q || undefined, from: query.from, to: query.to };
  let cursor: ExportCursor | undefined;
  for (;;) {
    const page = await exportOrderIds(db, filter, cursor, pageSize);
    if (!page.length) return;
    const details = new Map(
      (
        await findOrders(
          db,
          page.map((row) => row.id),
        )
      ).map((order) => [order.id, order]),
    );
    for (const { id } of page) {
      const order = details.get(id);
      if (order) yield* recordsOf(order);
    }
    const last = page.at(-1);
    if (page.length < pageSize || !last) return;
    cursor = last;
  }
}

/**
 * GET /api/admin/orders.csv: the filtered order list as CSV (RFC 4180 by csv-stringify), one row
 * per order line, streamed as it is read.
 */
export function orderExportCsv(
  db: Executor,
  query: AdminOrderExportQuery,
  pageSize = EXPORT_PAGE_SIZE,
): Readable {
  const csv = stringify({ header: true, columns: [...ORDER_EXPORT_COLUMNS] });
  // A failed read destroys the CSV stream with its error, so the answer ends instead of hanging.
  pipeline(Readable.from(exportRecords(db, query, pageSize)), csv, () => {});
  return csv;
}

/**
 * The audit line of an export: which orders left the shop, said by their filters. The search text
 * is left out (it may be a customer's e-mail or name, and the audit log is kept for good).
 */
export function orderExportSummary(query: AdminOrderExportQuery): string {
  const filters = [
    query.status ? `status ${query.status}` : '',
    query.from ? `from ${query.from}` : '',
    query.to ? `to ${query.to}` : '',
    query.q ? 'a search' : '',
  ].filter(Boolean);
  return `Orders exported as CSV${filters.length ? ` (${filters.join(', ')})` : ' (all orders)'}`;
}

/** The export, audited first: the audit says who took which orders out of the shop, and when. */
export async function auditedOrderExport(
  db: Executor,
  query: AdminOrderExportQuery,
  actor: AuditActor,
): Promise<Readable> {
  await recordAudit(db, actor, { action: 'orders.exported', summary: orderExportSummary(query) });
  return orderExportCsv(db, query);
}

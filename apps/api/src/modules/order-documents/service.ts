import {
  DEFAULT_SHOP_DETAILS,
  ORDER_DOCUMENT_MESSAGES,
  invoiceNumberLabel,
  paymentLabel,
  recipientOf,
  type OrderDocument,
  type OrderDocumentsRequest,
  type OrderDocumentsResponse,
  type ShopDetails,
} from '@shop/shared/order-documents';
import { PAYMENT_METHOD, orderNumber } from '@shop/shared/orders';
import { itemsCentsFor } from '@shop/shared/pricing';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/service';
import { findOrders } from '../orders/service';
import {
  findInvoices,
  findShopDetails,
  insertInvoices,
  lockInvoiceCounter,
  upsertShopDetails,
  type InvoiceRow,
} from './repository';

type DocumentOrder = Awaited<ReturnType<typeof findOrders>>[number];

/** GET /api/admin/shop-details: the owner's, or the spec's name and headquarters until then. */
export async function shopDetailsOf(db: Executor): Promise<ShopDetails> {
  return (await findShopDetails(db)) ?? DEFAULT_SHOP_DETAILS;
}

/** PUT /api/admin/shop-details (owner), audited. */
export async function saveShopDetails(
  db: Database,
  details: ShopDetails,
  actor: AuditActor,
): Promise<ShopDetails> {
  await db.transaction(async (tx) => {
    await upsertShopDetails(tx, details);
    await recordAudit(tx, actor, {
      action: 'shop.details_updated',
      summary: `Shop details set to ${details.name}, ${details.address.replace(/\s*\n\s*/g, ', ')}`,
    });
  });
  return details;
}

/**
 * The invoices of `orders` (all paid), numbering in the asked order those that have none yet.
 * The counter's row lock makes issuers queue: numbers are consecutive, never given twice, and an
 * order asked for by two requests at once gets one number (the second finds it under the lock).
 */
async function invoicesOf(
  db: Database,
  orders: DocumentOrder[],
  actor: AuditActor,
): Promise<InvoiceRow[]> {
  const ids = orders.map((order) => order.id);
  const known = await findInvoices(db, ids);
  if (known.length === ids.length) return known;
  return db.transaction(async (tx) => {
    let last = await lockInvoiceCounter(tx);
    const existing = await findInvoices(tx, ids);
    const numbered = new Set(existing.map((invoice) => invoice.orderId));
    const fresh = ids
      .filter((id) => !numbered.has(id))
      .map((orderId) => ({ orderId, number: ++last }));
    const written = await insertInvoices(tx, fresh, last);
    for (const invoice of written)
      await recordAudit(tx, actor, {
        action: 'invoice.issued',
        orderId: invoice.orderId,
        summary: `Invoice ${invoiceNumberLabel(invoice.number)} issued for order #${orderNumber(invoice.orderId)}`,
      });
    return [...existing, ...written];
  });
}

function documentOf(order: DocumentOrder, invoice: InvoiceRow | undefined): OrderDocument {
  return {
    orderId: order.id,
    number: orderNumber(order.id),
    orderedAt: order.createdAt.toISOString(),
    email: order.email,
    recipient: recipientOf(order),
    lines: order.items.map((item) => ({
      name: item.name,
      variantTitle: item.variantTitle,
      sku: item.sku,
      qty: item.qty,
      price: item.unitPriceCents / 100,
      total: itemsCentsFor([item]) / 100,
    })),
    ...(invoice && order.paidAt
      ? {
          invoice: {
            number: invoiceNumberLabel(invoice.number),
            issuedAt: invoice.issuedAt.toISOString(),
            itemsPrice: order.itemsCents / 100,
            discount:
              order.discountCents > 0
                ? { title: order.discountTitle ?? '', price: order.discountCents / 100 }
                : null,
            shippingPrice: order.shippingCents / 100,
            taxPrice: order.taxCents / 100,
            totalPrice: order.totalCents / 100,
            // Money back only once the provider confirmed it.
            refundedPrice: (order.refundedCents - order.refundPendingCents) / 100,
            paidAt: order.paidAt.toISOString(),
            payment: paymentLabel(order.paymentMethod || PAYMENT_METHOD),
          },
        }
      : {}),
  };
}

/**
 * The packing slips or invoices of the asked orders, in the asked order. Any order will do for a
 * packing slip; an invoice needs a paid order and is numbered the first time it is asked for.
 */
export async function orderDocuments(
  db: Database,
  request: OrderDocumentsRequest,
  actor: AuditActor,
): Promise<OrderDocumentsResponse> {
  const ids = [...new Set(request.orderIds.map((id) => id.toLowerCase()))];
  const found = new Map((await findOrders(db, ids)).map((order) => [order.id, order]));
  const orders = ids.map((id) => {
    const order = found.get(id);
    if (!order) throw new AppError('not_found', ORDER_DOCUMENT_MESSAGES.notFound);
    return order;
  });
  let invoices = new Map<string, InvoiceRow>();
  if (request.kind === 'invoice') {
    const unpaid = orders.find((order) => !order.paidAt);
    if (unpaid)
      throw new AppError('conflict', ORDER_DOCUMENT_MESSAGES.notPaid(orderNumber(unpaid.id)));
    invoices = new Map(
      (await invoicesOf(db, orders, actor)).map((invoice) => [invoice.orderId, invoice]),
    );
  }
  return {
    kind: request.kind,
    shop: await shopDetailsOf(db),
    documents: orders.map((order) => documentOf(order, invoices.get(order.id))),
  };
}

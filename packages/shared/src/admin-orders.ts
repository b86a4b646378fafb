import * as z from 'zod/mini';
import { lowStockVariantSchema } from './admin-catalog';
import { actorSchema, pagedSchema, pageQuerySchema } from './back-office';
import { lineOptionSchema, lineSizeSchema } from './cart';
import { toCents } from './money';
import { ORDER_STATUSES, orderSchema, shipmentSchema } from './orders';
import { singleLineText } from './text';

/** The back office's orders, customers and summary. Amounts in dollars; counts in units. */

export const ADMIN_PAGE_SIZE = 25;

const searchSchema = z.optional(
  singleLineText('Search').check(
    z.trim(),
    z.maxLength(200, 'Search must be at most 200 characters'),
  ),
);

/** The :id of the back office's order routes (fulfilment and refunds alike). */
export const orderIdParams = z.object({ id: singleLineText('Order id').check(z.maxLength(100)) });

/** GET /api/admin/orders?status=&q=&page= */
export const adminOrderListQuerySchema = z.object({
  status: z.optional(
    z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }),
  ),
  /** Matches the order number, the e-mail or the customer's name. */
  q: searchSchema,
  page: pageQuerySchema,
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

export const adminOrderRowSchema = z.object({
  _id: z.string(),
  number: z.string(),
  createdAt: z.string(),
  customerName: z.string(),
  email: z.string(),
  status: z.enum(ORDER_STATUSES),
  totalPrice: z.number(),
  /** Units, not lines. */
  itemsCount: z.int(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;
export const adminOrderListResponseSchema = z.extend(pagedSchema, {
  orders: z.array(adminOrderRowSchema),
});
export type AdminOrderListResponse = z.infer<typeof adminOrderListResponseSchema>;

export const refundRecordSchema = z.object({
  amount: z.number(),
  /** pending: asked of the payment provider and not yet answered (not money back yet). */
  status: z.enum(['pending', 'succeeded']),
  reason: z.string(),
  at: z.string(),
  by: actorSchema,
});
export type RefundRecord = z.infer<typeof refundRecordSchema>;

export const timelineEntrySchema = z.object({
  at: z.string(),
  actor: actorSchema,
  /** e.g. 'payment.paid', 'mail.sent', 'order.shipped', 'order.refunded'. */
  action: z.string(),
  detail: z.string(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** GET /api/admin/orders/:id: the shopper's order plus what the back office needs. */
export const adminOrderSchema = z.extend(orderSchema, {
  shipments: z.array(shipmentSchema),
  refunds: z.array(refundRecordSchema),
  refundedPrice: z.number(),
  /**
   * Units of each order line (in orderItems' order) already back in stock by refunds that stand:
   * the next refund of the line's units is counted from there (unitsRefundCents).
   */
  restockedUnits: z.array(z.int()),

  /** Oldest first. */
  timeline: z.array(timelineEntrySchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** POST /api/admin/orders/:id/ship (a paid order). */
export const shipOrderRequestSchema = z.object({
  carrier: singleLineText('Carrier').check(
    z.trim(),
    z.minLength(1, 'Carrier is required'),
    z.maxLength(60, 'Carrier must be at most 60 characters'),
  ),
  trackingNumber: singleLineText('Tracking number').check(
    z.trim(),
    z.minLength(1, 'Tracking number is required'),
    z.maxLength(80, 'Tracking number must be at most 80 characters'),
  ),
});
export type ShipOrderRequest = z.infer<typeof shipOrderRequestSchema>;

const reasonSchema = singleLineText('Reason').check(
  z.trim(),
  z.minLength(1, 'Please give a reason'),
  z.maxLength(300, 'Reason must be at most 300 characters'),
);

/** A line whose units go back to stock. */
export const restockLineSchema = z.object({
  product: singleLineText('Product').check(z.minLength(1), z.maxLength(100)),
  size: z._default(lineSizeSchema, 'NA'),
  option: z._default(lineOptionSchema, 'NA'),
  /**
   * The line's variant title ('Clay / XL'): names the line among lines of one product's other
   * variants, which have no spec size or option (decision 031).
   */
  variantTitle: z.optional(singleLineText('Variant').check(z.maxLength(200))),
  qty: z
    .number()
    .check(z.int('Quantity must be a whole number'), z.minimum(1, 'Quantity must be at least 1')),
});
export type RestockLine = z.infer<typeof restockLineSchema>;

/** More than any order can come to (the order limits cap far below): a bound for the input. */
const MAX_REFUND_DOLLARS = 1_000_000;

/** POST /api/admin/orders/:id/refund (owner): amount in dollars, at most what remains. */
export const refundRequestSchema = z.object({
  amount: z.number({ error: 'Amount must be a number' }).check(
    z.positive('Amount must be more than 0'),
    z.maximum(MAX_REFUND_DOLLARS, 'Amount is more than any order'),
    // Checked again here: zod runs this even when max failed, and toCents throws past safe cents.
    z.refine((dollars) => dollars <= MAX_REFUND_DOLLARS && toCents(dollars) / 100 === dollars, {
      message: 'Amount must have at most two decimals',
    }),
  ),
  restock: z._default(z.array(restockLineSchema).check(z.maxLength(50)), []),

  reason: reasonSchema,
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/** POST /api/admin/orders/:id/cancel (owner; paid and not shipped): full refund, all back to stock. */
export const cancelOrderRequestSchema = z.object({ reason: reasonSchema });
export type CancelOrderRequest = z.infer<typeof cancelOrderRequestSchema>;

/** GET /api/admin/customers?q=&page= */
export const adminCustomerListQuerySchema = z.object({ q: searchSchema, page: pageQuerySchema });
export type AdminCustomerListQuery = z.infer<typeof adminCustomerListQuerySchema>;
export const adminCustomerSchema = z.object({
  /** The account's id, or a guest's key (admin-customers.ts). */
  _id: z.string(),
  /** A guest: the paid guest orders of one e-mail, not an account (decision 045). */
  guest: z.boolean(),
  name: z.string(),
  email: z.string(),
  verified: z.boolean(),
  ordersCount: z.int(),
  /** Paid orders less refunds, in dollars. */
  totalSpent: z.number(),
  /** When the account was made; a guest's first paid order. */
  createdAt: z.string(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;
export const adminCustomerListResponseSchema = z.extend(pagedSchema, {
  customers: z.array(adminCustomerSchema),
});
export type AdminCustomerListResponse = z.infer<typeof adminCustomerListResponseSchema>;

/** GET /api/admin/summary. Sales are paid orders less refunds, in dollars. */
export const adminSummarySchema = z.object({
  salesToday: z.number(),
  ordersToday: z.int(),
  sales30Days: z.number(),
  orders30Days: z.int(),
  /** Paid (or partly refunded) and not yet shipped. */
  awaitingShipment: z.int(),
  /** Variants whose available stock is below their threshold (published and draft products). */
  lowStock: z.array(lowStockVariantSchema),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

export const ADMIN_ORDER_MESSAGES = {
  notFound: 'Order not found',
  notShippable: 'Only a paid order that has not shipped can be shipped',
  notDeliverable: 'Only a shipped order can be marked delivered',
  notRefundable: 'Only a paid order can be refunded',
  refundTooLarge: (remaining: string) =>
    `The refund is more than what remains to refund (${remaining})`,
  restockTooMany: 'Restock names more units than the order has left to restock',
  restockNotInOrder: 'Restock names an item that is not in this order',
  notCancellable: 'Only a paid order that has not shipped can be cancelled',
  refundFailed: 'The payment provider refused the refund; nothing was changed',
  /** The provider did not answer for sure (a timeout, an outage): the refund stays pending. */
  refundUnconfirmed:
    'The payment provider has not confirmed the refund yet. It stays pending and is finished automatically once the provider answers; do not refund it again.',
} as const;

import * as z from 'zod/mini';
import { lowStockVariantSchema } from './admin-catalog';
import { actorSchema, keysetPagedSchema, keysetQueryShape, oneCursor } from './back-office';
import { lineOptionSchema, lineSizeSchema } from './cart';
import { toCents } from './money';
import { ORDER_STATUSES, orderSchema, shipmentSchema } from './orders';
import { OTHER_CARRIER, PARCEL_MESSAGES, isWebAddress } from './parcels';
import { multiLineText, singleLineText } from './text';

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

/** 'YYYY-MM-DD', a day that exists (a UTC day: the summary's days are UTC days too). */
const dayQuerySchema = (label: string) =>
  z.optional(
    singleLineText(label).check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`),
      z.refine((day) => isCalendarDay(day), `${label} must be a date that exists`),
    ),
  );

/** Whether 'YYYY-MM-DD' names a day of the calendar (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === day;
}

const orderFilterShape = {
  status: z.optional(
    z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }),
  ),
  /** Matches the order number, the e-mail, the customer's name or the recipient's. */
  q: searchSchema,
  /** Orders placed from this UTC day on (inclusive). */
  from: dayQuerySchema('From'),
  /** Orders placed up to this UTC day (inclusive). */
  to: dayQuerySchema('To'),
};

const fromBeforeTo = z.refine<{ from?: string | undefined; to?: string | undefined }>(
  (query) => !query.from || !query.to || query.from <= query.to,
  { message: 'From must be on or before To', path: ['to'] },
);

/** GET /api/admin/orders?status=&q=&from=&to=&page=&after=|before= (decision 053) */
export const adminOrderListQuerySchema = z
  .object({ ...orderFilterShape, ...keysetQueryShape })
  .check(fromBeforeTo, oneCursor);
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

/** GET /api/admin/orders.csv?status=&q=&from=&to=: the same filters, every page. */
export const adminOrderExportQuerySchema = z.object(orderFilterShape).check(fromBeforeTo);
export type AdminOrderExportQuery = z.infer<typeof adminOrderExportQuerySchema>;

/**
 * The order list's days for the summary's 'Last 30 days' (the last 30 × 24 hours): from the UTC
 * day those hours start in, to today, so every order the card counts is listed.
 */
export function last30DaysRange(now: Date): { from: string; to: string } {
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);
  return { from: day(now.getTime() - 30 * 24 * 60 * 60_000), to: day(now.getTime()) };
}

export const adminOrderRowSchema = z.object({
  _id: z.string(),
  number: z.string(),
  createdAt: z.string(),
  customerName: z.string(),
  /** Who the parcel is for (the customer's name on orders placed before it was asked). */
  recipientName: z.string(),
  email: z.string(),
  status: z.enum(ORDER_STATUSES),
  totalPrice: z.number(),
  /** Units, not lines. */
  itemsCount: z.int(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;
export const adminOrderListResponseSchema = z.extend(keysetPagedSchema, {
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
  /** For programs, never shown: e.g. 'payment.paid', 'mail.sent', 'order.shipped', 'order.note'. */
  action: z.string(),
  /** What happened, in words ('Paid by card', 'Shipped 2 items by UPS, tracking number …'). */
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
  /** The id of each order line (in orderItems' order): a parcel names its lines by them. */
  lineIds: z.array(z.string()),
  /** Units of each order line (in orderItems' order) neither in a parcel nor refunded. */
  unitsToShip: z.array(z.int()),
  /**
   * What each order line (in orderItems' order) was paid, in cents: its items after its share of
   * the discount, and its share of the tax (decision 047). A refund of its units offers these.
   */
  lineShares: z.array(z.object({ itemsCents: z.int(), taxCents: z.int() })),

  /** Oldest first. */
  timeline: z.array(timelineEntrySchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/**
 * POST /api/admin/orders/:id/ship (a paid order): one parcel. `items` names units of the order's
 * lines (by lineIds); without it the parcel holds every unit that remains (the whole order at
 * once). USPS, UPS, FedEx and DHL get their tracking link from a template; the carrier 'Other'
 * needs `trackingUrl`, which any other carrier name may give.
 */
export const shipOrderRequestSchema = z
  .object({
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
    trackingUrl: z.optional(
      singleLineText('Tracking URL').check(
        z.trim(),
        z.maxLength(500, 'Tracking URL must be at most 500 characters'),
        z.refine((url) => url === '' || isWebAddress(url), PARCEL_MESSAGES.trackingUrlInvalid),
      ),
    ),
    note: z.optional(
      multiLineText('Note').check(
        z.trim(),
        z.maxLength(500, 'Note must be at most 500 characters'),
      ),
    ),
    items: z.optional(
      z
        .array(
          z.object({
            line: singleLineText('Line').check(z.minLength(1), z.maxLength(100)),
            qty: z
              .int('Quantity must be a whole number')
              .check(
                z.minimum(0, 'Quantity must be at least 0'),
                z.maximum(10_000, 'Quantity is more than any order'),
              ),
          }),
        )
        .check(z.maxLength(50)),
    ),
  })
  .check(
    z.refine(
      (parcel) =>
        parcel.carrier.toLowerCase() !== OTHER_CARRIER.toLowerCase() || Boolean(parcel.trackingUrl),
      { message: PARCEL_MESSAGES.trackingUrlNeeded, path: ['trackingUrl'] },
    ),
  );
export type ShipOrderRequest = z.infer<typeof shipOrderRequestSchema>;

/** POST /api/admin/orders/:id/notes: an internal note (staff only; never shown to the buyer). */
export const orderNoteRequestSchema = z.object({
  note: multiLineText('Note').check(
    z.trim(),
    z.minLength(1, 'Please write the note'),
    z.maxLength(2000, 'Note must be at most 2000 characters'),
  ),
});
export type OrderNoteRequest = z.infer<typeof orderNoteRequestSchema>;

/** POST /api/admin/orders/:id/shipments/:shipmentId/deliver */
export const shipmentParams = z.object({
  id: singleLineText('Order id').check(z.maxLength(100)),
  shipmentId: singleLineText('Parcel id').check(z.maxLength(100)),
});

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

/** GET /api/admin/customers?q=&page=&after=|before= (decision 053) */
export const adminCustomerListQuerySchema = z
  .object({ q: searchSchema, ...keysetQueryShape })
  .check(oneCursor);
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
export const adminCustomerListResponseSchema = z.extend(keysetPagedSchema, {
  customers: z.array(adminCustomerSchema),
});
export type AdminCustomerListResponse = z.infer<typeof adminCustomerListResponseSchema>;

/** GET /api/admin/summary. Sales are paid orders less refunds, in dollars. */
export const adminSummarySchema = z.object({
  salesToday: z.number(),
  ordersToday: z.int(),
  sales30Days: z.number(),
  orders30Days: z.int(),
  /** Paid (or partly refunded or shipped) and not yet shipped in full. */
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

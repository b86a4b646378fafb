import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { users } from './accounts';

/** See ORDER_STATUSES in @shop/shared/orders for the ways between them. */
export const orderStatus = pgEnum('order_status', [
  'pending_payment',
  'paid',
  'delivered',
  'expired',
  'cancelled',
  'shipped',
  'partially_refunded',
  'refunded',
  'partially_shipped',
]);

export interface ShippingAddressColumn {
  /** The recipient (decision 040); absent on orders placed before it was asked. */
  fullName?: string;
  /** E.164; absent when none was given. */
  phone?: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for guest orders. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    email: text('email').notNull(),
    status: orderStatus('status').notNull().default('pending_payment'),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddressColumn>().notNull(),
    paymentMethod: text('payment_method').notNull(),
    itemsCents: integer('items_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Taken off the items by the order's discount (decision 047); 0 without one. */
    discountCents: integer('discount_cents').notNull().default(0),
    /** The discount as the shopper read it: the code or the automatic discount's name. */
    discountTitle: text('discount_title'),
    /** What a free-shipping discount saved on the shipping line (already out of shippingCents). */
    shippingDiscountCents: integer('shipping_discount_cents').notNull().default(0),
    /**
     * What the order was charged, as it was then (decision 041); null on orders placed before the
     * settings existed ('Standard', 7 %, shipping untaxed).
     */
    shippingRateName: text('shipping_rate_name'),
    taxRateBp: integer('tax_rate_bp'),
    shippingTaxed: boolean('shipping_taxed'),
    paymentProvider: text('payment_provider').notNull(),
    paymentSessionId: text('payment_session_id').unique(),
    /** The provider's id of the payment itself (Stripe: the PaymentIntent), for refunds. */
    paymentReference: text('payment_reference'),
    /**
     * The key of the address the checkout came from (IPv4, or IPv6 by /64: lib/address-key); the
     * open checkouts of an address and the units they hold are limited.
     */
    clientAddress: text('client_address'),
    /**
     * SHA-256 of the one-time receipt token the browser that started the checkout keeps: only it
     * can read the order on the thank-you page (see getOrderReceipt).
     */
    receiptHash: text('receipt_hash'),
    /** Stock held by this order goes back when it is still unpaid at this time. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'orders_amounts_add_up',
      sql`${t.totalCents} = ${t.itemsCents} - ${t.discountCents} + ${t.shippingCents} + ${t.taxCents}`,
    ),
    index('orders_user_newest_idx').on(t.userId, t.createdAt.desc()),
    // The back office's order list: newest first, filtered by status or not, paged at a cursor
    // of (time, id) (decision 053): the id is in the index, so any page is an index walk. NULLS
    // FIRST is what `order by … desc` means; the DESC NULLS LAST indexes of 0004 served no sort.
    index('orders_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_status_newest_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_email_idx').on(t.email),
    // Guests under Customers are grouped by e-mail, case aside (decision 045).
    index('orders_guest_email_idx')
      .on(sql`lower(${t.email})`, t.createdAt)
      .where(sql`${t.userId} is null`),
    // The back office searches by part of an e-mail or name (ILIKE '%…%'): trigram indexes.
    index('orders_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('orders_customer_name_trgm_idx').using('gin', sql`${t.customerName} gin_trgm_ops`),
    index('orders_recipient_name_trgm_idx').using(
      'gin',
      sql`(${t.shippingAddress} ->> 'fullName') gin_trgm_ops`,
    ),
    index('orders_payment_reference_idx').on(t.paymentReference),
    index('orders_open_by_address_idx')
      .on(t.clientAddress)
      .where(sql`${t.status} = 'pending_payment'`),
    index('orders_open_holds_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'pending_payment'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** The key of the variant this line holds (variants.key). */
    variant: text('variant').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    size: text('size').notNull(),
    option: text('option').notNull(),
    /** What was sold, as it was then: the variant's option values ('Clay / XL') and its SKU. */
    variantTitle: text('variant_title').notNull().default(''),
    sku: text('sku'),
    qty: integer('qty').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** The line's share of the order's discount (decision 047). */
    discountCents: integer('discount_cents').notNull().default(0),
    /**
     * The line's share of the order's tax, allocated at checkout; null on orders placed before it
     * was kept (split as `lineShares` does, which is what checkout allocates too).
     */
    taxCents: integer('tax_cents'),
  },
  (t) => [
    check('order_items_qty_positive', sql`${t.qty} > 0`),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
  ],
);

/** Every provider event is recorded once: a webhook delivered twice is processed once. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** A parcel sent for an order: some or all of its units (shipment_items), delivered on its own. */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    /** The tracking page of a carrier without a template (USPS, UPS, FedEx and DHL have one). */
    trackingUrl: text('tracking_url'),
    /** A note for the buyer, in the parcel's mail and on their order page. */
    note: text('note'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('shipments_order_idx').on(t.orderId)],
);

/** The units of each order line a parcel holds. */
export const shipmentItems = pgTable(
  'shipment_items',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.orderItemId] }),
    check('shipment_items_qty_positive', sql`${t.qty} > 0`),
    index('shipment_items_order_item_idx').on(t.orderItemId),
  ],
);

export interface RestockColumn {
  productId: string;
  variant: string;
  qty: number;
}

/**
 * Money given back for an order. A refund is written 'pending' (under the order's row lock, so
 * refunds together never pass what was paid) before the provider is asked, then 'succeeded' or
 * 'failed'. Refunds made at the provider (Stripe's dashboard) arrive by webhook, actor null.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    /** Units given back to stock with this refund. */
    restock: jsonb('restock').$type<RestockColumn[]>().notNull().default([]),
    providerRefundId: text('provider_refund_id').unique(),
    /** Who asked for it (null: made at the provider); name and e-mail kept as they were then. */
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    actorName: text('actor_name'),
    /** Where the request came from, for the audit row written when it settles. */
    actorAddress: text('actor_address'),
    /** The cancellation of the order (settles as 'cancelled'), not a refund in part. */
    cancels: boolean('cancels').notNull().default(false),
    /** A pending refund claimed by a recovery sweep is left to it until then. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('refunds_status_known', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    index('refunds_order_idx').on(t.orderId),
    // The recovery sweep's look-up: only refunds still pending, oldest first.
    index('refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

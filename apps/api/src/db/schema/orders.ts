import { sql } from 'drizzle-orm';
import {
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

/** pending_payment → paid → delivered, or pending_payment → expired / cancelled. */
export const orderStatus = pgEnum('order_status', [
  'pending_payment',
  'paid',
  'delivered',
  'expired',
  'cancelled',
]);

export interface ShippingAddressColumn {
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
    paymentProvider: text('payment_provider').notNull(),
    paymentSessionId: text('payment_session_id').unique(),
    /** The address the checkout came from; open checkouts per address are limited. */
    clientAddress: text('client_address'),
    /** Stock held by this order goes back when it is still unpaid at this time. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'orders_amounts_add_up',
      sql`${t.totalCents} = ${t.itemsCents} + ${t.shippingCents} + ${t.taxCents}`,
    ),
    index('orders_user_newest_idx').on(t.userId, t.createdAt.desc()),
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
    /** The stock row this line holds: 'total', 'A', 'B', 'S/M', 'L' or 'XL'. */
    variant: text('variant').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    size: text('size').notNull(),
    option: text('option').notNull(),
    qty: integer('qty').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
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

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders';

/**
 * Discounts (issue 21, decisions 047 and 048): a code's or an automatic discount's rules. Its
 * uses are counted in `used_count` (live redemptions: reserved or final), raised only by one
 * conditional update under its limit, as stock holds are.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the shopper reads: the code, or the automatic discount's name. */
    title: text('title').notNull(),
    /** Applies without a code (then it has no codes). */
    automatic: boolean('automatic').notNull().default(false),
    kind: text('kind').notNull(),
    percent: integer('percent'),
    amountCents: integer('amount_cents'),
    maxShippingCents: integer('max_shipping_cents'),
    /** False: only the products, variants and collections listed. */
    wholeOrder: boolean('whole_order').notNull().default(true),
    productIds: uuid('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    variantIds: uuid('variant_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    collectionIds: uuid('collection_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    minItemsCents: integer('min_items_cents'),
    minQuantity: integer('min_quantity'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Uses in all, across its codes; null: no limit. */
    usageLimit: integer('usage_limit'),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    active: boolean('active').notNull().default(true),
    usedCount: integer('used_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('discounts_kind_known', sql`${t.kind} in ('percentage', 'fixed', 'free_shipping')`),
    check(
      'discounts_amount_fits_kind',
      sql`(${t.kind} <> 'percentage' or ${t.percent} between 1 and 100)
        and (${t.kind} <> 'fixed' or ${t.amountCents} > 0)`,
    ),
    check(
      'discounts_ends_after_start',
      sql`${t.endsAt} is null or ${t.startsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
    check(
      'discounts_used_within_limit',
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`,
    ),
    index('discounts_automatic_idx')
      .on(t.automatic)
      .where(sql`${t.automatic} and ${t.active}`),
  ],
);

/**
 * The codes a shopper types for a discount: its one code, or many single-use codes generated in
 * bulk (usage_limit 1), sharing its rules. Stored upper-cased; unique in the shop.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** Uses of this code alone (1 for a generated code); null: only the discount's limit. */
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_unique').on(t.code),
    index('discount_codes_discount_idx').on(t.discountId),
    check(
      'discount_codes_used_within_limit',
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`,
    ),
  ],
);

/**
 * A discount used by an order: reserved with the checkout's stock hold, final when the payment
 * arrives, released when the checkout expires or is cancelled (its use given back). 'Once per
 * customer' is the partial unique index over live redemptions.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'restrict' }),
    codeId: uuid('code_id').references(() => discountCodes.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** user:{id}, or email:{lower-cased e-mail} for a guest. */
    customerKey: text('customer_key').notNull(),
    /** The discount's rule when it was used: the unique index below reads it. */
    oncePerCustomer: boolean('once_per_customer').notNull(),
    status: text('status').notNull().default('reserved'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('discount_redemptions_order_unique').on(t.orderId),
    uniqueIndex('discount_redemptions_once_per_customer')
      .on(t.discountId, t.customerKey)
      .where(sql`${t.oncePerCustomer} and ${t.status} <> 'released'`),
    index('discount_redemptions_discount_idx').on(t.discountId),
    check(
      'discount_redemptions_status_known',
      sql`${t.status} in ('reserved', 'final', 'released')`,
    ),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProductOption } from '@shop/shared/catalog';
import { A_AND_B_OPTIONS, SIZE_OPTIONS } from '@shop/shared/catalog-constants';
import { users } from './accounts';

const SIZE_SHAPE = JSON.stringify(SIZE_OPTIONS);
const A_AND_B_SHAPE = JSON.stringify(A_AND_B_OPTIONS);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * A small number of its own, given by the database: what a search's matches are read as, so
     * the API finds tens of thousands of them in its listing index by number, not by id
     * (decision 064). Never shown, never asked for by a client.
     */
    number: integer('number').generatedAlwaysAsIdentity(),
    /** The product's unique slug (made from its name when not given): CSV rows are grouped by it. */
    handle: text('handle').notNull().unique(),
    /** Only published products are in the storefront; archived replaces deletion. */
    status: text('status').notNull().default('published'),
    name: text('name').notNull(),
    category: text('category').notNull(),
    descriptionHtml: text('description_html').notNull(),
    priceCents: integer('price_cents').notNull(),
    image: text('image').notNull(),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    imagesOptionA: text('images_option_a')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    imagesOptionB: text('images_option_b')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** What search results show (decision 037): '' = the name, and the description's text. */
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    /** Up to 3 options, e.g. [{ name: 'Colour', values: ['Sand', 'Clay'] }, { name: 'Size', … }]. */
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
    /**
     * The spec's shapes, read from the options (decision 031): exactly one option 'Size' with
     * S/M, L, XL, or exactly one option 'Option' with A, B. The storefront API answers the spec's
     * fields (hasSize, hasAandB, countInStock's sizes and options) from them.
     */
    hasSize: boolean('has_size')
      .notNull()
      .generatedAlwaysAs(sql`options = '${sql.raw(SIZE_SHAPE)}'::jsonb`),
    hasAandB: boolean('has_a_and_b')
      .notNull()
      .generatedAlwaysAs(sql`options = '${sql.raw(A_AND_B_SHAPE)}'::jsonb`),
    /** Kept beside the reviews, updated in the same transaction as each review. */
    numReviews: integer('num_reviews').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_price_cents_nonnegative', sql`${t.priceCents} >= 0`),
    check(
      'products_category_known',
      sql`${t.category} in ('totes', 'flower_totes', 'belts', 'hoodies', 'selflove_women_tshirts', 'selflove_men_tshirts')`,
    ),
    check('products_status_known', sql`${t.status} in ('published', 'draft', 'archived')`),
    index('products_category_idx').on(t.category),
    index('products_status_idx').on(t.status),
    // The storefront's listing order, ids included: a page's ids are read from the index alone.
    index('products_published_listing_idx')
      .on(t.createdAt.desc().nullsFirst(), t.name, t.id)
      .where(sql`${t.status} = 'published'`),
  ],
);

/**
 * A product's variants: one row per combination of its options' values that the shop sells (a
 * product without options has one, keyed 'total'). The row carries what the variant is (its
 * option values, SKU, price, photos: written by the catalog) and its stock (written only by the
 * stock ledger, modules/stock): `onHand` is what the shop has; `held` what open checkouts hold;
 * `available` (what can still be bought) is computed from both and never goes below zero. Every
 * change of onHand or held writes a stock_movements row in the same transaction.
 *
 * `key` names the variant in the ledger, holds and order lines: the spec's 'total', 'A', 'B',
 * 'S/M', 'L', 'XL' for the variants that existed before options (decision 031), the variant's id
 * for every later one; it never changes, so a renamed option value keeps its history.
 */
export const variants = pgTable(
  'variants',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The variant's public id (`?variant=`, cart lines). */
    id: uuid('id').notNull().unique().defaultRandom(),
    position: integer('position').notNull().default(0),
    /** One value per option of the product, in the options' order. */
    optionValues: text('option_values')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sku: text('sku'),
    /** Null: the product's price. */
    priceCents: integer('price_cents'),
    compareAtCents: integer('compare_at_cents'),
    barcode: text('barcode'),
    weightGrams: integer('weight_grams'),
    /** The variant's own photos (URLs); none: the product's. */
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    onHand: integer('on_hand').notNull(),
    held: integer('held').notNull().default(0),
    available: integer('available')
      .notNull()
      .generatedAlwaysAs(sql`on_hand - held`),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(3),
    /** Set when the low-stock mail went out; cleared once available rises above the threshold. */
    lowStockAlerted: boolean('low_stock_alerted').notNull().default(false),
    /**
     * What a listing's option filters match (decision 057): 'size=L', 'colour=Sand', one per
     * option (its name in lower case, the value as written). Written only by the database, from
     * the product's options and this row's values (migration 0027).
     */
    facets: text('facets')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.key] }),
    uniqueIndex('variants_sku_unique')
      .on(t.sku)
      .where(sql`${t.sku} is not null`),
    check('variants_held_nonnegative', sql`${t.held} >= 0`),
    check('variants_on_hand_covers_held', sql`${t.onHand} >= ${t.held}`),
    check('variants_threshold_nonnegative', sql`${t.lowStockThreshold} >= 0`),
    check('variants_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('variants_compare_at_nonnegative', sql`${t.compareAtCents} >= 0`),
    check('variants_weight_nonnegative', sql`${t.weightGrams} >= 0`),
  ],
);

/**
 * The stock ledger: one row per change of a variant's on-hand or held units, written in the same
 * transaction as the change, never updated. For every variant, onHand is the sum of `change` and
 * held the sum of `heldChange`.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull(),
    change: integer('change').notNull(),
    heldChange: integer('held_change').notNull(),
    reason: text('reason').notNull(),
    /** Who, for back-office changes (as they were then); null for checkouts and the system. */
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    actorName: text('actor_name'),
    /** Which order, for holds, releases, sales and refund restocks. */
    orderId: uuid('order_id'),
    note: text('note'),
    onHandAfter: integer('on_hand_after').notNull(),
    heldAfter: integer('held_after').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Orders movements made in one transaction (same `at`). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    check(
      'stock_movements_reason_known',
      sql`${t.reason} in ('received', 'correction', 'damaged', 'returned', 'import', 'sale', 'refund_restock', 'hold', 'release')`,
    ),
    index('stock_movements_product_newest_idx').on(t.productId, t.seq.desc()),
    index('stock_movements_newest_idx').on(t.seq.desc()),
  ],
);

/**
 * An uploaded photo of a product, in one of its slots; its renditions are in image_files. A photo
 * of the 'variant' slot belongs to one variant (decision 037) and goes with it.
 */
export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    slot: text('slot').notNull(),
    /** The variant whose photo it is ('variant' slot only). */
    variantId: uuid('variant_id').references(() => variants.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    alt: text('alt').notNull(),
    /** Content hash of the upload; names its renditions ('<hash>-<width>.webp'). */
    hash: text('hash').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'product_images_slot_known',
      sql`${t.slot} in ('main', 'gallery', 'optionA', 'optionB', 'variant')`,
    ),
    check(
      'product_images_variant_slot',
      sql`(${t.slot} = 'variant') = (${t.variantId} is not null)`,
    ),
    index('product_images_product_idx').on(t.productId, t.slot, t.position),
    index('product_images_variant_idx')
      .on(t.variantId, t.position)
      .where(sql`${t.variantId} is not null`),
  ],
);

/** Re-encoded photo files, served at content-hashed, immutable URLs by every API process. */
export const imageFiles = pgTable('image_files', {
  /** e.g. '3f9a…-800.webp'. */
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  body: bytea('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Normalised (trimmed, lower case). */
    email: text('email').notNull(),
    /**
     * The account whose review it is: written signed in, or through an order link of one of the
     * account's orders. Null for a guest's review (and once the account is erased).
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The order link it was written through (orders are never deleted: they stay for the books).
     * Null for a review written signed in.
     */
    orderId: uuid('order_id'),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One review per account per product; a guest's, one per e-mail per product. A guest review
    // under an account's address is not the account's, so it does not stand in its way.
    uniqueIndex('reviews_one_per_account_per_product').on(t.productId, t.userId),
    uniqueIndex('reviews_one_per_guest_email_per_product')
      .on(t.productId, t.email)
      .where(sql`${t.userId} is null`),
    index('reviews_user_idx').on(t.userId),
    index('reviews_order_idx').on(t.orderId),
    check('reviews_rating_1_to_5', sql`${t.rating} between 1 and 5`),
    index('reviews_product_newest_idx').on(t.productId, t.createdAt.desc()),
  ],
);

/**
 * A product's former handles (docs/decisions/033-product-addresses.md): `/products/<handle>` of a
 * renamed product answers 301 to its current handle. One row per old handle, whichever rename
 * made it; a product that takes a handle (new or renamed) drops that handle's row, so a handle is
 * never both a product's and a redirect.
 */
export const productHandleRedirects = pgTable(
  'product_handle_redirects',
  {
    handle: text('handle').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_handle_redirects_product_idx').on(t.productId)],
);

/**
 * Units paid per product per day (decision 057): 'Best selling' sums the last 90 days of these,
 * never the orders themselves. Written only by the database when an order is paid (migration
 * 0027), in the payment's transaction.
 */
export const productSalesDays = pgTable(
  'product_sales_days',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    units: integer('units').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.day] }),
    index('product_sales_days_day_idx').on(t.day),
  ],
);

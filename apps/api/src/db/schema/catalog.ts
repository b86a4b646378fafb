import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable identifier of a sample product, so the seed can be re-run safely. */
    slug: text('slug').notNull().unique(),
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
    hasSize: boolean('has_size').notNull().default(false),
    hasAandB: boolean('has_a_and_b').notNull().default(false),
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
    check('products_not_both_size_and_option', sql`not (${t.hasSize} and ${t.hasAandB})`),
    index('products_category_idx').on(t.category),
    index('products_listing_order_idx').on(t.createdAt.desc(), t.name),
  ],
);

/**
 * One row per sellable variant: 'total' for plain products, 'A'/'B' for products with options,
 * 'S/M'/'L'/'XL' for sized ones. `available` is what can still be bought: on hand minus what
 * open checkouts hold. It never goes below zero.
 */
export const stock = pgTable(
  'stock',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull(),
    available: integer('available').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.variant] }),
    check('stock_available_nonnegative', sql`${t.available} >= 0`),
    check('stock_variant_known', sql`${t.variant} in ('total', 'A', 'B', 'S/M', 'L', 'XL')`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Normalised (trimmed, lower case); one review per e-mail per product. */
    email: text('email').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('reviews_one_per_email_per_product').on(t.productId, t.email),
    check('reviews_rating_1_to_5', sql`${t.rating} between 1 and 5`),
    index('reviews_product_newest_idx').on(t.productId, t.createdAt.desc()),
  ],
);

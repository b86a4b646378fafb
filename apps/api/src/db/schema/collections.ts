import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';

/**
 * A collection of the shop's own (decision 034), shown at /collections/:handle when published.
 * The six categories are not collections: they stay the products' own column.
 */
export const collections = pgTable(
  'collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Its address; made from the name when not given, as product handles are. */
    handle: text('handle').notNull().unique(),
    name: text('name').notNull(),
    /** Plain text; blank lines part its paragraphs. */
    description: text('description').notNull().default(''),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    status: text('status').notNull().default('draft'),
    showInMenu: boolean('show_in_menu').notNull().default(false),
    menuPosition: integer('menu_position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('collections_status_known', sql`${t.status} in ('published', 'draft')`),
    check('collections_menu_position_range', sql`${t.menuPosition} between 0 and 999`),
  ],
);

/** A collection's products in the owner's order (0 first); a product may be in many collections. */
export const collectionProducts = pgTable(
  'collection_products',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index('collection_products_order_idx').on(t.collectionId, t.position),
    index('collection_products_product_idx').on(t.productId),
  ],
);

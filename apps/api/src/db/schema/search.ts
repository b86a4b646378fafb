import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A transaction's id, 64 bits (PostgreSQL 13 and later); read as text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * What the storefront's search reads of a product (decision 050): its text in three fields of
 * falling rank, in the shop's text search configuration `shop_search` (English stems, accents
 * folded). Written only by the database: triggers on products, variants, collections and their
 * products refresh a product's row in the transaction that changed it (migration 0022).
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The product's number (`products.number`): a search's matches are read as numbers. */
    productNumber: integer('product_number').notNull(),
    /** The name. */
    nameVector: tsvector('name_vector').notNull(),
    /** Its category and published collections' names, option values and SKUs. */
    facetVector: tsvector('facet_vector').notNull(),
    /** The description as plain text (tags, attributes and entities left out). */
    textVector: tsvector('text_vector').notNull(),
    /**
     * The transaction that last wrote the row (decision 068): the API's listing index keeps each
     * product's words and reads the rows written since the oldest transaction it could not see.
     */
    changed: xid8('changed')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  // All three: what a search matches, before the fields rank the matches. An index on their
  // concatenation, not a column: the rows a broad word's matches are read from stay half as wide
  // (decision 064).
  (t) => [
    index('product_search_document_idx').using(
      'gin',
      sql`(${t.nameVector} || ${t.facetVector} || ${t.textVector})`,
    ),
    index('product_search_changed_idx').on(t.changed),
  ],
);

/**
 * Whether some variant of a product can be bought (available > 0): a search ranks it above sold
 * out ones. Written by the database when a variant's availability crosses zero (rare) and when
 * variants are added or removed, so ranking never reads every match's variants. A table of its
 * own, apart from product_search: a checkout locks variants and then this row, as the catalog's
 * writes do (they lock a product's variants before writing them), so the two never deadlock.
 */
export const productInStock = pgTable(
  'product_in_stock',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    inStock: boolean('in_stock').notNull(),
    /**
     * Its variants' facets ('size=L') in the order a listing shows them, and those of the variants
     * that can be bought: a listing with no option chosen counts each option's values from these,
     * without reading any variant (decision 058).
     */
    facets: text('facets')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    stockFacets: text('stock_facets')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /*
     * What the product last added to the listings' kept counts (decision 059): whether it is
     * listed (published), its category, price, whether a variant is priced under its compare-at
     * price, and its collections. The counts change by the difference when a refresh changes them.
     */
    /**
     * Which option values a variant that can be bought has together (decision 060): 'x␞y' for
     * each two values x and y of one such variant, both ways round ('colour=Sand␞size=L' and
     * 'size=L␞colour=Sand'; ␞ is U+001E). Two options chosen (Size L, Colour Sand) and the counts
     * of either are read from these, without reading any variant.
     */
    stockPairs: text('stock_pairs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** How many options its variants have (Colour and Size: 2). */
    optionCount: smallint('option_count').notNull().default(0),
    listed: boolean('listed').notNull().default(false),
    category: text('category'),
    priceCents: integer('price_cents'),
    compareAtSale: boolean('compare_at_sale').notNull().default(false),
    collectionIds: uuid('collection_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /**
     * The transaction that last wrote the row (decision 061): the API's listing index reads the
     * rows written since the oldest transaction it could not yet see.
     */
    changed: xid8('changed')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [index('product_in_stock_changed_idx').on(t.changed)],
);

/** The products whose kept facts were deleted, and by which transaction (decision 061). */
export const productInStockGone = pgTable(
  'product_in_stock_gone',
  {
    productId: uuid('product_id').notNull(),
    changed: xid8('changed')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_in_stock_gone_changed_idx').on(t.changed)],
);

/**
 * The listings' facets kept by the database for the listings with no filter chosen (decision
 * 059): per scope ('all', 'category:<category>', 'collection:<id>'), facet and value, how many
 * listed products count for it. A product's change appends its difference to
 * `listing_facet_deltas` (no row is updated, so checkouts never wait on a count); the API folds
 * the deltas into these counts now and then, and a read sums both.
 */
export const listingFacetCounts = pgTable(
  'listing_facet_counts',
  {
    scope: text('scope').notNull(),
    facet: text('facet').notNull(),
    value: text('value').notNull(),
    /** An option value's place in a product's list (its listing order); 0 for other facets. */
    position: integer('position').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.facet, t.value, t.position] })],
);

export const listingFacetDeltas = pgTable(
  'listing_facet_deltas',
  {
    scope: text('scope').notNull(),
    facet: text('facet').notNull(),
    value: text('value').notNull(),
    position: integer('position').notNull(),
    delta: integer('delta').notNull(),
  },
  (t) => [index('listing_facet_deltas_scope_idx').on(t.scope)],
);

/**
 * The words of products' names, categories, collections and option values (lower case, accents
 * folded): the vocabulary that corrects typos and answers 'did you mean' by trigram similarity.
 * Only grows; a word is offered only while a published product still matches it.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/**
 * The owner's synonyms: each row a group of words or phrases that a search treats as one, in the
 * owner's order (by id: the list is replaced as a whole).
 */
export const searchSynonyms = pgTable('search_synonyms', {
  id: serial('id').primaryKey(),
  /** Lower case, trimmed; 2 or more, in the owner's order. */
  terms: text('terms').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The Searches report (decision 056): per day of the shop's calendar and query, how often it was
 * searched, what its latest search found and how many of its searches led to a product page.
 * Nothing of who searched: no account, address, session or cookie. Written in batches by the API
 * (modules/search/search-log.ts); days past the report's 30 are deleted.
 */
export const searchQueryDays = pgTable(
  'search_query_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** Trimmed, lower case, single spaces, at most 200 characters (normalizeSearchQuery). */
    query: text('query').notNull(),
    searches: integer('searches').notNull().default(0),
    /** The products found by the latest search of it that day. */
    results: integer('results').notNull().default(0),
    productViews: integer('product_views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.query] })],
);

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

/**
 * The owner's shipping zones, their rates, and the tax settings (decision 041). Their migration
 * seeds the spec's: zone 'Everywhere' (everywhere else) with 'Standard' $5 free from $50, 7 %.
 */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** ISO 3166-1 alpha-2 codes; a country is in one zone at most (the service checks). */
    countries: text('countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The zone of every country no other zone lists; one such zone at most. */
    everywhereElse: boolean('everywhere_else').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipping_zones_one_everywhere_else')
      .on(t.everywhereElse)
      .where(sql`${t.everywhereElse}`),
  ],
);

export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Items total from which the rate is free; null: never. */
    freeFromCents: integer('free_from_cents'),
    minWeightGrams: integer('min_weight_grams'),
    maxWeightGrams: integer('max_weight_grams'),
    /** The zone's first rate (lowest position) is the one a checkout takes when none is picked. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'shipping_rates_amounts_nonnegative',
      sql`${t.priceCents} >= 0 and ${t.freeFromCents} >= 0`,
    ),
    check(
      'shipping_rates_weights_in_order',
      sql`${t.minWeightGrams} >= 0 and ${t.maxWeightGrams} >= ${t.minWeightGrams}`,
    ),
    index('shipping_rates_zone_idx').on(t.zoneId, t.position),
  ],
);

/** One row: the default tax rate and whether shipping is taxed. */
export const taxSettings = pgTable(
  'tax_settings',
  {
    id: integer('id').primaryKey().default(1),
    defaultRateBp: integer('default_rate_bp').notNull(),
    taxShipping: boolean('tax_shipping').notNull().default(false),
  },
  (t) => [
    check('tax_settings_one_row', sql`${t.id} = 1`),
    check('tax_settings_rate_range', sql`${t.defaultRateBp} between 0 and 10000`),
  ],
);

/** A rate for a country ('' state) or for a US state, in basis points. */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    country: text('country').notNull(),
    /** A US state's USPS code; '' for the whole country. */
    state: text('state').notNull().default(''),
    rateBp: integer('rate_bp').notNull(),
  },
  (t) => [
    uniqueIndex('tax_rates_place_unique').on(t.country, t.state),
    check('tax_rates_rate_range', sql`${t.rateBp} between 0 and 10000`),
  ],
);

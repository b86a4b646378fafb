import * as z from 'zod/mini';
import { countryCodeOf, usStateCodeOf } from './countries';
import { toCents } from './money';
import {
  MAX_ORDER_LINES,
  discountCodeSchema,
  discountLineSchema,
  orderItemRequestSchema,
  shippingRateIdSchema,
  type OrderItemRequest,
} from './orders';
import { singleLineText } from './text';

/**
 * The contract of the shipping and tax settings (decision 041): the back office's settings page
 * and the storefront's quote. Money in dollars and rates in percent at the edge; the rules
 * (shipping.ts) work in cents and basis points.
 */

const MAX_AMOUNT_DOLLARS = 100_000;
const MAX_WEIGHT_GRAMS = 1_000_000;
export const MAX_ZONES = 50;
export const MAX_RATES_PER_ZONE = 20;
export const MAX_TAX_RATES = 300;

const name = (label: string) =>
  singleLineText(label, { error: `${label} is required` }).check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(60, `${label} must be at most 60 characters`),
  );

const amount = (label: string) =>
  z.number({ error: `${label} must be a number` }).check(
    z.nonnegative(`${label} must be at least 0`),
    z.maximum(
      MAX_AMOUNT_DOLLARS,
      `${label} must be at most ${MAX_AMOUNT_DOLLARS.toLocaleString('en-US')}`,
    ),
    z.refine((dollars) => toCents(dollars) / 100 === dollars, {
      message: `${label} must have at most two decimals`,
    }),
  );

const grams = (label: string) =>
  z.nullable(
    z
      .int({ error: `${label} must be a whole number of grams` })
      .check(
        z.nonnegative(`${label} must be at least 0`),
        z.maximum(MAX_WEIGHT_GRAMS, `${label} must be at most ${MAX_WEIGHT_GRAMS} g`),
      ),
  );

/** A tax rate in percent with at most two decimals (8.25), up to 100. */
const percent = (label: string) =>
  z.number({ error: `${label} must be a number` }).check(
    z.nonnegative(`${label} must be at least 0`),
    z.maximum(100, `${label} must be at most 100`),
    z.refine((rate) => toCents(rate) / 100 === rate, {
      message: `${label} must have at most two decimals`,
    }),
  );

/** A country as typed (code, alpha-3 or English name), kept as its alpha-2 code. */
const countrySchema = z.pipe(
  singleLineText('Country', { error: 'Country is required' }).check(
    z.maxLength(100),
    z.refine((text) => countryCodeOf(text) !== null, { message: 'Country is not a known country' }),
  ),
  z.transform((text) => countryCodeOf(text)!),
);

export const idParams = z.object({ id: singleLineText('Id').check(z.maxLength(100)) });

/** POST /api/admin/shipping-zones, PUT /api/admin/shipping-zones/:id */
export const shippingZoneWriteSchema = z
  .object({
    name: name('Zone name'),
    countries: z._default(
      z.array(countrySchema).check(z.maxLength(300, 'A zone lists at most 300 countries')),
      [],
    ),
    everywhereElse: z._default(
      z.boolean({ error: 'Everywhere else must be true or false' }),
      false,
    ),
  })
  .check(
    z.refine((zone) => zone.everywhereElse || zone.countries.length > 0, {
      message: 'A zone needs at least one country, or to cover everywhere else',
      path: ['countries'],
    }),
  );
export type ShippingZoneWrite = z.infer<typeof shippingZoneWriteSchema>;

/** POST /api/admin/shipping-zones/:id/rates, PUT /api/admin/shipping-rates/:id */
export const shippingRateWriteSchema = z
  .object({
    name: name('Rate name'),
    price: amount('Price'),
    freeFrom: z._default(z.nullable(amount('Free from')), null),
    minWeightGrams: z._default(grams('Minimum weight'), null),
    maxWeightGrams: z._default(grams('Maximum weight'), null),
  })
  .check(
    z.refine(
      (rate) =>
        rate.minWeightGrams === null ||
        rate.maxWeightGrams === null ||
        rate.minWeightGrams <= rate.maxWeightGrams,
      { message: 'Minimum weight must not be above maximum weight', path: ['maxWeightGrams'] },
    ),
  );
export type ShippingRateWrite = z.infer<typeof shippingRateWriteSchema>;

/** PUT /api/admin/tax-settings */
export const taxSettingsWriteSchema = z.object({
  defaultRate: percent('Default tax rate'),
  taxShipping: z.boolean({ error: 'Tax shipping must be true or false' }),
});
export type TaxSettingsWrite = z.infer<typeof taxSettingsWriteSchema>;

/** POST /api/admin/tax-rates: a rate for a country, or for a US state (state given). */
export const taxRateWriteSchema = z
  .object({
    country: countrySchema,
    state: z._default(z.nullable(singleLineText('State').check(z.trim(), z.maxLength(60))), null),
    rate: percent('Tax rate'),
  })
  .check(
    z.refine((rate) => !rate.state || (rate.country === 'US' && usStateCodeOf(rate.state)), {
      message: 'State must be a US state',
      path: ['state'],
    }),
  );
export type TaxRateWrite = z.infer<typeof taxRateWriteSchema>;

const rateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  freeFrom: z.nullable(z.number()),
  minWeightGrams: z.nullable(z.number()),
  maxWeightGrams: z.nullable(z.number()),
});

/** GET /api/admin/shipping-settings, and the answer of every write to them. */
export const shippingSettingsSchema = z.object({
  zones: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      countries: z.array(z.object({ code: z.string(), name: z.string() })),
      everywhereElse: z.boolean(),
      rates: z.array(rateSchema),
    }),
  ),
  tax: z.object({
    defaultRate: z.number(),
    taxShipping: z.boolean(),
    rates: z.array(
      z.object({
        _id: z.string(),
        country: z.string(),
        countryName: z.string(),
        state: z.nullable(z.string()),
        rate: z.number(),
      }),
    ),
  }),
});
export type ShippingSettings = z.infer<typeof shippingSettingsSchema>;

/** GET /api/shipping/countries: where the shop ships (every country when a zone covers the rest). */
export const shipToCountriesSchema = z.object({
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type ShipToCountries = z.infer<typeof shipToCountriesSchema>;

/**
 * GET /api/shipping/quote?items=…&country=…&state=…&shippingRateId=…: a question, so a GET; the
 * cart's lines come as JSON in `items` (what the checkout would send as orderItems).
 */
export const shippingQuoteQuerySchema = z.object({
  items: z.pipe(
    z.pipe(
      z.string({ error: 'Items are required' }).check(z.maxLength(20_000, 'Too many items')),
      z.transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.issues.push({ code: 'custom', message: 'Items must be a JSON list', input: text });
          return z.NEVER;
        }
      }),
    ),
    z
      .array(orderItemRequestSchema, { error: 'Items must be a JSON list' })
      .check(z.minLength(1, 'Your cart is empty'), z.maxLength(MAX_ORDER_LINES)),
  ),
  country: singleLineText('Country', { error: 'Country is required' }).check(
    z.trim(),
    z.minLength(1, 'Country is required'),
    z.maxLength(120),
  ),
  state: z._default(singleLineText('State').check(z.trim(), z.maxLength(120)), ''),
  shippingRateId: shippingRateIdSchema,
  discountCode: discountCodeSchema,
  /** The shopper's e-mail, for a guest's 'once per customer' code (the account's when signed in). */
  email: z.optional(z.string().check(z.trim(), z.maxLength(254))),
});
export type ShippingQuoteQuery = z.output<typeof shippingQuoteQuerySchema>;

/** What the storefront asks a quote for (sent as shippingQuoteQuerySchema's query). */
export interface ShippingQuoteArgs {
  orderItems: OrderItemRequest[];
  country: string;
  state: string;
  shippingRateId?: string | undefined;
  discountCode?: string | undefined;
  email?: string | undefined;
}

/** The rates the shopper may pick, the one priced, and the order's totals in dollars. */
export const shippingQuoteSchema = z.object({
  rates: z.array(z.object({ _id: z.string(), name: z.string(), price: z.number() })),
  shippingRateId: z.string(),
  taxRate: z.number(),
  itemsPrice: z.number(),
  /** Off the items by the discount that applies (decision 047); 0 without one. */
  discountPrice: z.number(),
  discount: z.nullable(discountLineSchema),
  /** Why the code typed does not apply, or that an automatic discount saves more; else null. */
  discountMessage: z.nullable(z.string()),
  shippingPrice: z.number(),
  taxPrice: z.number(),
  totalPrice: z.number(),
});
export type ShippingQuote = z.infer<typeof shippingQuoteSchema>;

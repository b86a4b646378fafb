import { allocateCents } from './allocation';
import { countryCodeOf, countryName, usStateCodeOf } from './countries';
import { freeShippingCovers, type DiscountRule } from './discounts';
import { assertCents } from './money';
import {
  FREE_SHIPPING_THRESHOLD_CENTS,
  SHIPPING_CENTS,
  TAX_RATE,
  itemsCentsFor,
  taxAtRate,
  type OrderPrice,
  type PricedLine,
} from './pricing';

/**
 * The owner's shipping zones and rates and the tax settings (decision 041), and the rules that
 * price an order with them. Pure: the API reads the settings from the database and calls these.
 */

export interface ShippingRate {
  id: string;
  name: string;
  priceCents: number;
  /** Items total (cents) from which this rate costs nothing; null: never free. */
  freeFromCents: number | null;
  /** Order weight bounds in grams, both inclusive; null: unbounded. */
  minWeightGrams: number | null;
  maxWeightGrams: number | null;
}

export interface ShippingZone {
  id: string;
  name: string;
  /** ISO 3166-1 alpha-2 codes. */
  countries: string[];
  /** The zone of every country no other zone lists ('rest of world'). */
  everywhereElse: boolean;
  /** In the owner's order: the first is the one a checkout takes when the shopper picks none. */
  rates: ShippingRate[];
}

export interface TaxRate {
  /** Alpha-2 code. */
  country: string;
  /** A US state's USPS code; null for the whole country. */
  state: string | null;
  rateBp: number;
}

export interface TaxSettings {
  /** Basis points (700 = 7 %) where no country or state rate applies. */
  defaultRateBp: number;
  /** Whether shipping is taxed at the same rate as the items. */
  taxShipping: boolean;
  rates: TaxRate[];
}

/** Everything that decides what an order is charged besides its items. */
export interface ChargeSettings {
  /** In the owner's order: a country listed by two zones would go to the first. */
  zones: ShippingZone[];
  tax: TaxSettings;
}

/** 10,000 basis points are 100 %. */
export const BASIS_POINTS = 10_000;
/** Highest tax rate the owner can set: 100 %. */
export const MAX_TAX_RATE_BP = BASIS_POINTS;

/** The spec's charges: one zone for every country, 'Standard' $5 free from $50, 7 % of items. */
export const SPEC_CHARGE_SETTINGS: ChargeSettings = {
  zones: [
    {
      id: 'everywhere',
      name: 'Everywhere',
      countries: [],
      everywhereElse: true,
      rates: [
        {
          id: 'standard',
          name: 'Standard',
          priceCents: SHIPPING_CENTS,
          freeFromCents: FREE_SHIPPING_THRESHOLD_CENTS,
          minWeightGrams: null,
          maxWeightGrams: null,
        },
      ],
    },
  ],
  tax: { defaultRateBp: Math.round(TAX_RATE * BASIS_POINTS), taxShipping: false, rates: [] },
};

export const SHIPPING_MESSAGES = {
  notShipped: (countryCode: string) => `We do not ship to ${countryName(countryCode)} yet`,
  noRateForWeight: 'No shipping rate fits the weight of this order',
  rateNotOffered: 'This shipping rate is not offered for this address',
} as const;

/** An address as the rules read it: country as typed or as a code, state as typed. */
export interface ChargeAddress {
  country: string;
  state?: string | undefined;
}

/** The alpha-2 code of an address's country; free text naming no country is kept as typed. */
export function countryKeyOf(country: string): string {
  return countryCodeOf(country) ?? country.trim();
}

/** The zone an address's country ships from: the first zone listing it, else 'everywhere else'. */
export function zoneFor(zones: readonly ShippingZone[], country: string): ShippingZone | null {
  const code = countryKeyOf(country);
  return (
    zones.find((zone) => zone.countries.includes(code)) ??
    zones.find((zone) => zone.everywhereElse) ??
    null
  );
}

/** The rates of a zone an order of this weight may take (bounds inclusive), in the owner's order. */
export function ratesForWeight(zone: ShippingZone, weightGrams: number): ShippingRate[] {
  return zone.rates.filter(
    (rate) =>
      (rate.minWeightGrams === null || weightGrams >= rate.minWeightGrams) &&
      (rate.maxWeightGrams === null || weightGrams <= rate.maxWeightGrams),
  );
}

/**
 * What a rate costs for an items total: nothing for an empty cart or from its free-from amount,
 * judged on the items after any discount (`discountedCents`, decision 047).
 */
export function rateCents(
  rate: ShippingRate,
  itemsCents: number,
  discountedCents: number = itemsCents,
): number {
  assertCents(itemsCents, 'itemsCents');
  assertCents(discountedCents, 'discountedCents');
  if (itemsCents === 0) return 0;
  if (rate.freeFromCents !== null && discountedCents >= rate.freeFromCents) return 0;
  return rate.priceCents;
}

/** The rate for an address: its US state's, else its country's, else the default. */
export function taxRateBpFor(tax: TaxSettings, address: ChargeAddress): number {
  const country = countryKeyOf(address.country);
  const state = country === 'US' && address.state ? usStateCodeOf(address.state) : null;
  const ofState = state && tax.rates.find((r) => r.country === country && r.state === state);
  if (ofState) return ofState.rateBp;
  const ofCountry = tax.rates.find((r) => r.country === country && r.state === null);
  return ofCountry ? ofCountry.rateBp : tax.defaultRateBp;
}

/** An order's totals from its items, the chosen rate's price and the tax rate. */
export function totalsWith(
  itemsCents: number,
  shippingCents: number,
  tax: { rateBp: number; taxShipping: boolean },
): OrderPrice {
  assertCents(shippingCents, 'shippingCents');
  const taxed = itemsCents + (tax.taxShipping ? shippingCents : 0);
  const taxCents = taxAtRate(taxed, tax.rateBp);
  const totalCents = itemsCents + shippingCents + taxCents;
  if (!Number.isSafeInteger(totalCents)) throw new RangeError('Order total too large');
  return { itemsCents, shippingCents, taxCents, totalCents };
}

export interface RateOffer {
  rate: ShippingRate;
  /** What this rate costs for this order (nothing where a free-shipping discount covers it). */
  shippingCents: number;
}

/** A discount for an order: its rule and what it takes off each line (`lineDiscounts`). */
export interface AppliedDiscount {
  rule: DiscountRule;
  lineCents: readonly number[];
}

/** An order's amounts with its discount: total = items - discount + shipping + tax. */
export type DiscountedPrice = OrderPrice & { discountCents: number };

/** What an order is charged for an address: the zone's offers, the chosen one and the totals. */
export interface OrderQuote {
  zone: ShippingZone;
  offers: RateOffer[];
  chosen: RateOffer;
  taxRateBp: number;
  taxShipping: boolean;
  totals: DiscountedPrice;
  /** Each line's discount and tax, in whole cents; they add up to the order's. */
  lines: { discountCents: number; taxCents: number }[];
  /** The part of the tax that is shipping's (only where shipping is taxed). */
  shippingTaxCents: number;
  /** The discount and what it saved on items and on shipping; null where none applied. */
  discount: { rule: DiscountRule; itemsCents: number; shippingCents: number } | null;
}

export type QuoteResult = { ok: true; quote: OrderQuote } | { ok: false; message: string };

/**
 * Prices an order for an address with the owner's settings. The rate is the one asked for (it
 * must be offered for this address and weight) or else the zone's first that fits the weight.
 * A discount comes off the items first; a rate's free-from amount is judged on the items after
 * it (decision 047), and free shipping zeroes the rates it covers. The tax is the rate of the
 * discounted items (and shipping, where taxed), rounded once, and allocated to the lines (and
 * shipping) pro rata by the largest-remainder rule: each line knows what it paid.
 */
export function quoteOrder(
  settings: ChargeSettings,
  order: {
    lines: readonly PricedLine[];
    weightGrams: number;
    address: ChargeAddress;
    rateId?: string | undefined;
    discount?: AppliedDiscount | undefined;
  },
): QuoteResult {
  const zone = zoneFor(settings.zones, order.address.country);
  if (!zone || !zone.rates.length)
    return {
      ok: false,
      message: SHIPPING_MESSAGES.notShipped(countryKeyOf(order.address.country)),
    };
  const itemsCents = itemsCentsFor(order.lines);
  const lineDiscountCents = order.lines.map((_, i) => order.discount?.lineCents[i] ?? 0);
  const discountCents = lineDiscountCents.reduce((sum, cents) => sum + cents, 0);
  const paidItems = order.lines.map(
    (line, i) => line.unitPriceCents * line.qty - (lineDiscountCents[i] ?? 0),
  );
  if (paidItems.some((cents) => cents < 0))
    throw new RangeError('A line cannot be discounted below nothing');
  const rule = order.discount?.rule;
  const offers = ratesForWeight(zone, order.weightGrams).map((rate) => ({
    rate,
    shippingCents:
      rule && freeShippingCovers(rule, rate.priceCents)
        ? 0
        : rateCents(rate, itemsCents, itemsCents - discountCents),
  }));
  const chosen = order.rateId ? offers.find((offer) => offer.rate.id === order.rateId) : offers[0];
  if (!chosen)
    return {
      ok: false,
      message: order.rateId ? SHIPPING_MESSAGES.rateNotOffered : SHIPPING_MESSAGES.noRateForWeight,
    };
  const taxRateBp = taxRateBpFor(settings.tax, order.address);
  const { taxShipping } = settings.tax;
  const totals = totalsWith(itemsCents - discountCents, chosen.shippingCents, {
    rateBp: taxRateBp,
    taxShipping,
  });
  const taxes = allocateCents(totals.taxCents, [
    ...paidItems,
    taxShipping ? chosen.shippingCents : 0,
  ]);
  const shippingSaved =
    rule?.kind === 'free_shipping' && chosen.shippingCents === 0
      ? rateCents(chosen.rate, itemsCents, itemsCents - discountCents)
      : 0;
  return {
    ok: true,
    quote: {
      zone,
      offers,
      chosen,
      taxRateBp,
      taxShipping,
      totals: { ...totals, itemsCents, discountCents },
      lines: paidItems.map((_, i) => ({
        discountCents: lineDiscountCents[i] ?? 0,
        taxCents: taxes[i] ?? 0,
      })),
      shippingTaxCents: taxes[paidItems.length] ?? 0,
      discount:
        rule && (discountCents > 0 || shippingSaved > 0)
          ? { rule, itemsCents: discountCents, shippingCents: shippingSaved }
          : null,
    },
  };
}

/** '7 %', '8.25 %': a rate in basis points as the owner and the shopper read it. */
export function formatTaxRate(rateBp: number): string {
  return `${(rateBp / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;
}

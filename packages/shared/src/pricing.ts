import { assertCents } from './money';

/** Shipping is free from $50 of items (spec section 9, 'FREE SHIPPING ON ORDERS $50+'). */
export const FREE_SHIPPING_THRESHOLD_CENTS = 5000;
/** Flat shipping below the threshold: $5. */
export const SHIPPING_CENTS = 500;
/** Tax is 7% of the items price (not of shipping). */
export const TAX_RATE = 0.07;
// Tax in integer arithmetic: basis points avoid multiplying cents by a binary fraction.
const TAX_BASIS_POINTS = Math.round(TAX_RATE * 10_000);

export type PricedLine = { unitPriceCents: number; qty: number };
export type OrderPrice = {
  itemsCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
};

/** An empty cart (0 cents of items) ships nothing, so it pays no shipping either. */
export function shippingFor(itemsCents: number): number {
  assertCents(itemsCents, 'itemsCents');
  if (itemsCents === 0) return 0;
  return itemsCents >= FREE_SHIPPING_THRESHOLD_CENTS ? 0 : SHIPPING_CENTS;
}

/** 7% of the items, rounded half up to the cent. */
export function taxFor(itemsCents: number): number {
  assertCents(itemsCents, 'itemsCents');
  return taxAtRate(itemsCents, TAX_BASIS_POINTS);
}

/** A rate in basis points (700 = 7 %) of an amount, rounded half up to the cent. */
export function taxAtRate(amountCents: number, rateBp: number): number {
  assertCents(amountCents, 'amountCents');
  if (!Number.isSafeInteger(rateBp) || rateBp < 0) throw new RangeError(`Bad tax rate: ${rateBp}`);
  const scaled = amountCents * rateBp + 5_000;
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`Amount too large: ${amountCents}`);
  return Math.floor(scaled / 10_000);
}

/** Sum of unit price times quantity; quantities must be whole and at least 1. */
export function itemsCentsFor(lines: readonly PricedLine[]): number {
  let items = 0;
  for (const { unitPriceCents, qty } of lines) {
    assertCents(unitPriceCents, 'unitPriceCents');
    if (!Number.isSafeInteger(qty) || qty < 1) throw new RangeError(`qty must be >= 1: ${qty}`);
    items += unitPriceCents * qty;
    if (!Number.isSafeInteger(items)) throw new RangeError('Items total too large');
  }
  return items;
}

/** The order's amounts; the server calls it with database prices, never the client's. */
export function priceOrder(lines: readonly PricedLine[]): OrderPrice {
  const itemsCents = itemsCentsFor(lines);
  const shippingCents = shippingFor(itemsCents);
  const taxCents = taxFor(itemsCents);
  const totalCents = itemsCents + shippingCents + taxCents;
  if (!Number.isSafeInteger(totalCents)) throw new RangeError('Order total too large');
  return { itemsCents, shippingCents, taxCents, totalCents };
}

import { lineIsTargeted, percentOf, type DiscountRule } from './discounts';

/**
 * The prices a product's card and page show under an automatic discount (issue 21, decision
 * 050): the price any one unit has in a cart of its own, struck-through original beside it.
 * Pure; the API reads the automatic discounts and calls these.
 */

/** What the storefront needs to know of an item to price it on a card or a page. */
export interface SaleItem {
  priceCents: number;
  productId: string;
  /** Null: the product as a whole (its card), which a variant-only discount does not cover. */
  variantId: string | null;
  collectionIds: readonly string[];
}

export interface SalePrice {
  priceCents: number;
  /** The automatic discount's name ('Summer sale'). */
  title: string;
}

/**
 * Whether an automatic discount's price may be shown on products: a percentage off that a single
 * unit gets on its own, now. A fixed amount is off an order, not off each unit, and a minimum
 * spend or quantity, or a once-per-customer rule, depends on the cart or the shopper: those show
 * in the cart and at checkout, never as a product's price.
 */
export function showsOnProducts(rule: DiscountRule, now: Date): boolean {
  return (
    rule.code === null &&
    rule.active &&
    rule.kind === 'percentage' &&
    rule.percent !== null &&
    (rule.minItemsCents ?? 0) === 0 &&
    (rule.minQuantity ?? 0) <= 1 &&
    (rule.startsAt === null || now.getTime() >= Date.parse(rule.startsAt)) &&
    (rule.endsAt === null || now.getTime() < Date.parse(rule.endsAt))
  );
}

/**
 * The lowest price an item has under the rules shown on products (percentages, rounded half up
 * as a one-unit cart is); undefined when none covers it or it is free already. Callers pass the
 * rules that `showsOnProducts` kept; `oncePerCustomer` ones are left out by their reader.
 */
export function salePriceOf(rules: readonly DiscountRule[], item: SaleItem): SalePrice | undefined {
  let best: SalePrice | undefined;
  for (const rule of rules) {
    if (!coversItem(rule, item)) continue;
    const priceCents = item.priceCents - percentOf(item.priceCents, rule.percent ?? 0);
    if (priceCents < item.priceCents && (!best || priceCents < best.priceCents))
      best = { priceCents, title: rule.title };
  }
  return best;
}

function coversItem(rule: DiscountRule, item: SaleItem): boolean {
  if (item.variantId === null && rule.target && !rule.target.productIds.includes(item.productId))
    return item.collectionIds.some((id) => rule.target?.collectionIds.includes(id));
  return lineIsTargeted(rule.target, {
    unitPriceCents: item.priceCents,
    qty: 1,
    productId: item.productId,
    variantId: item.variantId ?? '',
    collectionIds: item.collectionIds,
  });
}

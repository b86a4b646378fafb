import { allocateCents } from './allocation';
import { assertCents, formatPrice } from './money';

/**
 * Discounts (issue 21, decision 047): a code the shopper types or an automatic discount, and the
 * rules that decide whether one applies to a cart and what it takes off each line. Pure: the API
 * reads the discounts and their uses from the database and calls these; the storefront shows
 * what they answer.
 */

export const DISCOUNT_KINDS = ['percentage', 'fixed', 'free_shipping'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** What a discount takes off: all of the order's items, or only the chosen ones. */
export interface DiscountTarget {
  productIds: readonly string[];
  variantIds: readonly string[];
  collectionIds: readonly string[];
}

export interface DiscountRule {
  id: string;
  /** The code a shopper types; null for an automatic discount. */
  code: string | null;
  /** What the shopper reads on the discount line: the code, or the automatic discount's name. */
  title: string;
  kind: DiscountKind;
  /** Percentage discounts: whole percent, 1-100. */
  percent: number | null;
  /** Fixed discounts: the amount off the items it applies to. */
  amountCents: number | null;
  /** Free shipping: only for rates up to this price; null for any rate. */
  maxShippingCents: number | null;
  /** Null: the whole order. */
  target: DiscountTarget | null;
  minItemsCents: number | null;
  minQuantity: number | null;
  /** ISO instants; null for open-ended. */
  startsAt: string | null;
  endsAt: string | null;
  active: boolean;
}

/** A cart line as the rules read it: its price and what it is, for a discount's target. */
export interface DiscountLine {
  unitPriceCents: number;
  qty: number;
  productId: string;
  variantId: string;
  collectionIds: readonly string[];
}

export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;
export const DISCOUNT_CODE_RULE = 'A code has 3 to 40 letters, digits, dashes or underscores';

/** Codes are compared without case: 'summer20' is SUMMER20. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

/** Who used a discount, for 'once per customer': the account, else the guest's e-mail. */
export const customerKeyOf = (buyer: { userId?: string | null; email: string }) =>
  buyer.userId ? `user:${buyer.userId}` : `email:${buyer.email.trim().toLowerCase()}`;

/** The dates in the shopper's messages, in the shop's time zone: 'December 1, 2026'. */
export function formatDiscountDate(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone,
  });
}

/** What the shopper is told when a code does not apply (the words). */
export const DISCOUNT_MESSAGES = {
  notValid: 'This code is not valid',
  expired: 'This code has expired',
  startsOn: (date: string) => `This code starts on ${date}`,
  usedUp: 'This code has been used up',
  spendMore: (cents: number) => `Spend ${formatPrice(cents)} more to use this code`,
  addMore: (units: number) =>
    `Add ${units} more ${units === 1 ? 'item' : 'items'} to use this code`,
  notForTheseItems: 'This code is not for the items in your cart',
  alreadyUsed: 'You have already used this code',
  automaticInstead: (title: string, code: string) =>
    `${title} saves you more than ${code}, so it applies instead`,
} as const;

export type DiscountCheck = { ok: true } | { ok: false; message: string };

/** Whether a line is one the discount takes something off. */
export function lineIsTargeted(target: DiscountTarget | null, line: DiscountLine): boolean {
  if (!target) return true;
  return (
    target.productIds.includes(line.productId) ||
    target.variantIds.includes(line.variantId) ||
    line.collectionIds.some((id) => target.collectionIds.includes(id))
  );
}

/**
 * Whether a discount applies to this cart at this time: active, started, not ended, the cart's
 * items reach its minimum (the whole order's items, before any discount: decision 047), and
 * some line is one it takes something off. Its uses are the database's to count.
 */
export function checkDiscount(
  rule: DiscountRule,
  lines: readonly DiscountLine[],
  now: Date,
  timeZone: string,
): DiscountCheck {
  if (!rule.active) return { ok: false, message: DISCOUNT_MESSAGES.notValid };
  if (rule.startsAt && now.getTime() < Date.parse(rule.startsAt))
    return {
      ok: false,
      message: DISCOUNT_MESSAGES.startsOn(formatDiscountDate(rule.startsAt, timeZone)),
    };
  if (rule.endsAt && now.getTime() >= Date.parse(rule.endsAt))
    return { ok: false, message: DISCOUNT_MESSAGES.expired };
  const itemsCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.qty, 0);
  if (rule.minItemsCents !== null && itemsCents < rule.minItemsCents)
    return { ok: false, message: DISCOUNT_MESSAGES.spendMore(rule.minItemsCents - itemsCents) };
  const units = lines.reduce((sum, line) => sum + line.qty, 0);
  if (rule.minQuantity !== null && units < rule.minQuantity)
    return { ok: false, message: DISCOUNT_MESSAGES.addMore(rule.minQuantity - units) };
  if (rule.kind !== 'free_shipping' && !lines.some((line) => lineIsTargeted(rule.target, line)))
    return { ok: false, message: DISCOUNT_MESSAGES.notForTheseItems };
  return { ok: true };
}

/** A percentage of an amount, rounded half up to the cent. */
export function percentOf(amountCents: number, percent: number): number {
  assertCents(amountCents, 'amountCents');
  if (!Number.isSafeInteger(percent) || percent < 1 || percent > 100)
    throw new RangeError(`percent must be 1..100: ${percent}`);
  const scaled = amountCents * percent + 50;
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`Amount too large: ${amountCents}`);
  return Math.floor(scaled / 100);
}

/**
 * What a discount takes off each line, in whole cents: the discount on the targeted lines'
 * items (a percentage of them, or the fixed amount but never more than they cost), allocated to
 * those lines pro rata to price × qty by the largest-remainder rule. Free shipping takes nothing
 * off the items.
 */
export function lineDiscounts(
  rule: Pick<DiscountRule, 'kind' | 'percent' | 'amountCents' | 'target'>,
  lines: readonly DiscountLine[],
): number[] {
  const weights = lines.map((line) =>
    lineIsTargeted(rule.target, line) ? line.unitPriceCents * line.qty : 0,
  );
  const targetedCents = weights.reduce((sum, weight) => sum + weight, 0);
  let discountCents = 0;
  if (rule.kind === 'percentage') discountCents = percentOf(targetedCents, rule.percent ?? 0);
  else if (rule.kind === 'fixed')
    discountCents = Math.min(assertCents(rule.amountCents ?? 0, 'amountCents'), targetedCents);
  if (discountCents === 0) return lines.map(() => 0);
  return allocateCents(discountCents, weights);
}

/** Whether free shipping covers a rate of this price. */
export const freeShippingCovers = (
  rule: Pick<DiscountRule, 'kind' | 'maxShippingCents'>,
  ratePriceCents: number,
) =>
  rule.kind === 'free_shipping' &&
  (rule.maxShippingCents === null || ratePriceCents <= rule.maxShippingCents);

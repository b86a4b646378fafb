import { assertCents } from './money';
import { itemsCentsFor, type PricedLine } from './pricing';

/** What a buyer paid for one order line: its items and its part of the order's tax, in cents. */
export type LineShare = { itemsCents: number; taxCents: number };

/**
 * Each line's share of what was paid for the items: price × qty plus the line's part of the
 * order's tax. The tax was rounded once over the whole order, so it is split in proportion to the
 * lines' prices and the cents of rounding go to the lines with the largest remainders (the
 * earlier line on a tie): refunding every line gives back exactly the items and tax paid.
 */
export function lineShares(lines: readonly PricedLine[], taxCents: number): LineShare[] {
  assertCents(taxCents, 'taxCents');
  const itemsCents = itemsCentsFor(lines);
  if (itemsCents === 0) {
    if (taxCents > 0) throw new RangeError('tax on an order without items');
    return lines.map(() => ({ itemsCents: 0, taxCents: 0 }));
  }
  // Tax × line price can pass 2^53 for large orders: the proportion is taken in BigInt.
  const total = BigInt(itemsCents);
  const exact = lines.map(({ unitPriceCents, qty }) => {
    const product = BigInt(taxCents) * BigInt(unitPriceCents * qty);
    return { floor: Number(product / total), remainder: product % total };
  });
  let left = taxCents - exact.reduce((sum, share) => sum + share.floor, 0);
  const byRemainder = exact
    .map((share, index) => ({ index, remainder: share.remainder }))
    .sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
  const extra = new Set<number>();
  for (const { index } of byRemainder) {
    if (left === 0) break;
    extra.add(index);
    left -= 1;
  }
  return lines.map(({ unitPriceCents, qty }, index) => ({
    itemsCents: unitPriceCents * qty,
    taxCents: (exact[index]?.floor ?? 0) + (extra.has(index) ? 1 : 0),
  }));
}

/**
 * The refund for `units` of a line of `qty` units: their price and their part of the line's tax,
 * rounded down; all of the line's units give back its whole share.
 */
export function unitsRefundCents(share: LineShare, qty: number, units: number): number {
  if (!Number.isSafeInteger(qty) || qty < 1) throw new RangeError(`qty must be >= 1: ${qty}`);
  if (!Number.isSafeInteger(units) || units < 0 || units > qty)
    throw new RangeError(`units must be 0..${qty}: ${units}`);
  const items = (share.itemsCents / qty) * units;
  const tax = Number((BigInt(share.taxCents) * BigInt(units)) / BigInt(qty));
  return items + tax;
}

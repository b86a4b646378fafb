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
 * What `units` of a line's `qty` units were paid: their price and the line's tax × units / qty,
 * rounded down (all of them: the line's whole share).
 */
function unitsShareCents(share: LineShare, qty: number, units: number): number {
  const items = (share.itemsCents / qty) * units;
  return items + Number((BigInt(share.taxCents) * BigInt(units)) / BigInt(qty));
}

/**
 * The refund for `units` more units of a line of `qty` units once `done` of them were refunded:
 * what done + units were paid less what done were paid (each rounded down), so a line refunded
 * in any number of steps gives back exactly its share, never a cent short.
 */
export function unitsRefundCents(
  share: LineShare,
  qty: number,
  { units, done }: { units: number; done: number },
): number {
  if (!Number.isSafeInteger(qty) || qty < 1) throw new RangeError(`qty must be >= 1: ${qty}`);
  if (!Number.isSafeInteger(done) || done < 0 || done > qty)
    throw new RangeError(`done must be 0..${qty}: ${done}`);
  if (!Number.isSafeInteger(units) || units < 0 || units > qty - done)
    throw new RangeError(`units must be 0..${qty - done}: ${units}`);
  return unitsShareCents(share, qty, done + units) - unitsShareCents(share, qty, done);
}

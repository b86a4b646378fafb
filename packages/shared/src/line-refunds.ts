import { allocateCents } from './allocation';
import { assertCents } from './money';
import { itemsCentsFor, type PricedLine } from './pricing';

/**
 * What a buyer paid for one order line, in cents: its items after its share of any discount, and
 * its part of the order's tax.
 */
export type LineShare = { itemsCents: number; taxCents: number };

/**
 * Each line's share of what was paid for the items: price × qty plus the line's part of the
 * order's tax. The tax was rounded once over the whole order, so it is split in proportion to the
 * lines' prices and the cents of rounding go to the lines with the largest remainders (the
 * earlier line on a tie): refunding every line gives back exactly the items and tax paid.
 */
export function lineShares(lines: readonly PricedLine[], taxCents: number): LineShare[] {
  assertCents(taxCents, 'taxCents');
  itemsCentsFor(lines);
  const itemsOf = lines.map(({ unitPriceCents, qty }) => unitPriceCents * qty);
  if (taxCents > 0 && itemsOf.every((items) => items === 0))
    throw new RangeError('tax on an order without items');
  const taxes = allocateCents(taxCents, itemsOf);
  return itemsOf.map((itemsCents, index) => ({ itemsCents, taxCents: taxes[index] ?? 0 }));
}

/**
 * What `units` of a line's `qty` units were paid: the line's paid items (after its discount) and
 * its tax, each × units / qty and rounded down (all of them: the line's whole share).
 */
function unitsShareCents(share: LineShare, qty: number, units: number): number {
  const part = (cents: number) => Number((BigInt(cents) * BigInt(units)) / BigInt(qty));
  return part(share.itemsCents) + part(share.taxCents);
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

/**
 * The shares an order's lines were paid as kept at checkout (each line's discount and tax), or,
 * for an order placed before they were kept (no discount then), split from its tax as then.
 */
export function paidShares(
  lines: readonly (PricedLine & { discountCents: number; taxCents: number | null })[],
  orderTaxCents: number,
): LineShare[] {
  if (lines.every((line) => line.taxCents !== null))
    return lines.map((line) => ({
      itemsCents: line.unitPriceCents * line.qty - line.discountCents,
      taxCents: line.taxCents ?? 0,
    }));
  return lineShares(lines, orderTaxCents);
}

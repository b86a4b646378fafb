import { assertCents } from './money';

/**
 * Splits `totalCents` over parts in proportion to their weights, in whole cents, by the
 * largest-remainder rule: each part gets the floor of its exact share, and the cents left over go
 * one each to the parts with the largest remainders (the earlier part on a tie). The shares add
 * up to the total exactly; a part of weight 0 gets nothing. Proportions are taken in BigInt, as
 * total × weight can pass 2^53 for large orders.
 */
export function allocateCents(totalCents: number, weights: readonly number[]): number[] {
  assertCents(totalCents, 'totalCents');
  for (const weight of weights) assertCents(weight, 'weight');
  const sum = weights.reduce((total, weight) => total + weight, 0);
  if (!Number.isSafeInteger(sum)) throw new RangeError('Weights too large');
  if (sum === 0) {
    if (totalCents > 0) throw new RangeError('Nothing to allocate to');
    return weights.map(() => 0);
  }
  const whole = BigInt(sum);
  const exact = weights.map((weight) => {
    const product = BigInt(totalCents) * BigInt(weight);
    return { floor: Number(product / whole), remainder: product % whole };
  });
  let left = totalCents - exact.reduce((total, share) => total + share.floor, 0);
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
  return exact.map((share, index) => share.floor + (extra.has(index) ? 1 : 0));
}

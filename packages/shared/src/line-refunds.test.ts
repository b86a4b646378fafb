import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineShares, unitsRefundCents } from './line-refunds';
import { priceOrder, taxFor } from './pricing';

/** Random orders as the shop sells them: 1 to 8 lines of 1 to 10 units, $0.01 to $2,000 each. */
const orderLines = fc.array(
  fc.record({
    unitPriceCents: fc.integer({ min: 1, max: 200_000 }),
    qty: fc.integer({ min: 1, max: 10 }),
  }),
  { minLength: 1, maxLength: 8 },
);

describe('lineShares', () => {
  it('gives each line its price and its part of the tax ($125 of items, $8.75 tax)', () => {
    const lines = [
      { unitPriceCents: 5000, qty: 2 },
      { unitPriceCents: 2500, qty: 1 },
    ];
    expect(lineShares(lines, taxFor(12_500))).toEqual([
      { itemsCents: 10_000, taxCents: 700 },
      { itemsCents: 2500, taxCents: 175 },
    ]);
  });

  it('hands the cents of rounding to the largest remainders, the earlier line on a tie', () => {
    // Three lines of $0.10: 2.1 cents of exact tax, rounded to 2 over the order.
    const tenCents = { unitPriceCents: 10, qty: 1 };
    expect(lineShares([tenCents, tenCents, tenCents], 2).map((share) => share.taxCents)).toEqual([
      1, 1, 0,
    ]);
    // $0.30 and $0.70 with 7 cents of tax: 2.1 and 4.9, so the cent goes to the second line.
    expect(
      lineShares(
        [
          { unitPriceCents: 30, qty: 1 },
          { unitPriceCents: 70, qty: 1 },
        ],
        7,
      ).map((share) => share.taxCents),
    ).toEqual([2, 5]);
  });

  it('refunding every line one by one gives back exactly the items and tax paid (1,000 random orders)', () => {
    fc.assert(
      fc.property(orderLines, (lines) => {
        const paid = priceOrder(lines);
        const shares = lineShares(lines, paid.taxCents);
        const refunded = shares.reduce((sum, share) => sum + share.itemsCents + share.taxCents, 0);
        expect(refunded).toBe(paid.itemsCents + paid.taxCents);
        expect(refunded).toBe(paid.totalCents - paid.shippingCents);
      }),
      { numRuns: 1000 },
    );
  });

  it('each line gets its price × qty and its exact tax proportion rounded down or up', () => {
    fc.assert(
      fc.property(orderLines, fc.integer({ min: 0, max: 10_000_000 }), (lines, taxCents) => {
        const items = lines.reduce((sum, line) => sum + line.unitPriceCents * line.qty, 0);
        lineShares(lines, taxCents).forEach((share, index) => {
          const line = lines[index]!;
          expect(share.itemsCents).toBe(line.unitPriceCents * line.qty);
          const exact = (taxCents * share.itemsCents) / items;
          expect(share.taxCents).toBeGreaterThanOrEqual(Math.floor(exact - 1e-6));
          expect(share.taxCents).toBeLessThanOrEqual(Math.ceil(exact + 1e-6));
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses tax on an order without items and amounts that are not cents', () => {
    expect(() => lineShares([{ unitPriceCents: 0, qty: 1 }], 1)).toThrow(RangeError);
    expect(lineShares([{ unitPriceCents: 0, qty: 1 }], 0)).toEqual([
      { itemsCents: 0, taxCents: 0 },
    ]);
    expect(() => lineShares([{ unitPriceCents: 100, qty: 1 }], 0.5)).toThrow(RangeError);
  });
});

describe('unitsRefundCents', () => {
  it('some units of a line: their price and their part of its tax, rounded down', () => {
    // 3 × $10 with $2.10 of tax: one unit is $10.70, two $21.40, all three $32.10.
    const share = { itemsCents: 3000, taxCents: 210 };
    expect([0, 1, 2, 3].map((units) => unitsRefundCents(share, 3, { units, done: 0 }))).toEqual([
      0, 1070, 2140, 3210,
    ]);
    expect(unitsRefundCents({ itemsCents: 300, taxCents: 2 }, 3, { units: 1, done: 0 })).toBe(100);
    expect(() => unitsRefundCents(share, 3, { units: 4, done: 0 })).toThrow(RangeError);
    expect(() => unitsRefundCents(share, 3, { units: 2, done: 2 })).toThrow(RangeError);
  });

  it('grows with the units and gives the whole share for all of them (1,000 random orders)', () => {
    fc.assert(
      fc.property(orderLines, (lines) => {
        const shares = lineShares(lines, priceOrder(lines).taxCents);
        shares.forEach((share, index) => {
          const { qty } = lines[index]!;
          const refunds = Array.from({ length: qty + 1 }, (_, units) =>
            unitsRefundCents(share, qty, { units, done: 0 }),
          );
          expect(refunds.every(Number.isSafeInteger)).toBe(true);
          expect(refunds.every((cents, units) => units === 0 || cents >= refunds[units - 1]!)).toBe(
            true,
          );
          expect(refunds.at(-1)).toBe(share.itemsCents + share.taxCents);
        });
      }),
      { numRuns: 1000 },
    );
  });
});

describe('a line refunded in steps', () => {
  it('3 × $1.00 with 2 cents of tax, one unit at a time: 100 + 101 + 101, never a cent short', () => {
    const share = { itemsCents: 300, taxCents: 2 };
    const steps = [0, 1, 2].map((done) => unitsRefundCents(share, 3, { units: 1, done }));
    expect(steps).toEqual([100, 101, 101]);
  });

  it('any split of a line into steps gives back exactly its share (1,000 random orders)', () => {
    /** A line's qty cut into random steps of at least one unit. */
    const splitOf = (qty: number) =>
      fc
        .array(fc.integer({ min: 1, max: qty }), { minLength: qty, maxLength: qty })
        .map((sizes) => {
          const steps: number[] = [];
          let left = qty;
          for (const size of sizes) {
            if (left === 0) break;
            steps.push(Math.min(size, left));
            left -= steps.at(-1)!;
          }
          return steps;
        });
    const orderWithSplits = orderLines.chain((lines) =>
      fc.tuple(fc.constant(lines), fc.tuple(...lines.map((line) => splitOf(line.qty)))),
    );
    fc.assert(
      fc.property(orderWithSplits, ([lines, splits]) => {
        const shares = lineShares(lines, priceOrder(lines).taxCents);
        shares.forEach((share, index) => {
          const { qty } = lines[index]!;
          let done = 0;
          let refunded = 0;
          for (const units of splits[index]!) {
            const cents = unitsRefundCents(share, qty, { units, done });
            expect(Number.isSafeInteger(cents) && cents >= 0).toBe(true);
            refunded += cents;
            done += units;
          }
          expect(done).toBe(qty);
          expect(refunded).toBe(share.itemsCents + share.taxCents);
        });
      }),
      { numRuns: 1000 },
    );
  });
});

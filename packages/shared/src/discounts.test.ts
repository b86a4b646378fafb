import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateCents } from './allocation';
import { chooseDiscount } from './discount-choice';
import {
  DISCOUNT_MESSAGES,
  checkDiscount,
  customerKeyOf,
  lineDiscounts,
  normalizeCode,
  percentOf,
  type DiscountLine,
  type DiscountRule,
} from './discounts';
import { unitsRefundCents } from './line-refunds';
import { discountRule } from './testing/discount-rule';
import { SPEC_CHARGE_SETTINGS, quoteOrder, type ChargeSettings } from './shipping';

const TZ = 'America/Chicago';
const NOW = new Date('2026-11-26T15:00:00Z');
const US = { country: 'US', state: 'IL' };

const rule = discountRule;

const line = (unitPriceCents: number, qty = 1, over: Partial<DiscountLine> = {}) => ({
  unitPriceCents,
  qty,
  productId: `p${unitPriceCents}`,
  variantId: `v${unitPriceCents}`,
  collectionIds: [] as string[],
  ...over,
});

/** A Summer Drop tee ($32) and a strap ($48.50), as the story has them. */
const tee = line(3200, 1, { collectionIds: ['summer-drop'] });
const strap = line(4850);
const summer20 = rule({
  target: { productIds: [], variantIds: [], collectionIds: ['summer-drop'] },
  minItemsCents: 4000,
});

describe('allocateCents', () => {
  it('splits by weight, the cents of rounding to the largest remainders, the earlier on a tie', () => {
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateCents(7, [30, 70])).toEqual([2, 5]);
    expect(allocateCents(10, [0, 5, 0, 5])).toEqual([0, 5, 0, 5]);
    expect(allocateCents(0, [0, 0])).toEqual([0, 0]);
    expect(() => allocateCents(1, [0, 0])).toThrow(RangeError);
  });

  it('always adds up to the total, each share within a cent of its exact part, none to weight 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 2_000_000 }), { minLength: 1, maxLength: 10 }),
        (total, weights) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          fc.pre(sum > 0);
          const shares = allocateCents(total, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          shares.forEach((share, i) => {
            const exact = (total * (weights[i] ?? 0)) / sum;
            expect(share).toBeGreaterThanOrEqual(Math.floor(exact));
            expect(share).toBeLessThanOrEqual(Math.ceil(exact));
            if (weights[i] === 0) expect(share).toBe(0);
          });
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('a code', () => {
  it('is compared without case or spaces; a customer is their account, else their e-mail', () => {
    expect(normalizeCode(' summer20 ')).toBe('SUMMER20');
    expect(customerKeyOf({ userId: 'u1', email: 'A@x.com' })).toBe('user:u1');
    expect(customerKeyOf({ email: ' Maya@Example.COM ' })).toBe('email:maya@example.com');
  });

  it('says in plain words why it does not apply', () => {
    const check = (over: Partial<DiscountRule>, lines = [tee, strap]) =>
      checkDiscount(rule(over), lines, NOW, TZ);
    expect(check({})).toEqual({ ok: true });
    expect(check({ active: false })).toEqual({ ok: false, message: 'This code is not valid' });
    expect(check({ endsAt: '2026-11-26T15:00:00Z' })).toEqual({
      ok: false,
      message: 'This code has expired',
    });
    // Midnight in Chicago is 06:00 UTC: the shopper reads the shop's date.
    expect(check({ startsAt: '2026-12-01T06:00:00Z' })).toEqual({
      ok: false,
      message: 'This code starts on December 1, 2026',
    });
    expect(check({ minItemsCents: 10_000 })).toEqual({
      ok: false,
      message: 'Spend $19.50 more to use this code',
    });
    expect(check({ minQuantity: 3 })).toEqual({
      ok: false,
      message: 'Add 1 more item to use this code',
    });
    expect(
      check({ target: { productIds: ['elsewhere'], variantIds: [], collectionIds: [] } }),
    ).toEqual({ ok: false, message: 'This code is not for the items in your cart' });
    expect(DISCOUNT_MESSAGES.usedUp).toBe('This code has been used up');
    expect(DISCOUNT_MESSAGES.alreadyUsed).toBe('You have already used this code');
  });
});

describe('lineDiscounts', () => {
  it('takes 20 % off the Summer Drop tee only', () => {
    expect(lineDiscounts(summer20, [tee, strap])).toEqual([640, 0]);
  });

  it('stops a fixed amount at the items’ total: never a negative line', () => {
    const fixed = rule({ kind: 'fixed', percent: null, amountCents: 50_000 });
    expect(lineDiscounts(fixed, [tee, strap])).toEqual([3200, 4850]);
    const quote = quoteOrder(SPEC_CHARGE_SETTINGS, {
      lines: [tee, strap],
      weightGrams: 0,
      address: US,
      discount: { rule: fixed, lineCents: lineDiscounts(fixed, [tee, strap]) },
    });
    // Nothing left of the items: no tax, but the parcel still ships at $5.
    expect(quote.ok && quote.quote.totals).toEqual({
      itemsCents: 8050,
      discountCents: 8050,
      shippingCents: 500,
      taxCents: 0,
      totalCents: 500,
    });
  });

  it('for any cart, adds up to the discount, on the targeted lines only, none below nothing', () => {
    const lines = fc.array(
      fc.record({
        unitPriceCents: fc.integer({ min: 1, max: 200_000 }),
        qty: fc.integer({ min: 1, max: 10 }),
        targeted: fc.boolean(),
      }),
      { minLength: 1, maxLength: 8 },
    );
    const discount = fc.oneof(
      fc.record({
        kind: fc.constant('percentage' as const),
        percent: fc.integer({ min: 1, max: 100 }),
      }),
      fc.record({
        kind: fc.constant('fixed' as const),
        amountCents: fc.integer({ min: 1, max: 500_000 }),
      }),
    );
    fc.assert(
      fc.property(lines, discount, (drawn, kind) => {
        const cart = drawn.map((l, i) =>
          line(l.unitPriceCents, l.qty, {
            productId: `p${i}`,
            collectionIds: l.targeted ? ['c'] : [],
          }),
        );
        const target = { productIds: [], variantIds: [], collectionIds: ['c'] };
        const applied = rule({ percent: null, target, ...kind });
        const shares = lineDiscounts(applied, cart);
        const targeted = cart
          .filter((_, i) => drawn[i]?.targeted)
          .reduce((sum, l) => sum + l.unitPriceCents * l.qty, 0);
        const expected =
          kind.kind === 'percentage'
            ? percentOf(targeted, kind.percent)
            : Math.min(kind.amountCents, targeted);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(expected);
        shares.forEach((share, i) => {
          if (!drawn[i]?.targeted) expect(share).toBe(0);
          expect(share).toBeLessThanOrEqual((cart[i]?.unitPriceCents ?? 0) * (cart[i]?.qty ?? 0));
          expect(share).toBeGreaterThanOrEqual(0);
        });
      }),
      { numRuns: 1000 },
    );
  });
});

describe('an order with a discount', () => {
  const priced = (applied: DiscountRule, lines: DiscountLine[], settings = SPEC_CHARGE_SETTINGS) =>
    quoteOrder(settings, {
      lines,
      weightGrams: 0,
      address: US,
      discount: { rule: applied, lineCents: lineDiscounts(applied, lines) },
    });

  it('is taxed on its discounted items, and each line knows its discount and tax', () => {
    const result = priced(summer20, [tee, strap]);
    if (!result.ok) throw new Error(result.message);
    // $80.50 of items less $6.40 = $74.10: free shipping, 7 % of $74.10 = $5.19.
    expect(result.quote.totals).toEqual({
      itemsCents: 8050,
      discountCents: 640,
      shippingCents: 0,
      taxCents: 519,
      totalCents: 8050 - 640 + 0 + 519,
    });
    // Tax pro rata to what each line costs after its discount: $25.60 and $48.50.
    expect(result.quote.lines).toEqual([
      { discountCents: 640, taxCents: 179 },
      { discountCents: 0, taxCents: 340 },
    ]);
    expect(result.quote.discount).toMatchObject({ itemsCents: 640, shippingCents: 0 });
  });

  it('judges the free-shipping threshold on the items after the discount', () => {
    // $52 of items ship free; 20 % off leaves $41.60, which pays $5 shipping.
    const result = priced(rule(), [line(5200)]);
    expect(result.ok && result.quote.totals).toMatchObject({
      discountCents: 1040,
      shippingCents: 500,
    });
  });

  it('free shipping zeroes the rates it covers, and only up to its price', () => {
    const express: ChargeSettings = {
      ...SPEC_CHARGE_SETTINGS,
      zones: [
        {
          id: 'us',
          name: 'US',
          countries: ['US'],
          everywhereElse: false,
          rates: [
            {
              id: 'standard',
              name: 'Standard',
              priceCents: 500,
              freeFromCents: null,
              minWeightGrams: null,
              maxWeightGrams: null,
            },
            {
              id: 'express',
              name: 'Express',
              priceCents: 2500,
              freeFromCents: null,
              minWeightGrams: null,
              maxWeightGrams: null,
            },
          ],
        },
      ],
    };
    const free = rule({ kind: 'free_shipping', percent: null, maxShippingCents: 1000 });
    const result = priced(free, [line(2000)], express);
    if (!result.ok) throw new Error(result.message);
    expect(result.quote.offers.map((offer) => offer.shippingCents)).toEqual([0, 2500]);
    expect(result.quote.totals).toMatchObject({ discountCents: 0, shippingCents: 0 });
    expect(result.quote.discount).toMatchObject({ itemsCents: 0, shippingCents: 500 });
  });
});

describe('chooseDiscount', () => {
  const order = { lines: [tee, strap], weightGrams: 0, address: US };
  const clock = { now: NOW, timeZone: TZ };
  const tenOff = rule({
    id: 'a1',
    code: null,
    title: 'Ten off',
    kind: 'fixed',
    percent: null,
    amountCents: 1000,
  });

  it('takes the code when it saves the most', () => {
    const choice = chooseDiscount(
      SPEC_CHARGE_SETTINGS,
      order,
      { code: rule(), automatic: [tenOff] },
      clock,
    );
    expect(choice.codeMessage).toBeNull();
    expect(choice.result.ok && choice.result.quote.discount?.rule.title).toBe('SUMMER20');
  });

  it('takes an automatic discount that saves more than the code, and says so', () => {
    const choice = chooseDiscount(
      SPEC_CHARGE_SETTINGS,
      order,
      { code: summer20, automatic: [tenOff] },
      clock,
    );
    expect(choice.codeMessage).toBe('Ten off saves you more than SUMMER20, so it applies instead');
    expect(choice.result.ok && choice.result.quote.totals.discountCents).toBe(1000);
  });

  it('takes the best automatic discount when the code does not apply, and says why the code did not', () => {
    const choice = chooseDiscount(
      SPEC_CHARGE_SETTINGS,
      order,
      {
        code: rule({ active: false }),
        automatic: [tenOff, { ...tenOff, id: 'a2', amountCents: 500 }],
      },
      clock,
    );
    expect(choice.codeMessage).toBe('This code is not valid');
    expect(choice.result.ok && choice.result.quote.discount?.rule.id).toBe('a1');
  });

  it('without any discount that applies, prices the order as today', () => {
    const choice = chooseDiscount(SPEC_CHARGE_SETTINGS, order, { automatic: [] }, clock);
    expect(choice.result.ok && choice.result.quote.discount).toBeNull();
    expect(choice.result.ok && choice.result.quote.totals.totalCents).toBe(8050 + 564);
  });
});

describe('refunds of a discounted order', () => {
  it('never exceed what was paid, give back every line exactly, and leave the other lines alone (1,000 orders)', () => {
    const order = fc.record({
      lines: fc.array(
        fc.record({
          unitPriceCents: fc.integer({ min: 1, max: 50_000 }),
          qty: fc.integer({ min: 1, max: 10 }),
          targeted: fc.boolean(),
        }),
        { minLength: 1, maxLength: 6 },
      ),
      percent: fc.integer({ min: 1, max: 100 }),
      fixedCents: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
      steps: fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
    });
    fc.assert(
      fc.property(order, ({ lines: drawn, percent, fixedCents, steps }) => {
        const cart = drawn.map((l, i) =>
          line(l.unitPriceCents, l.qty, {
            productId: `p${i}`,
            collectionIds: l.targeted ? ['c'] : [],
          }),
        );
        const applied = rule({
          target: { productIds: [], variantIds: [], collectionIds: ['c'] },
          ...(fixedCents === null
            ? { percent }
            : { kind: 'fixed', percent: null, amountCents: fixedCents }),
        });
        const result = quoteOrder(SPEC_CHARGE_SETTINGS, {
          lines: cart,
          weightGrams: 0,
          address: US,
          discount: { rule: applied, lineCents: lineDiscounts(applied, cart) },
        });
        if (!result.ok) throw new Error(result.message);
        const { quote } = result;
        const shares = cart.map((l, i) => ({
          itemsCents: l.unitPriceCents * l.qty - (quote.lines[i]?.discountCents ?? 0),
          taxCents: quote.lines[i]?.taxCents ?? 0,
        }));
        const paidForItems = quote.totals.totalCents - quote.totals.shippingCents;
        const done = cart.map(() => 0);
        const refunded = cart.map(() => 0);
        // Refund some units of some line, in random order, until every unit is refunded.
        let step = 0;
        while (done.some((units, i) => units < (cart[i]?.qty ?? 0))) {
          const open = done.flatMap((units, i) => (units < (cart[i]?.qty ?? 0) ? [i] : []));
          const pick = steps[step % steps.length] ?? 0;
          const i = open[pick % open.length] ?? 0;
          const left = (cart[i]?.qty ?? 0) - (done[i] ?? 0);
          const units = 1 + ((pick + step) % left);
          step += 1;
          const before = shares.map((share, j) =>
            unitsRefundCents(share, cart[j]?.qty ?? 1, {
              units: (cart[j]?.qty ?? 0) - (done[j] ?? 0),
              done: done[j] ?? 0,
            }),
          );
          refunded[i] =
            (refunded[i] ?? 0) +
            unitsRefundCents(shares[i] ?? { itemsCents: 0, taxCents: 0 }, cart[i]?.qty ?? 1, {
              units,
              done: done[i] ?? 0,
            });
          done[i] = (done[i] ?? 0) + units;
          // What is left to refund on every other line is what it was.
          shares.forEach((share, j) => {
            if (j === i) return;
            expect(
              unitsRefundCents(share, cart[j]?.qty ?? 1, {
                units: (cart[j]?.qty ?? 0) - (done[j] ?? 0),
                done: done[j] ?? 0,
              }),
            ).toBe(before[j]);
          });
          expect(refunded.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(paidForItems);
        }
        // Line by line, every cent paid for items and tax comes back, and no more.
        refunded.forEach((cents, i) =>
          expect(cents).toBe((shares[i]?.itemsCents ?? 0) + (shares[i]?.taxCents ?? 0)),
        );
        expect(refunded.reduce((a, b) => a + b, 0)).toBe(paidForItems);
      }),
      { numRuns: 1000 },
    );
  });
});

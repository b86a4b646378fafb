import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineDiscounts, type DiscountRule } from './discounts';
import { salePriceOf, showsOnProducts, type SaleItem } from './sale-prices';
import { discountRule } from './testing/discount-rule';

const NOW = new Date('2026-11-26T15:00:00Z');

/** An automatic sale: 20 % off everything, named 'Summer sale'. */
const sale = (over: Partial<DiscountRule> = {}) =>
  discountRule({ code: null, title: 'Summer sale', ...over });
const target = (over: Partial<NonNullable<DiscountRule['target']>>) => ({
  productIds: [],
  variantIds: [],
  collectionIds: [],
  ...over,
});
const item = (over: Partial<SaleItem> = {}): SaleItem => ({
  priceCents: 3200,
  productId: 'tee',
  variantId: null,
  collectionIds: [],
  ...over,
});

describe('showsOnProducts', () => {
  it('shows an automatic percentage any one unit gets, while it runs', () => {
    expect(showsOnProducts(sale(), NOW)).toBe(true);
    expect(showsOnProducts(sale({ minQuantity: 1, minItemsCents: 0 }), NOW)).toBe(true);
    expect(showsOnProducts(sale({ startsAt: NOW.toISOString() }), NOW)).toBe(true);
  });

  it.each<[string, Partial<DiscountRule>]>([
    ['a code', { code: 'SUMMER20' }],
    ['a paused discount', { active: false }],
    ['a fixed amount (off the order, not each unit)', { kind: 'fixed', amountCents: 500 }],
    ['free shipping', { kind: 'free_shipping' }],
    ['a minimum spend', { minItemsCents: 1 }],
    ['a minimum of two items', { minQuantity: 2 }],
    ['one not started', { startsAt: '2026-11-26T15:00:01Z' }],
    ['one ended', { endsAt: NOW.toISOString() }],
  ])('never shows %s', (_, over) => {
    expect(showsOnProducts(sale(over), NOW)).toBe(false);
  });
});

describe('salePriceOf', () => {
  it('covers what the discount is for: the whole shop, the product, its collection, its variant', () => {
    expect(salePriceOf([sale()], item())).toEqual({ priceCents: 2560, title: 'Summer sale' });
    const forTee = sale({ target: target({ productIds: ['tee'] }) });
    expect(salePriceOf([forTee], item())?.priceCents).toBe(2560);
    expect(salePriceOf([forTee], item({ productId: 'strap' }))).toBeUndefined();
    const forDrop = sale({ target: target({ collectionIds: ['drop'] }) });
    expect(salePriceOf([forDrop], item({ collectionIds: ['drop'] }))?.priceCents).toBe(2560);
    expect(salePriceOf([forDrop], item({ collectionIds: ['other'] }))).toBeUndefined();
  });

  it('prices a variant sale on that variant, never on the product as a whole', () => {
    const forXl = sale({ target: target({ variantIds: ['tee-xl'] }) });
    expect(salePriceOf([forXl], item({ variantId: 'tee-xl' }))?.priceCents).toBe(2560);
    expect(salePriceOf([forXl], item({ variantId: 'tee-s' }))).toBeUndefined();
    expect(salePriceOf([forXl], item({ variantId: null }))).toBeUndefined();
  });

  it('takes the lowest price of the sales that cover the item', () => {
    const rules = [
      sale({ id: 'a', title: 'Ten', percent: 10 }),
      sale({ id: 'b', title: 'Thirty', percent: 30, target: target({ productIds: ['tee'] }) }),
    ];
    expect(salePriceOf(rules, item())).toEqual({ priceCents: 2240, title: 'Thirty' });
    expect(salePriceOf(rules, item({ productId: 'strap' }))?.title).toBe('Ten');
  });

  it('shows nothing for a free item (nothing is struck through)', () => {
    expect(salePriceOf([sale()], item({ priceCents: 0 }))).toBeUndefined();
    expect(salePriceOf([sale({ percent: 1 })], item({ priceCents: 1 }))).toBeUndefined();
  });

  it('is always what a cart of that one unit is charged', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100 }),
        (priceCents, percent) => {
          const rule = sale({ percent });
          const [off = 0] = lineDiscounts(rule, [
            {
              unitPriceCents: priceCents,
              qty: 1,
              productId: 'tee',
              variantId: 'v',
              collectionIds: [],
            },
          ]);
          const shown = salePriceOf([rule], item({ priceCents }));
          expect(shown?.priceCents ?? priceCents).toBe(priceCents - off);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

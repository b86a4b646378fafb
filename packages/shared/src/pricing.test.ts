import { describe, it, expect } from 'vitest';
import {
  FREE_SHIPPING_THRESHOLD_CENTS,
  SHIPPING_CENTS,
  TAX_RATE,
  itemsCentsFor,
  priceOrder,
  shippingFor,
  taxFor,
} from './pricing';

describe('constants', () => {
  it('match the spec', () => {
    expect(FREE_SHIPPING_THRESHOLD_CENTS).toBe(5000);
    expect(SHIPPING_CENTS).toBe(500);
    expect(TAX_RATE).toBe(0.07);
  });
});

describe('shippingFor', () => {
  it('charges $5 below $50 and nothing from $50', () => {
    expect(shippingFor(1)).toBe(500);
    expect(shippingFor(4999)).toBe(500);
    expect(shippingFor(5000)).toBe(0);
    expect(shippingFor(5001)).toBe(0);
    expect(shippingFor(1_000_000)).toBe(0);
  });

  it('charges nothing for an empty cart', () => {
    expect(shippingFor(0)).toBe(0);
  });

  it('refuses dollars and negative amounts', () => {
    expect(() => shippingFor(49.99)).toThrow(RangeError);
    expect(() => shippingFor(-1)).toThrow(RangeError);
  });
});

describe('taxFor', () => {
  it('is 7% of the items rounded half up to the cent', () => {
    expect(taxFor(0)).toBe(0);
    expect(taxFor(1)).toBe(0); // 0.07
    expect(taxFor(7)).toBe(0); // 0.49
    expect(taxFor(8)).toBe(1); // 0.56
    expect(taxFor(50)).toBe(4); // 3.5, half up
    expect(taxFor(150)).toBe(11); // 10.5, half up
    expect(taxFor(2143)).toBe(150); // 150.01
    expect(taxFor(4999)).toBe(350); // 349.93
    expect(taxFor(5000)).toBe(350);
    expect(taxFor(1999)).toBe(140); // 139.93
  });

  it('agrees with exact decimal arithmetic over a range', () => {
    for (let cents = 0; cents <= 20_000; cents += 1) {
      // 7% half up: cents * 7 / 100, the remainder decides.
      const expected = Math.floor((cents * 7) / 100) + ((cents * 7) % 100 >= 50 ? 1 : 0);
      expect(taxFor(cents)).toBe(expected);
    }
  });

  it('refuses amounts too large to compute exactly', () => {
    expect(() => taxFor(Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
  });
});

describe('itemsCentsFor', () => {
  it('sums unit price times quantity', () => {
    expect(itemsCentsFor([])).toBe(0);
    expect(
      itemsCentsFor([
        { unitPriceCents: 1999, qty: 2 },
        { unitPriceCents: 500, qty: 1 },
      ]),
    ).toBe(4498);
  });

  it('refuses bad quantities and prices', () => {
    expect(() => itemsCentsFor([{ unitPriceCents: 100, qty: 0 }])).toThrow(RangeError);
    expect(() => itemsCentsFor([{ unitPriceCents: 100, qty: 1.5 }])).toThrow(RangeError);
    expect(() => itemsCentsFor([{ unitPriceCents: 19.99, qty: 1 }])).toThrow(RangeError);
    expect(() => itemsCentsFor([{ unitPriceCents: -1, qty: 1 }])).toThrow(RangeError);
  });
});

describe('priceOrder', () => {
  it('prices an empty order at zero', () => {
    expect(priceOrder([])).toEqual({ itemsCents: 0, shippingCents: 0, taxCents: 0, totalCents: 0 });
  });

  it('adds shipping just below the threshold', () => {
    expect(priceOrder([{ unitPriceCents: 4999, qty: 1 }])).toEqual({
      itemsCents: 4999,
      shippingCents: 500,
      taxCents: 350,
      totalCents: 5849,
    });
  });

  it('ships free at the threshold', () => {
    expect(priceOrder([{ unitPriceCents: 2500, qty: 2 }])).toEqual({
      itemsCents: 5000,
      shippingCents: 0,
      taxCents: 350,
      totalCents: 5350,
    });
  });

  it('taxes the items, not the shipping', () => {
    expect(priceOrder([{ unitPriceCents: 2143, qty: 1 }])).toEqual({
      itemsCents: 2143,
      shippingCents: 500,
      taxCents: 150,
      totalCents: 2793,
    });
  });

  it('handles big quantities exactly', () => {
    expect(priceOrder([{ unitPriceCents: 1999, qty: 1_000_000 }])).toEqual({
      itemsCents: 1_999_000_000,
      shippingCents: 0,
      taxCents: 139_930_000,
      totalCents: 2_138_930_000,
    });
    expect(() => priceOrder([{ unitPriceCents: 1999, qty: Number.MAX_SAFE_INTEGER }])).toThrow(
      RangeError,
    );
  });
});

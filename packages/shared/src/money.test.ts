import { describe, it, expect } from 'vitest';
import { assertCents, formatPrice, isCents, toCents, toDollars } from './money';
import { centsSchema, dollarsSchema } from './money-schemas';

describe('toCents', () => {
  it('converts two-decimal prices exactly', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.01)).toBe(1);
    expect(toCents(1.15)).toBe(115);
    expect(toCents(4.35)).toBe(435);
    expect(toCents(1234.5)).toBe(123450);
    expect(toCents(0)).toBe(0);
    expect(toCents(50)).toBe(5000);
  });

  it('absorbs binary floating point noise', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(0.7 + 0.1)).toBe(80);
    expect(toCents(19.99 * 3)).toBe(5997);
  });

  it('rounds a third decimal half away from zero', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(1.004)).toBe(100);
    expect(toCents(-1.005)).toBe(-101);
  });

  it('refuses non-finite and too large amounts', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toCents(1e20)).toThrow(RangeError);
  });
});

describe('toDollars', () => {
  it('converts cents to a two-decimal number', () => {
    expect(toDollars(1999)).toBe(19.99);
    expect(toDollars(1)).toBe(0.01);
    expect(toDollars(123450)).toBe(1234.5);
    expect(toDollars(0)).toBe(0);
  });

  it('round-trips with toCents', () => {
    for (const cents of [0, 1, 7, 99, 115, 435, 1999, 5000, 123456789]) {
      expect(toCents(toDollars(cents))).toBe(cents);
    }
  });

  it('refuses fractional cents', () => {
    expect(() => toDollars(1.5)).toThrow(RangeError);
  });
});

describe('formatPrice', () => {
  it('shows a dollar sign, separators and exactly two decimals', () => {
    expect(formatPrice(123450)).toBe('$1,234.50');
    expect(formatPrice(1999)).toBe('$19.99');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(5)).toBe('$0.05');
    expect(formatPrice(100)).toBe('$1.00');
    expect(formatPrice(99999999)).toBe('$999,999.99');
    expect(formatPrice(123456789012)).toBe('$1,234,567,890.12');
  });

  it('puts the minus sign before the dollar sign', () => {
    expect(formatPrice(-500)).toBe('-$5.00');
  });

  it('refuses fractional cents', () => {
    expect(() => formatPrice(1.5)).toThrow(RangeError);
  });
});

describe('isCents and assertCents', () => {
  it('accept whole non-negative cents only', () => {
    expect(isCents(0)).toBe(true);
    expect(isCents(1999)).toBe(true);
    expect(isCents(-1)).toBe(false);
    expect(isCents(19.99)).toBe(false);
    expect(isCents(Number.NaN)).toBe(false);
    expect(assertCents(5)).toBe(5);
    expect(() => assertCents(19.99, 'price')).toThrow(/price/);
  });
});

describe('schemas', () => {
  it('centsSchema takes whole non-negative cents', () => {
    expect(centsSchema.safeParse(1999).success).toBe(true);
    expect(centsSchema.safeParse(19.99).success).toBe(false);
    expect(centsSchema.safeParse(-1).success).toBe(false);
  });

  it('dollarsSchema takes non-negative amounts with at most two decimals', () => {
    expect(dollarsSchema.safeParse(19.99).success).toBe(true);
    expect(dollarsSchema.safeParse(20).success).toBe(true);
    expect(dollarsSchema.safeParse(0).success).toBe(true);
    expect(dollarsSchema.safeParse(19.999).success).toBe(false);
    expect(dollarsSchema.safeParse(-1).success).toBe(false);
    expect(dollarsSchema.safeParse(Number.NaN).success).toBe(false);
  });
});

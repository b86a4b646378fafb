import { describe, it, expect } from 'vitest';
import { roundToDecimals } from './decimal';

describe('roundToDecimals', () => {
  it('rounds on the decimal form, not the binary one', () => {
    expect(roundToDecimals(1.005, 2)).toBe(1.01);
    expect(roundToDecimals(1.255, 2)).toBe(1.26);
    expect(roundToDecimals(4.35, 1)).toBe(4.4);
    expect(roundToDecimals(0.1 + 0.2, 2)).toBe(0.3);
  });

  it('rounds half away from zero', () => {
    expect(roundToDecimals(2.5, 0)).toBe(3);
    expect(roundToDecimals(-2.5, 0)).toBe(-3);
    expect(roundToDecimals(-1.005, 2)).toBe(-1.01);
    expect(roundToDecimals(2.4, 0)).toBe(2);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundToDecimals(-0.001, 2), 0)).toBe(true);
  });

  it('handles numbers written in exponent notation', () => {
    expect(roundToDecimals(1e-7, 2)).toBe(0);
    expect(roundToDecimals(1e21, 2)).toBe(1e21);
  });

  it('refuses non-finite values and bad places', () => {
    expect(() => roundToDecimals(Number.NaN, 2)).toThrow(RangeError);
    expect(() => roundToDecimals(Number.POSITIVE_INFINITY, 2)).toThrow(RangeError);
    expect(() => roundToDecimals(1, -1)).toThrow(RangeError);
    expect(() => roundToDecimals(1, 1.5)).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { discountAmountInWords, isoToShopLocal, shopLocalToIso } from './discount-format';

describe('discount formats', () => {
  it('says what a discount takes off', () => {
    const base = { percent: null, amount: null, maxShippingPrice: null };
    expect(discountAmountInWords({ ...base, kind: 'percentage', percent: 20 })).toBe('20 % off');
    expect(discountAmountInWords({ ...base, kind: 'fixed', amount: 10 })).toBe('$10.00 off');
    expect(discountAmountInWords({ ...base, kind: 'free_shipping' })).toBe('Free shipping');
  });

  it('reads datetime-local values in Chicago, winter and summer, and back', () => {
    expect(shopLocalToIso('2026-12-01T00:00')).toBe('2026-12-01T06:00:00.000Z');
    expect(shopLocalToIso('2026-07-01T09:30')).toBe('2026-07-01T14:30:00.000Z');
    expect(shopLocalToIso('')).toBeNull();
    expect(isoToShopLocal('2026-12-01T06:00:00.000Z')).toBe('2026-12-01T00:00');
    expect(isoToShopLocal('2026-07-01T14:30:00Z')).toBe('2026-07-01T09:30');
  });
});

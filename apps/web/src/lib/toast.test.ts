import { describe, expect, it } from 'vitest';
import { toastDurationFor } from './toast';

describe('toast durations', () => {
  it.each([
    ['/products/abc', 3000],
    ['/cart', 3000],
    ['/cart/abc', 3000],
    ['/login', 3000],
    ['/register', 2000],
    ['/profile', 2000],
    ['/reset-password/token', 2000],
    ['/', 5000],
    ['/tshirts', 5000],
    ['/productsale', 5000],
  ])('%s closes after %i ms', (path, ms) => {
    expect(toastDurationFor(path)).toBe(ms);
  });
});

import { roundToDecimals } from './decimal';

/** True for a whole, non-negative, safe number of cents: the only money value the rules accept. */
export function isCents(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

/** Throws on anything but whole non-negative cents, so a dollar amount passed by mistake fails loudly. */
export function assertCents(value: number, name = 'cents'): number {
  if (!isCents(value)) throw new RangeError(`${name} must be whole non-negative cents: ${value}`);
  return value;
}

/** Dollars to whole cents, rounded half away from zero on the decimal form (19.99 -> 1999). */
export function toCents(dollars: number): number {
  const cents = roundToDecimals(dollars, 2) * 100;
  // The product of a two-decimal number and 100 can be off by a hair (e.g. 1.15 * 100).
  const whole = Math.round(cents);
  if (!Number.isSafeInteger(whole)) throw new RangeError(`Amount too large: ${dollars}`);
  return whole === 0 ? 0 : whole;
}

/** Whole cents to dollars as a number with at most two decimals (1999 -> 19.99). */
export function toDollars(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be a whole number: ${cents}`);
  return cents / 100;
}

/** '$1,234.50': en-US, dollar sign, thousands separators, exactly two decimals. */
export function formatPrice(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be a whole number: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  const dollars = Math.floor(magnitude / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = (magnitude % 100).toString().padStart(2, '0');
  return `${sign}$${dollars}.${rest}`;
}

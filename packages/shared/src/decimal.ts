/**
 * Rounds half away from zero at a number of decimal places, on the number's shortest decimal
 * form, so 1.005 rounds to 1.01 (plain `Math.round(1.005 * 100)` gives 100 because 1.005 * 100
 * is 100.49999999999999 in binary floating point).
 */
export function roundToDecimals(value: number, places: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot round a non-finite number: ${value}`);
  if (!Number.isInteger(places) || places < 0 || places > 20) {
    throw new RangeError(`Decimal places must be an integer from 0 to 20: ${places}`);
  }
  // Whole numbers need no rounding (and huge ones print in exponent notation).
  if (Number.isInteger(value)) return value === 0 ? 0 : value;
  const magnitude = Math.abs(value);
  const text = String(magnitude);
  // Tiny numbers print in exponent notation, which cannot take the string shift below.
  const shifted = text.includes('e') ? magnitude * 10 ** places : Number(`${text}e${places}`);
  const rounded = Math.round(shifted) / 10 ** places;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

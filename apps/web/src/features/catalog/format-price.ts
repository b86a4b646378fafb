import { formatPrice, toCents } from '@shop/shared/money';

/** A dollar amount from the API as the shop shows it: '$24.00'. */
export function formatDollars(dollars: number): string {
  return formatPrice(toCents(dollars));
}

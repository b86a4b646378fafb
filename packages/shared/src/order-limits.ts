/**
 * How much one checkout may take, so that nobody can hold the whole catalog for the 35 minutes a
 * checkout keeps its stock (security review, finding 1). Both the storefront (product page, cart)
 * and the API use these numbers.
 */

/** Most units of one variant in a cart line and in an order. */
export const MAX_UNITS_PER_LINE = 10;
/** Most units in one order, over all its lines. */
export const MAX_UNITS_PER_ORDER = 20;
/** Most unpaid checkouts one client address may keep open at once. */
export const MAX_OPEN_CHECKOUTS_PER_ADDRESS = 3;

export const LINE_LIMIT_MESSAGE = `You can buy at most ${MAX_UNITS_PER_LINE} of an item in one order.`;
export const ORDER_LIMIT_MESSAGE = `An order can have at most ${MAX_UNITS_PER_ORDER} items.`;
export const OPEN_CHECKOUTS_MESSAGE = `You already have ${MAX_OPEN_CHECKOUTS_PER_ADDRESS} checkouts waiting for payment. Please finish or cancel one, or try again in 35 minutes.`;

/** True when a line's quantity is above the per-line limit (whatever the stock). */
export const exceedsLineLimit = (qty: number): boolean => qty > MAX_UNITS_PER_LINE;

/** The first limit the lines break, as its message; undefined when they keep to both. */
export function orderLimitProblem(lines: readonly { qty: number }[]): string | undefined {
  if (lines.some((line) => exceedsLineLimit(line.qty))) return LINE_LIMIT_MESSAGE;
  const units = lines.reduce((sum, line) => sum + line.qty, 0);
  if (units > MAX_UNITS_PER_ORDER) return ORDER_LIMIT_MESSAGE;
  return undefined;
}

import { QUANTITY_NOT_AVAILABLE } from './stock';

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
/**
 * Most units one client address may hold at once over all its unpaid checkouts: one full order's
 * worth, so a second address's worth of stock is what it costs to hold more (decision 025).
 */
export const MAX_HELD_UNITS_PER_ADDRESS = 20;

export const LINE_LIMIT_MESSAGE = `You can buy at most ${MAX_UNITS_PER_LINE} of an item in one order.`;
export const ORDER_LIMIT_MESSAGE = `An order can have at most ${MAX_UNITS_PER_ORDER} items.`;
export const OPEN_CHECKOUTS_MESSAGE = `You already have ${MAX_OPEN_CHECKOUTS_PER_ADDRESS} checkouts waiting for payment. Please finish or cancel one, or try again in 35 minutes.`;

/** Units an open checkout holds, and until when. */
export interface HeldUnits {
  units: number;
  until: Date;
}

/**
 * Why an address whose open checkouts hold `holds` may not hold `units` more within `cap`, as
 * the message to show; undefined when it may. It says how many units are held, and when enough
 * of them are freed (checkouts expiring, soonest first) for this checkout to fit.
 */
export function heldUnitsProblem(
  holds: readonly HeldUnits[],
  units: number,
  cap: number,
  now: Date,
): string | undefined {
  const held = holds.reduce((sum, hold) => sum + hold.units, 0);
  if (held + units <= cap) return undefined;
  let stillHeld = held;
  let fitsAt = now;
  for (const hold of [...holds].sort((a, b) => a.until.getTime() - b.until.getTime())) {
    if (stillHeld + units <= cap) break;
    stillHeld -= hold.units;
    fitsAt = hold.until;
  }
  const minutes = Math.max(1, Math.ceil((fitsAt.getTime() - now.getTime()) / 60_000));
  const clock = fitsAt.toISOString().slice(11, 16);
  return `Your checkouts waiting for payment hold ${held} items until ${clock} UTC (${minutes} ${minutes === 1 ? 'minute' : 'minutes'}), and one address can hold at most ${cap} at once. Please finish or cancel one of them, or try again then.`;
}

/** True when a line's quantity is above the per-line limit (whatever the stock). */
export const exceedsLineLimit = (qty: number): boolean => qty > MAX_UNITS_PER_LINE;

/** The first limit the lines break, as its message; undefined when they keep to both. */
export function orderLimitProblem(lines: readonly { qty: number }[]): string | undefined {
  if (lines.some((line) => exceedsLineLimit(line.qty))) return LINE_LIMIT_MESSAGE;
  const units = lines.reduce((sum, line) => sum + line.qty, 0);
  if (units > MAX_UNITS_PER_ORDER) return ORDER_LIMIT_MESSAGE;
  return undefined;
}

/** A quantity brought within the per-line limit (a stored cart from before the limit). */
export const clampLineQty = (qty: number): number => Math.min(qty, MAX_UNITS_PER_LINE);

/** Where a quantity control stops for a variant with `inStock` units: its stock, at most the line limit. */
export const maxLineQty = (inStock: number): number =>
  Math.max(0, Math.min(inStock, MAX_UNITS_PER_LINE));

/**
 * Why `qty` units of a variant with `inStock` units cannot go into the cart, as the message to
 * show; undefined when they can. Above the stock is the spec's message, whatever the limit; within
 * the stock but above the line limit, the message that names the limit.
 */
export function lineQtyProblem(qty: number, inStock: number): string | undefined {
  if (qty > inStock) return QUANTITY_NOT_AVAILABLE;
  if (exceedsLineLimit(qty)) return LINE_LIMIT_MESSAGE;
  return undefined;
}

/**
 * The lines with every quantity brought within the line limit (other lines unchanged, order kept),
 * and the lines as they were before, for each one that had to be lowered.
 */
export function clampLines<T extends { qty: number }>(
  lines: readonly T[],
): { lines: T[]; lowered: T[] } {
  const lowered = lines.filter((line) => exceedsLineLimit(line.qty));
  if (lowered.length === 0) return { lines: [...lines], lowered };
  return {
    lines: lines.map((line) =>
      exceedsLineLimit(line.qty) ? { ...line, qty: clampLineQty(line.qty) } : line,
    ),
    lowered,
  };
}

/**
 * Most proofs of its own open checkouts a browser keeps and sends (own-holds, replaces): more than
 * it ever has within a hold's 35 minutes, since each new checkout replaces the earlier ones.
 */
export const MAX_CHECKOUT_PROOFS = 5;

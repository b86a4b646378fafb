// A cart's lines as rules, without schemas: the storefront's first page (the cart in its store,
// the header's badge) uses them and must not load zod for them (docs/decisions/027). cart.ts
// re-exports them beside the schemas.
import type { LineOption, LineSize } from './catalog-constants';
import { toCents } from './money';
import { itemsCentsFor } from './pricing';

/** A cart line's key, built from product id, option and size (spec section 3). */
export function cartLineKey(productId: string, option: LineOption, size: LineSize): string {
  return `${productId}-${option}-${size}`;
}

/** What identifies a line: product plus size plus option. */
export type CartLineIdentity = { product: string; size: LineSize; option: LineOption };

function sameLine(a: CartLineIdentity, b: CartLineIdentity): boolean {
  return a.product === b.product && a.size === b.size && a.option === b.option;
}

/** Adding an existing line replaces its qty, option and key (spec section 4); else appends. */
export function addOrUpdateLine<T extends CartLineIdentity & { qty: number; key: string }>(
  lines: readonly T[],
  line: T,
): T[] {
  if (!lines.some((existing) => sameLine(existing, line))) return [...lines, line];
  return lines.map((existing) =>
    sameLine(existing, line)
      ? { ...existing, qty: line.qty, option: line.option, key: line.key }
      : existing,
  );
}

/** Removes the line with this product, size and option; other lines keep their order. */
export function removeLine<T extends CartLineIdentity>(
  lines: readonly T[],
  product: string,
  size: LineSize,
  option: LineOption,
): T[] {
  return lines.filter((line) => !sameLine(line, { product, size, option }));
}

/** The header badge: the number of items, not of lines. */
export function cartItemCount(lines: readonly { qty: number }[]): number {
  return lines.reduce((count, line) => count + line.qty, 0);
}

/** Items total in cents from the lines' dollar prices (display only; the server reprices). */
export function cartItemsCents(lines: readonly { price: number; qty: number }[]): number {
  return itemsCentsFor(lines.map(({ price, qty }) => ({ unitPriceCents: toCents(price), qty })));
}

// A cart's lines as rules, without schemas: the storefront's first page (the cart in its store,
// the header's badge) uses them and must not load zod for them (docs/decisions/027). cart.ts
// re-exports them beside the schemas.
import type { LineOption, LineSize } from './catalog-constants';
import { toCents } from './money';
import { itemsCentsFor } from './pricing';

/**
 * A cart line's key, built from product id, option and size (spec section 3); a line of another
 * shape's variant (decision 031) adds the variant's id, so each variant is its own line.
 */
export function cartLineKey(
  productId: string,
  option: LineOption,
  size: LineSize,
  variant?: string | undefined,
): string {
  const spec = `${productId}-${option}-${size}`;
  return variant === undefined ? spec : `${spec}-${variant}`;
}

/**
 * What identifies a line: product plus size plus option, plus the variant's id for products whose
 * options are not the spec's (absent on the spec's lines and on carts stored before variants).
 */
export type CartLineIdentity = {
  product: string;
  size: LineSize;
  option: LineOption;
  variant?: string | undefined;
};

/** True when both name the same line (and so the same variant). */
export function sameLine(a: CartLineIdentity, b: CartLineIdentity): boolean {
  return (
    a.product === b.product &&
    a.size === b.size &&
    a.option === b.option &&
    (a.variant ?? '') === (b.variant ?? '')
  );
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

/** Removes the line with this product, size, option (and variant); others keep their order. */
export function removeLine<T extends CartLineIdentity>(
  lines: readonly T[],
  product: string,
  size: LineSize,
  option: LineOption,
  variant?: string | undefined,
): T[] {
  return lines.filter((line) => !sameLine(line, { product, size, option, variant }));
}

/** The header badge: the number of items, not of lines. */
export function cartItemCount(lines: readonly { qty: number }[]): number {
  return lines.reduce((count, line) => count + line.qty, 0);
}

/** Items total in cents from the lines' dollar prices (display only; the server reprices). */
export function cartItemsCents(lines: readonly { price: number; qty: number }[]): number {
  return itemsCentsFor(lines.map(({ price, qty }) => ({ unitPriceCents: toCents(price), qty })));
}

import type { CartLine } from '@shop/shared/cart';

/**
 * A line named for the shopper: "Dune Tee (size L)", "Sadu Strap (option B)", "Field Shirt (Clay /
 * M)" for a variant of other options, or just the name.
 */
export function describeLine(
  line: Pick<CartLine, 'name' | 'size' | 'option'> & { variantTitle?: string | undefined },
): string {
  const details = [
    line.variantTitle || null,
    line.size !== 'NA' ? `size ${line.size}` : null,
    line.option !== 'NA' ? `option ${line.option}` : null,
  ].filter(Boolean);
  return details.length > 0 ? `${line.name} (${details.join(', ')})` : line.name;
}

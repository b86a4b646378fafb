import type { CartLine } from '@shop/shared/cart';

/** A line named for the shopper: "Dune Tee (size L)", "Sadu Strap (option B)" or just the name. */
export function describeLine(line: Pick<CartLine, 'name' | 'size' | 'option'>): string {
  const details = [
    line.size !== 'NA' ? `size ${line.size}` : null,
    line.option !== 'NA' ? `option ${line.option}` : null,
  ].filter(Boolean);
  return details.length > 0 ? `${line.name} (${details.join(', ')})` : line.name;
}

import type { CartLine } from '@shop/shared/cart';

/** The picture of a line: its option's first image when there is one. */
export function cartLineImage(
  line: Pick<CartLine, 'image' | 'option' | 'imagesOptionA' | 'imagesOptionB'>,
): string {
  if (line.option === 'A' && line.imagesOptionA[0]) return line.imagesOptionA[0];
  if (line.option === 'B' && line.imagesOptionB[0]) return line.imagesOptionB[0];
  return line.image;
}

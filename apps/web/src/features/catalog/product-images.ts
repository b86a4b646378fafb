import type { LineOption, Product, StorefrontVariant } from '@shop/shared/catalog';

/** The pictures to show for a choice: the option's own images when it has some. */
export function imagesFor(
  product: Pick<Product, 'image' | 'images' | 'imagesOptionA' | 'imagesOptionB'>,
  option: LineOption,
): string[] {
  const byOption =
    option === 'A' ? product.imagesOptionA : option === 'B' ? product.imagesOptionB : [];
  if (byOption.length > 0) return byOption;
  if (product.images.length > 0) return product.images;
  return [product.image];
}

/** The pictures of a variant: its own photos when it has some, else the product's. */
export function imagesOfVariant(
  product: Pick<Product, 'image' | 'images'>,
  variant: Pick<StorefrontVariant, 'images'>,
): string[] {
  if (variant.images.length > 0) return variant.images;
  if (product.images.length > 0) return product.images;
  return [product.image];
}

import { IMAGE_WIDTHS, type ImageSlot, type ProductImage } from '@shop/shared/admin-catalog';
import type { Executor } from '../../db/client';
import { findImagesOfProduct, type ProductImageRow } from './repository';

/** Where a photo's rendition is served: content-hashed, so it never changes (cached for a year). */
export function imageFileUrl(hash: string, width: (typeof IMAGE_WIDTHS)[number]): string {
  return `/api/images/${hash}-${width}.webp`;
}

function toProductImage(row: ProductImageRow): ProductImage {
  return {
    _id: row.id,
    slot: row.slot as ImageSlot,
    position: row.position,
    alt: row.alt,
    url: imageFileUrl(row.hash, 800),
    width: row.width,
    height: row.height,
  };
}

/** A product's uploaded photos, by slot and position. */
export async function photosOfProduct(db: Executor, productId: string): Promise<ProductImage[]> {
  return (await findImagesOfProduct(db, productId)).map(toProductImage);
}

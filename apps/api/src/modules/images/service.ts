import {
  IMAGE_SLOTS,
  IMAGE_WIDTHS,
  type ImageSlot,
  type ProductImage,
} from '@shop/shared/admin-catalog';
import type { Executor } from '../../db/client';
import { findImagesOfProduct, type PhotoAlt, type ProductImageRow } from './repository';

/** The photo rows the product-photos flow (flows/product-photos.ts) writes in its transactions. */
export {
  deleteProductImages,
  findImagesOfProduct,
  insertProductImage,
  setImagePositions,
  type ProductImageRow,
} from './repository';

/** Reading photos: what other modules (the catalog, the back office's products) call. */

/** The width a photo's URL names (its renditions are named alike at the other widths). */
export const PHOTO_URL_WIDTH = 800;
const IMAGE_URL_PREFIX = '/api/images/';

/** Where a photo's rendition is served: content-hashed, so it never changes (cached for a year). */
export function imageFileUrl(hash: string, width: (typeof IMAGE_WIDTHS)[number]): string {
  return `${IMAGE_URL_PREFIX}${hash}-${width}.webp`;
}

/** Whether a URL is one of an uploaded photo's (not a sample catalog file under /images/). */
export function isUploadedPhotoUrl(url: string): boolean {
  return url.startsWith(IMAGE_URL_PREFIX);
}

/** A rendition's name as served: '<32 hex>-<width>.webp'. */
export const RENDITION_NAME_PATTERN = new RegExp(
  `^[0-9a-f]{32}-(${IMAGE_WIDTHS.join('|')})\\.webp$`,
);

const slotOrder = (slot: string) => IMAGE_SLOTS.indexOf(slot as ImageSlot);

/** Photo rows by slot (main, gallery, optionA, optionB, variant), variant, then position. */
export function inSlotOrder<
  T extends Pick<ProductImageRow, 'slot' | 'position'> & { variantId?: string | null },
>(rows: readonly T[]): T[] {
  return [...rows].sort(
    (a, b) =>
      slotOrder(a.slot) - slotOrder(b.slot) ||
      (a.variantId ?? '').localeCompare(b.variantId ?? '') ||
      a.position - b.position,
  );
}

export function toProductImage(row: ProductImageRow): ProductImage {
  return {
    _id: row.id,
    slot: row.slot as ImageSlot,
    ...(row.variantId ? { variantId: row.variantId } : {}),
    position: row.position,
    alt: row.alt,
    url: imageFileUrl(row.hash, PHOTO_URL_WIDTH),
    width: row.width,
    height: row.height,
  };
}

/** A product's uploaded photos, by slot (main, gallery, optionA, optionB, variant) and position. */
export async function photosOfProduct(db: Executor, productId: string): Promise<ProductImage[]> {
  return inSlotOrder(await findImagesOfProduct(db, productId)).map(toProductImage);
}

/** Alt text by photo URL. */
export type ImageAlts = Record<string, string>;

/** The SQL that reads a product's photos' alt texts in its row (the catalog's storefront reads). */
export { productPhotoAltsJson, type PhotoAlt } from './repository';

/** The alt texts of a product's uploaded photos, by URL (undefined when it has none). */
export function imageAltsOfPhotos(photos: readonly PhotoAlt[]): ImageAlts | undefined {
  if (!photos.length) return undefined;
  const alts: ImageAlts = {};
  for (const photo of photos) alts[imageFileUrl(photo.hash, PHOTO_URL_WIDTH)] = photo.alt;
  return alts;
}

import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { productImages } from '../../db/schema';

/** The photos' SQL: product_images (which photo is where) and image_files (the renditions). */

export type ProductImageRow = typeof productImages.$inferSelect;

export async function findImagesOfProduct(
  db: Executor,
  productId: string,
): Promise<ProductImageRow[]> {
  return db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.slot), asc(productImages.position), asc(productImages.createdAt));
}

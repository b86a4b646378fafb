import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { imageFiles, productImages } from '../../db/schema';

/** The photos' SQL: product_images (which photo is where) and image_files (the renditions). */

export type ProductImageRow = typeof productImages.$inferSelect;
export type NewProductImage = typeof productImages.$inferInsert;
export type ImageFileRow = typeof imageFiles.$inferSelect;
export type NewImageFile = Pick<ImageFileRow, 'name' | 'contentType' | 'width' | 'height' | 'body'>;

/** An uploaded photo's alt text, by the photo's hash (imageAltsOfPhotos makes its URL). */
export type PhotoAlt = Pick<ProductImageRow, 'hash' | 'alt'>;

/**
 * The alt texts of a product's uploaded photos, as a column of a select from `products`: the
 * storefront reads them in the product's row, with no round trip of their own (decision 063).
 * Written out by name: inside a select drizzle leaves columns unqualified, and the photo's own
 * "id" would shadow the product's.
 */
export const productPhotoAltsJson = sql<PhotoAlt[] | null>`(
  select json_agg(json_build_object('hash', i.hash, 'alt', i.alt))
  from product_images i where i.product_id = "products"."id"
)`;

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

export async function insertProductImage(
  tx: Executor,
  image: NewProductImage,
): Promise<ProductImageRow> {
  const [row] = await tx.insert(productImages).values(image).returning();
  if (!row) throw new Error('product_images insert returned no row');
  return row;
}

/** Removes photos of a product by id; answers the rows removed (none for another product's ids). */
export async function deleteProductImages(
  tx: Executor,
  productId: string,
  imageIds: readonly string[],
): Promise<ProductImageRow[]> {
  if (!imageIds.length) return [];
  return tx
    .delete(productImages)
    .where(and(eq(productImages.productId, productId), inArray(productImages.id, [...imageIds])))
    .returning();
}

/** Sets the positions of a product's photos (id → position) in one statement. */
export async function setImagePositions(
  tx: Executor,
  productId: string,
  positions: ReadonlyMap<string, number>,
): Promise<void> {
  if (!positions.size) return;
  const cases = sql.join(
    [...positions].map(([id, position]) => sql`when ${id}::uuid then ${position}::integer`),
    sql` `,
  );
  await tx
    .update(productImages)
    .set({ position: sql`case ${productImages.id} ${cases} end` })
    .where(
      and(eq(productImages.productId, productId), inArray(productImages.id, [...positions.keys()])),
    );
}

/** Stores renditions; a name already there keeps its file (names are content hashes). */
export async function insertImageFiles(
  db: Executor,
  files: readonly NewImageFile[],
): Promise<void> {
  if (!files.length) return;
  await db
    .insert(imageFiles)
    .values([...files])
    .onConflictDoNothing({ target: imageFiles.name });
}

export async function findImageFile(
  db: Executor,
  name: string,
): Promise<Pick<ImageFileRow, 'contentType' | 'body'> | undefined> {
  const [row] = await db
    .select({ contentType: imageFiles.contentType, body: imageFiles.body })
    .from(imageFiles)
    .where(eq(imageFiles.name, name));
  return row;
}

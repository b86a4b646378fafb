import { and, asc, count, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { preparedRead } from '../../db/prepared';
import { publishedAddresses } from '../../db/published-addresses';
import { collectionProducts, collections, products } from '../../db/schema';

/** The collections' SQL (decision 034). */

export type CollectionRow = typeof collections.$inferSelect;
export type CollectionFields = Omit<CollectionRow, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertCollection(
  tx: Executor,
  fields: CollectionFields,
): Promise<CollectionRow> {
  const [row] = await tx.insert(collections).values(fields).returning();
  return row!;
}

export async function updateCollectionRow(
  tx: Executor,
  id: string,
  fields: Partial<CollectionFields>,
): Promise<void> {
  await tx
    .update(collections)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(collections.id, id));
}

export async function deleteCollectionRow(tx: Executor, id: string): Promise<void> {
  await tx.delete(collections).where(eq(collections.id, id));
}

export async function findCollectionById(
  db: Executor,
  id: string,
): Promise<CollectionRow | undefined> {
  const [row] = await db.select().from(collections).where(eq(collections.id, id));
  return row;
}

/** The collection, locked for the rest of the caller's transaction (its writes go one at a time). */
export async function lockCollection(tx: Executor, id: string): Promise<CollectionRow | undefined> {
  const [row] = await tx.select().from(collections).where(eq(collections.id, id)).for('update');
  return row;
}

export async function findPublishedCollectionByHandle(
  db: Executor,
  handle: string,
): Promise<CollectionRow | undefined> {
  const [row] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.handle, handle), eq(collections.status, 'published')));
  return row;
}

/** The handles equal to `base` or starting with `base-` (to find a free one). */
export async function collectionHandlesLike(db: Executor, base: string): Promise<string[]> {
  const rows = await db
    .select({ handle: collections.handle })
    .from(collections)
    .where(
      or(
        eq(collections.handle, base),
        like(collections.handle, `${base.replace(/[\\%_]/g, '\\$&')}-%`),
      ),
    );
  return rows.map((row) => row.handle);
}

export async function collectionIdByHandle(
  db: Executor,
  handle: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: collections.id })
    .from(collections)
    .where(eq(collections.handle, handle));
  return row?.id;
}

/** Every collection with how many products it holds, by name. */
export async function listCollectionRows(
  db: Executor,
): Promise<(CollectionRow & { productCount: number })[]> {
  const rows = await db
    .select({ collection: collections, productCount: count(collectionProducts.productId) })
    .from(collections)
    .leftJoin(collectionProducts, eq(collectionProducts.collectionId, collections.id))
    .groupBy(collections.id)
    .orderBy(asc(collections.name), asc(collections.id));
  return rows.map((row) => ({ ...row.collection, productCount: row.productCount }));
}

/** The published collections shown in the header, by menu position, then name. */
const menuCollections = preparedRead((db) =>
  db
    .select({ handle: collections.handle, name: collections.name })
    .from(collections)
    .where(and(eq(collections.status, 'published'), eq(collections.showInMenu, true)))
    .orderBy(asc(collections.menuPosition), asc(collections.name), asc(collections.id))
    .prepare('collections_menu'),
);

export function findMenuCollections(db: Database): Promise<{ handle: string; name: string }[]> {
  return menuCollections(db).execute();
}

/** Published collections' addresses, walked in id order (the sitemap). */
export const publishedCollectionAddresses = publishedAddresses(collections);

/** A collection's products in its order, whatever their status (the back office). */
export function findCollectionProductsForBackOffice(db: Executor, collectionId: string) {
  return db
    .select({
      id: products.id,
      name: products.name,
      handle: products.handle,
      status: products.status,
      image: products.image,
      priceCents: products.priceCents,
    })
    .from(collectionProducts)
    .innerJoin(products, eq(products.id, collectionProducts.productId))
    .where(eq(collectionProducts.collectionId, collectionId))
    .orderBy(asc(collectionProducts.position));
}

/** Which of `ids` are products (in any status). */
export async function existingProductIds(db: Executor, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return rows.map((row) => row.id);
}

/** Replaces a collection's products by `productIds`, in that order. */
export async function replaceCollectionProducts(
  tx: Executor,
  collectionId: string,
  productIds: readonly string[],
): Promise<void> {
  await tx.delete(collectionProducts).where(eq(collectionProducts.collectionId, collectionId));
  if (productIds.length)
    await tx
      .insert(collectionProducts)
      .values(productIds.map((productId, position) => ({ collectionId, productId, position })));
}

const publishedInCollection = (collectionId: string) =>
  and(eq(collectionProducts.collectionId, collectionId), eq(products.status, 'published'));

export async function countPublishedProductsOf(
  db: Executor,
  collectionId: string,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(collectionProducts)
    .innerJoin(products, eq(products.id, collectionProducts.productId))
    .where(publishedInCollection(collectionId));
  return row?.total ?? 0;
}

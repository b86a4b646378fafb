import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  like,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { ProductStatus } from '@shop/shared/admin-catalog';
import type { Category, ProductOption, Variant } from '@shop/shared/catalog';
import { specOptions } from '@shop/shared/variants';
import type { Database, Executor, Transaction } from '../../db/client';
import { preparedRead } from '../../db/prepared';
import { publishedAddresses } from '../../db/published-addresses';
import { containsPattern } from '../../lib/search';
import { productPhotoAltsJson, type PhotoAlt } from '../images/service';
import {
  collectionProducts,
  productHandleRedirects,
  products,
  reviews,
  variants,
} from '../../db/schema';

export type ProductRow = typeof products.$inferSelect;
/** Opening units per spec variant, e.g. { A: 3, B: 0 } (the sample catalog, back-office creation). */
export type StockByVariant = Partial<Record<Variant, number>>;
/** What the storefront reads of a variant (in the options' order). */
export interface VariantReading {
  id: string;
  key: string;
  values: string[];
  sku: string | null;
  priceCents: number | null;
  compareAtCents: number | null;
  available: number;
  images: string[];
}
export type ProductWithStock = ProductRow & { variants: VariantReading[]; photoAlts: PhotoAlt[] };
export type ReviewRow = typeof reviews.$inferSelect;

/** A listing's filter (a keyword search is modules/search's, decision 050). */
export interface ProductFilter {
  categories?: readonly Category[] | undefined;
}

/** The storefront's products: published ones only (drafts and archived products are the back office's). */
function filterCondition(filter: ProductFilter): SQL | undefined {
  const conditions: SQL[] = [eq(products.status, 'published')];
  if (filter.categories?.length)
    conditions.push(inArray(products.category, [...filter.categories]));
  return and(...conditions);
}

// One round trip for a product and its variants, in the options' order. Written out by name:
// inside a select, drizzle leaves columns unqualified, and the variant's own "id" would shadow
// the product's.
export const variantsJson = sql<VariantReading[] | null>`(
  select json_agg(json_build_object(
    'id', v.id, 'key', v.key, 'values', v.option_values, 'sku', v.sku,
    'priceCents', v.price_cents, 'compareAtCents', v.compare_at_cents,
    'available', v.available, 'images', v.images
  ) order by v.position, v.key)
  from variants v where v.product_id = "products"."id"
)`;

/** What the storefront reads of a product: its row, its variants and its photos' alt texts. */
const storefrontColumns = {
  product: products,
  variants: variantsJson,
  photoAlts: productPhotoAltsJson,
};

const toProductWithStock = (row: {
  product: ProductRow;
  variants: VariantReading[] | null;
  photoAlts: PhotoAlt[] | null;
}): ProductWithStock => ({
  ...row.product,
  variants: row.variants ?? [],
  photoAlts: row.photoAlts ?? [],
});

const countPublished = preparedRead((db) =>
  db
    .select({ total: count() })
    .from(products)
    .where(eq(products.status, 'published'))
    .prepare('catalog_count_published'),
);

export async function countProducts(db: Database, filter: ProductFilter = {}): Promise<number> {
  const [row] = filter.categories?.length
    ? await db.select({ total: count() }).from(products).where(filterCondition(filter))
    : await countPublished(db).execute();
  return row?.total ?? 0;
}

/** Whether the shop has any product at all, in whatever status (the sample seed runs only when not). */
export async function hasAnyProduct(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).limit(1);
  return row !== undefined;
}

const listingOrder = [desc(products.createdAt), asc(products.name), asc(products.id)];

// The page's ids first, then the variants of those only: PostgreSQL computes a select's
// subqueries for every row the offset skips too (66 ms for page 100 of 10,000 products, 0.5 s
// for the last). The ids come from the published listing's index alone (decision 039).
function productsOfPage(
  db: Database,
  where: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...listingOrder)
    .limit(limit)
    .offset(offset);
  return db
    .select(storefrontColumns)
    .from(products)
    .where(inArray(products.id, pageIds))
    .orderBy(...listingOrder);
}

/** The unfiltered listing (the home page, the pages after it) is the one asked most. */
const publishedPage = preparedRead((db) =>
  productsOfPage(
    db,
    eq(products.status, 'published'),
    sql.placeholder('limit'),
    sql.placeholder('offset'),
  ).prepare('catalog_published_page'),
);

export async function findProductsPage(
  db: Database,
  filter: ProductFilter,
  page: { limit: number; offset: number },
): Promise<ProductWithStock[]> {
  const rows = filter.categories?.length
    ? await productsOfPage(db, filterCondition(filter), page.limit, page.offset)
    : await publishedPage(db).execute(page);
  return rows.map(toProductWithStock);
}

/**
 * The products of a listing's page with their variants, in the page's order, in the statement
 * that finds the page: `pageIds` selects the page's ids in its order (listingPageSql), or in the
 * reverse order when `reversed`. ARRAY(subquery) keeps the subquery's order; WITH ORDINALITY
 * numbers it.
 */
export async function findProductsOfPage(
  db: Executor,
  pageIds: SQL,
  reversed: boolean,
): Promise<ProductWithStock[]> {
  const rows = await db
    .select(storefrontColumns)
    .from(products)
    .innerJoin(
      sql`unnest(array(${pageIds})) with ordinality as page(id, at)`,
      sql`page.id = ${products.id}`,
    )
    .orderBy(reversed ? sql`page.at desc` : sql`page.at`);
  return rows.map(toProductWithStock);
}

const publishedProductBy = (column: typeof products.id | typeof products.handle, name: string) =>
  preparedRead((db) =>
    db
      .select(storefrontColumns)
      .from(products)
      .where(and(eq(column, sql.placeholder('value')), eq(products.status, 'published')))
      .prepare(name),
  );
const publishedProductById = publishedProductBy(products.id, 'catalog_product_by_id');
const publishedProductByHandle = publishedProductBy(products.handle, 'catalog_product_by_handle');

export async function findProductById(
  db: Database,
  id: string,
): Promise<ProductWithStock | undefined> {
  const [row] = await publishedProductById(db).execute({ value: id });
  return row ? toProductWithStock(row) : undefined;
}

/** Published products' addresses, walked in id order (the sitemap). */
export const publishedProductAddresses = publishedAddresses(products);

const reviewsNewestFirst = preparedRead((db) =>
  db
    .select()
    .from(reviews)
    .where(eq(reviews.productId, sql.placeholder('productId')))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .prepare('catalog_reviews_newest_first'),
);

export async function findReviewsNewestFirst(
  db: Database,
  productId: string,
): Promise<ReviewRow[]> {
  return reviewsNewestFirst(db).execute({ productId });
}

export interface NewProduct {
  handle: string;
  name: string;
  category: Category;
  descriptionHtml: string;
  priceCents: number;
  image: string;
  images: string[];
  imagesOptionA: string[];
  imagesOptionB: string[];
  hasSize: boolean;
  hasAandB: boolean;
  createdAt?: Date;
  stock: StockByVariant;
  reviews: { name: string; email: string; rating: number; comment: string; createdAt: Date }[];
}

/**
 * Inserts a product with its reviews, keeping the rating totals in step, and hands its new id to
 * `openStock` in the same transaction (the stock ledger writes the opening units). Idempotent by handle.
 */
export async function insertProduct(
  db: Database,
  product: NewProduct,
  openStock: (tx: Transaction, productId: string, levels: StockByVariant) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { stock: stockLevels, reviews: productReviews, hasSize, hasAandB, ...fields } = product;
    const [inserted] = await tx
      .insert(products)
      .values({
        ...fields,
        options: specOptions({ hasSize, hasAandB }),
        numReviews: productReviews.length,
        ratingTotal: productReviews.reduce((sum, review) => sum + review.rating, 0),
      })
      .onConflictDoNothing({ target: products.handle })
      .returning({ id: products.id });
    if (!inserted) return;
    await openStock(tx, inserted.id, stockLevels);
    if (hasAandB) await copyOptionPhotosToVariants(tx, inserted.id, fields);
    if (productReviews.length) {
      await tx
        .insert(reviews)
        .values(productReviews.map((review) => ({ ...review, productId: inserted.id })));
    }
  });
}

/** What the storefront shows of a product's photos (URLs), as kept on its row. */
export type ProductPhotoColumns = Pick<
  ProductRow,
  'image' | 'images' | 'imagesOptionA' | 'imagesOptionB'
>;

export async function updateProductPhotoColumns(
  tx: Transaction,
  id: string,
  columns: ProductPhotoColumns,
): Promise<void> {
  const [row] = await tx
    .update(products)
    .set({ ...columns, updatedAt: sql`now()` })
    .where(eq(products.id, id))
    .returning({ hasAandB: products.hasAandB });
  if (row?.hasAandB) await copyOptionPhotosToVariants(tx, id, columns);
}

/** The spec's option photos are the photos of its A and B variants (decision 031). */
async function copyOptionPhotosToVariants(
  tx: Executor,
  id: string,
  columns: Pick<ProductRow, 'imagesOptionA' | 'imagesOptionB'>,
): Promise<void> {
  for (const [value, images] of [
    ['A', columns.imagesOptionA],
    ['B', columns.imagesOptionB],
  ] as const)
    await tx
      .update(variants)
      .set({ images })
      .where(and(eq(variants.productId, id), sql`${variants.optionValues}[1] = ${value}`));
}

/** Points one variant of a product at its own photos (URLs; none: the product's). */
export async function updateVariantImages(
  tx: Transaction,
  productId: string,
  variantId: string,
  images: string[],
): Promise<void> {
  await tx
    .update(variants)
    .set({ images })
    .where(and(eq(variants.productId, productId), eq(variants.id, variantId)));
}

/* The back office's products: every status, written field by field (admin-service.ts). */

export interface AdminProductFilter {
  q?: string | undefined;
  status?: ProductStatus | undefined;
}

export type AdminProductListRow = ProductRow & { available: number };

const availableSum = sql<number>`(
  select coalesce(sum(v.available), 0)::int from variants v where v.product_id = "products"."id"
)`;

/** A page of products in any status, newest first; q matches the name or the handle. */
export async function listAdminProductRows(
  db: Executor,
  filter: AdminProductFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AdminProductListRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.q) {
    const contains = containsPattern(filter.q);
    conditions.push(or(ilike(products.name, contains), ilike(products.handle, contains)) as SQL);
  }
  if (filter.status) conditions.push(eq(products.status, filter.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ product: products, available: availableSum })
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row.product, available: row.available })),
    total: counted?.total ?? 0,
  };
}

/** A product in any status (the storefront's findProductById sees published ones only). */
export async function findAnyProductById(
  db: Executor,
  id: string,
): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

/** Products in any status by handle (the CSV import's lookup). */
export async function findProductsByHandles(
  db: Executor,
  handles: readonly string[],
): Promise<ProductRow[]> {
  if (!handles.length) return [];
  return db
    .select()
    .from(products)
    .where(inArray(products.handle, [...handles]));
}

/** The handles that are `base` or `base-…` (to find the next free `base-N`). */
export async function findHandlesLike(db: Executor, base: string): Promise<string[]> {
  const rows = await db
    .select({ handle: products.handle })
    .from(products)
    .where(or(eq(products.handle, base), like(products.handle, `${base}-%`)));
  return rows.map((row) => row.handle);
}

/** Every product in any status, by handle (the CSV export). */
export async function findAllProductsByHandle(db: Executor): Promise<ProductRow[]> {
  return db.select().from(products).orderBy(asc(products.handle));
}

/** A product's fields as the back office writes them (photos and reviews are kept elsewhere). */
export interface ProductFields {
  handle: string;
  status: ProductStatus;
  name: string;
  category: Category;
  descriptionHtml: string;
  priceCents: number;
  hasSize: boolean;
  hasAandB: boolean;
  /** Undefined: kept as it is (the CSV has no such columns yet). */
  seoTitle?: string | undefined;
  seoDescription?: string | undefined;
}

/** Inserts a back-office product with no photos yet; answers the new row. */
export async function insertProductRow(tx: Executor, fields: ProductFields): Promise<ProductRow> {
  const { hasSize, hasAandB, ...rest } = fields;
  const [row] = await tx
    .insert(products)
    .values({
      ...rest,
      options: specOptions({ hasSize, hasAandB }),
      image: '',
      images: [],
      imagesOptionA: [],
      imagesOptionB: [],
    })
    .returning();
  if (!row) throw new Error('insert returned no product');
  return row;
}

/** Writes a product's fields; answers the row as it is now (undefined when there is none). */
export async function updateProductRow(
  tx: Executor,
  id: string,
  fields: Partial<ProductFields>,
): Promise<ProductRow | undefined> {
  const { hasSize, hasAandB, ...rest } = fields;
  // The spec's shape flags are read from the options (decision 031): a change of either writes them.
  const reshaped =
    hasSize === undefined && hasAandB === undefined
      ? {}
      : { options: specOptions({ hasSize: hasSize ?? false, hasAandB: hasAandB ?? false }) };
  const [row] = await tx
    .update(products)
    .set({ ...rest, ...reshaped, updatedAt: sql`now()` })
    .where(eq(products.id, id))
    .returning();
  return row;
}

/**
 * Locks a product's row (any status) for the rest of the transaction: two edits of one product,
 * or of its photos, queue. NO KEY UPDATE: inserts that refer to the product (stock movements of
 * checkouts) do not wait for it.
 */
export async function lockProductRow(tx: Executor, id: string): Promise<ProductRow | undefined> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('no key update');
  return row;
}

/* Product addresses (docs/decisions/033-product-addresses.md): current handles and former ones. */

/** A published product by its current handle. */
export async function findProductByHandle(
  db: Database,
  handle: string,
): Promise<ProductWithStock | undefined> {
  const [row] = await publishedProductByHandle(db).execute({ value: handle });
  return row ? toProductWithStock(row) : undefined;
}

// One light round trip for every product page: the redirect row, unless a published product
// answers at the address itself (by its handle or, for an id, by its id).
const formerHandleTarget = preparedRead((db) =>
  db
    .select({ handle: products.handle })
    .from(productHandleRedirects)
    .innerJoin(products, eq(products.id, productHandleRedirects.productId))
    .where(
      and(
        eq(productHandleRedirects.handle, sql.placeholder('address')),
        eq(products.status, 'published'),
        sql`not exists (select 1 from products q where q.status = 'published'
          and (q.handle = ${sql.placeholder('address')} or q.id::text = ${sql.placeholder('address')}))`,
      ),
    )
    .prepare('catalog_former_handle_target'),
);

/** The current handle of the published product `address` names by a former handle, if any. */
export async function findFormerHandleTarget(
  db: Database,
  address: string,
): Promise<string | undefined> {
  const [row] = await formerHandleTarget(db).execute({ address });
  return row?.handle;
}

/** The current handle of the published product that once had `oldHandle`. */
export async function findHandleRedirect(
  db: Database,
  oldHandle: string,
): Promise<{ id: string; handle: string } | undefined> {
  const [row] = await db
    .select({ id: products.id, handle: products.handle })
    .from(productHandleRedirects)
    .innerJoin(products, eq(products.id, productHandleRedirects.productId))
    .where(and(eq(productHandleRedirects.handle, oldHandle), eq(products.status, 'published')));
  return row;
}

/** `oldHandle` now leads to `productId` (whichever product it led to before). */
export async function upsertHandleRedirect(
  tx: Executor,
  oldHandle: string,
  productId: string,
): Promise<void> {
  await tx
    .insert(productHandleRedirects)
    .values({ handle: oldHandle, productId })
    .onConflictDoUpdate({
      target: productHandleRedirects.handle,
      set: { productId, createdAt: sql`now()` },
    });
}

/** A product took `handle`: it no longer redirects anywhere. */
export async function deleteHandleRedirect(tx: Executor, handle: string): Promise<void> {
  await tx.delete(productHandleRedirects).where(eq(productHandleRedirects.handle, handle));
}

/* A product's options and its variants' descriptive columns (decision 031; levels are the stock ledger's). */

/** What the catalog writes of a variant. */
export interface VariantDescription {
  position: number;
  optionValues: string[];
  sku: string | null;
  priceCents: number | null;
  compareAtCents: number | null;
  barcode: string | null;
  weightGrams: number | null;
}

export type VariantRow = typeof variants.$inferSelect;

/** A product's variants in the options' order, locked until the transaction ends. */
export async function lockVariantRows(tx: Executor, productId: string): Promise<VariantRow[]> {
  return tx
    .select()
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.position), asc(variants.key))
    .for('update');
}

/** A product's variants in the options' order. */
export async function findVariantRows(db: Executor, productId: string): Promise<VariantRow[]> {
  return db
    .select()
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.position), asc(variants.key));
}

export async function writeProductOptions(
  tx: Executor,
  productId: string,
  options: ProductOption[],
): Promise<void> {
  await tx
    .update(products)
    .set({ options, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
}

/** Clears the SKUs of some of a product's variants (before SKUs move between them). */
export async function clearVariantSkus(
  tx: Executor,
  productId: string,
  ids: readonly string[],
): Promise<void> {
  if (!ids.length) return;
  await tx
    .update(variants)
    .set({ sku: null })
    .where(and(eq(variants.productId, productId), inArray(variants.id, [...ids])));
}

export async function updateVariantDescription(
  tx: Executor,
  productId: string,
  id: string,
  description: VariantDescription,
): Promise<void> {
  await tx
    .update(variants)
    .set(description)
    .where(and(eq(variants.productId, productId), eq(variants.id, id)));
}

/** A new variant, keyed by its id, with no stock (its units arrive as movements). */
export async function insertVariant(
  tx: Executor,
  productId: string,
  id: string,
  description: VariantDescription,
): Promise<void> {
  await tx.insert(variants).values({ productId, id, key: id, onHand: 0, ...description });
}

/** Removes a variant that has nothing on hand or held; answers whether it went. */
export async function deleteEmptyVariant(
  tx: Executor,
  productId: string,
  id: string,
): Promise<boolean> {
  const gone = await tx
    .delete(variants)
    .where(
      and(
        eq(variants.productId, productId),
        eq(variants.id, id),
        eq(variants.onHand, 0),
        eq(variants.held, 0),
      ),
    )
    .returning({ id: variants.id });
  return gone.length > 0;
}

/** Which of these SKUs other products' variants use, with those products' names. */
export async function findSkusOfOtherProducts(
  db: Executor,
  productId: string,
  skus: readonly string[],
): Promise<{ sku: string; productName: string }[]> {
  if (!skus.length) return [];
  const rows = await db
    .select({ sku: variants.sku, productName: products.name })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(inArray(variants.sku, [...skus]), sql`${variants.productId} <> ${productId}`));
  return rows.map((row) => ({ sku: row.sku ?? '', productName: row.productName }));
}

/** The collections each of these products is in (a sale may be for a collection: decision 052). */
export async function findCollectionIdsOfProducts(
  db: Database,
  productIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byProduct = new Map<string, string[]>();
  if (!productIds.length) return byProduct;
  const rows = await db
    .select({
      productId: collectionProducts.productId,
      collectionId: collectionProducts.collectionId,
    })
    .from(collectionProducts)
    .where(inArray(collectionProducts.productId, [...productIds]));
  for (const row of rows)
    byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row.collectionId]);
  return byProduct;
}

import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Category, Variant } from '@shop/shared/catalog';
import type { Database, Transaction } from '../../db/client';
import { products, reviews, stock } from '../../db/schema';

export type ProductRow = typeof products.$inferSelect;
/** Available units per variant, e.g. { A: 3, B: 0 }. */
export type StockByVariant = Partial<Record<Variant, number>>;
export type ProductWithStock = ProductRow & { stock: StockByVariant };
export type ReviewRow = typeof reviews.$inferSelect;

export interface ProductFilter {
  keyword?: string | undefined;
  categories?: readonly Category[] | undefined;
}

/** LIKE treats % and _ as wildcards and \ as the escape: a shopper's search means them literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The storefront's products: published ones only (drafts and archived products are the back office's). */
function filterCondition(filter: ProductFilter): SQL | undefined {
  const conditions: SQL[] = [eq(products.status, 'published')];
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    const keywordMatch = or(
      ilike(products.name, pattern),
      ilike(products.category, pattern),
      ilike(products.descriptionHtml, pattern),
    );
    if (keywordMatch) conditions.push(keywordMatch);
  }
  if (filter.categories?.length)
    conditions.push(inArray(products.category, [...filter.categories]));
  return and(...conditions);
}

// One round trip for a product and its stock rows, aggregated as { variant: available }.
const stockJson = sql<StockByVariant | null>`(
  select json_object_agg(${stock.variant}, ${stock.available})
  from ${stock} where ${stock.productId} = ${products.id}
)`;

export async function countProducts(db: Database, filter: ProductFilter = {}): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(filterCondition(filter));
  return row?.total ?? 0;
}

/** Whether the shop has any product at all, in whatever status (the sample seed runs only when not). */
export async function hasAnyProduct(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).limit(1);
  return row !== undefined;
}

export async function findProductsPage(
  db: Database,
  filter: ProductFilter,
  page: { limit: number; offset: number },
): Promise<ProductWithStock[]> {
  const rows = await db
    .select({ product: products, stock: stockJson })
    .from(products)
    .where(filterCondition(filter))
    .orderBy(desc(products.createdAt), asc(products.name), asc(products.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({ ...row.product, stock: row.stock ?? {} }));
}

export async function findProductById(
  db: Database,
  id: string,
): Promise<ProductWithStock | undefined> {
  const [row] = await db
    .select({ product: products, stock: stockJson })
    .from(products)
    .where(and(eq(products.id, id), eq(products.status, 'published')));
  return row ? { ...row.product, stock: row.stock ?? {} } : undefined;
}

export async function findReviewsNewestFirst(
  db: Database,
  productId: string,
): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
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
    const { stock: stockLevels, reviews: productReviews, ...fields } = product;
    const [inserted] = await tx
      .insert(products)
      .values({
        ...fields,
        numReviews: productReviews.length,
        ratingTotal: productReviews.reduce((sum, review) => sum + review.rating, 0),
      })
      .onConflictDoNothing({ target: products.handle })
      .returning({ id: products.id });
    if (!inserted) return;
    await openStock(tx, inserted.id, stockLevels);
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

/**
 * Locks a product's row (any status) until the transaction ends; answers its name and photo URLs.
 * NO KEY UPDATE: inserts that refer to the product (stock movements of checkouts) do not wait.
 */
export async function lockProductRow(
  tx: Transaction,
  id: string,
): Promise<(ProductPhotoColumns & { name: string }) | undefined> {
  const [row] = await tx
    .select({
      name: products.name,
      image: products.image,
      images: products.images,
      imagesOptionA: products.imagesOptionA,
      imagesOptionB: products.imagesOptionB,
    })
    .from(products)
    .where(eq(products.id, id))
    .for('no key update');
  return row;
}

export async function updateProductPhotoColumns(
  tx: Transaction,
  id: string,
  columns: ProductPhotoColumns,
): Promise<void> {
  await tx
    .update(products)
    .set({ ...columns, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}

import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products, reviews } from '../../db/schema';

/** Adds a review and its rating to the product's totals; answers false when this e-mail already reviewed it. */
export async function insertReview(
  db: Executor,
  review: { productId: string; name: string; email: string; rating: number; comment: string },
): Promise<boolean> {
  const rows = await db
    .insert(reviews)
    .values(review)
    .onConflictDoNothing()
    .returning({ id: reviews.id });
  if (!rows.length) return false;
  await db
    .update(products)
    .set({
      numReviews: sql`${products.numReviews} + 1`,
      ratingTotal: sql`${products.ratingTotal} + ${review.rating}`,
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, review.productId));
  return true;
}

export async function productExists(db: Executor, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId));
  return row !== undefined;
}

/** The reviews filed under an e-mail, newest first, with their product's name. */
export async function listReviewsByEmail(db: Executor, email: string) {
  return db
    .select({
      productId: reviews.productId,
      productName: products.name,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.email, email))
    .orderBy(desc(reviews.createdAt));
}

/** Files an e-mail's reviews under another name and a placeholder address per review. */
export async function renameReviewsByEmail(
  db: Executor,
  email: string,
  replacement: { name: string; email: { prefix: string; domain: string } },
): Promise<number> {
  const { prefix, domain } = replacement.email;
  const rows = await db
    .update(reviews)
    .set({ name: replacement.name, email: sql`${prefix} || ${reviews.id}::text || ${domain}` })
    .where(eq(reviews.email, email))
    .returning({ id: reviews.id });
  return rows.length;
}

import { eq, sql } from 'drizzle-orm';
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

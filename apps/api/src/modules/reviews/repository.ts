import { desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders, products, reviews } from '../../db/schema';

/**
 * Adds a review and its rating to the product's totals; answers false when its account (or, for a
 * guest's review, its e-mail) already reviewed the product.
 */
export async function insertReview(
  db: Executor,
  review: {
    productId: string;
    name: string;
    email: string;
    userId: string | null;
    orderId: string | null;
    rating: number;
    comment: string;
  },
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

/** An account's reviews: written by it, or through the link of one of its orders. */
const ofAccount = (userId: string) =>
  or(
    eq(reviews.userId, userId),
    inArray(
      reviews.orderId,
      sql`(select ${orders.id} from ${orders} where ${orders.userId} = ${userId})`,
    ),
  );

/** An account's reviews (see ofAccount), newest first, with their product's name. */
export async function listReviewsOfAccount(db: Executor, userId: string) {
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
    .where(ofAccount(userId))
    .orderBy(desc(reviews.createdAt));
}

/** Files an account's reviews under another name and a placeholder address per review. */
export async function renameReviewsOfAccount(
  db: Executor,
  userId: string,
  replacement: { name: string; email: { prefix: string; domain: string } },
): Promise<number> {
  const { prefix, domain } = replacement.email;
  const rows = await db
    .update(reviews)
    .set({ name: replacement.name, email: sql`${prefix} || ${reviews.id}::text || ${domain}` })
    .where(ofAccount(userId))
    .returning({ id: reviews.id });
  return rows.length;
}

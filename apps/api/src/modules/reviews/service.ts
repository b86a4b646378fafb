import { ORDER_MESSAGES, type ReviewRequest } from '@shop/shared/orders';
import { ERASED_EMAIL, FORMER_CUSTOMER } from '@shop/shared/privacy';
import type { ExportedReview } from '@shop/shared/privacy';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../lib/uuid';
import type { UserRow } from '../accounts/repository';
import { PRODUCT_NOT_FOUND } from '../catalog/service';
import { accountHasBought, buyerByOrderLink, type OrdersContext } from '../orders/service';
import {
  insertReview,
  listReviewsByEmail,
  productExists,
  renameReviewsByEmail,
} from './repository';

/** Shown for reviews made through an order's link: it names no one. */
export const GUEST_REVIEWER_NAME = 'Verified buyer';

export interface ReviewsContext {
  db: Database;
  /** The orders module, which knows who bought what and checks the order links' tokens. */
  orders: Pick<OrdersContext, 'db' | 'secret'>;
}

/** Who the proof of a review shows to have bought the product, and how the review names them. */
interface Reviewer {
  email: string;
  name: string;
  /** When the review's userEmail is not the proof's. */
  mismatch: string;
}

/**
 * The proof of the purchase: the order link's token when one is sent (it decides alone), else the
 * signed-in account's own paid orders. The e-mail of the request proves nothing.
 */
async function proveReviewer(
  ctx: ReviewsContext,
  productId: string,
  input: ReviewRequest,
  user: UserRow | undefined,
): Promise<Reviewer | undefined> {
  if (input.orderId !== undefined && input.orderToken !== undefined) {
    const buyer = await buyerByOrderLink(
      ctx.orders,
      { orderId: input.orderId, token: input.orderToken },
      productId,
    );
    return (
      buyer && {
        email: buyer.email,
        // An order link can be forwarded (a gift): it never publishes an account's name.
        name: GUEST_REVIEWER_NAME,
        mismatch: ORDER_MESSAGES.reviewOrderEmailMismatch,
      }
    );
  }
  if (user && (await accountHasBought(ctx.orders, user, productId)))
    return { email: user.email, name: user.name, mismatch: ORDER_MESSAGES.reviewEmailMismatch };
  return undefined;
}

/**
 * Reviews come from verified buyers, with proof (see proveReviewer); one review per e-mail per
 * product. Without a proof that holds, one answer, whether or not the e-mail ever bought anything.
 */
export async function addReview(
  ctx: ReviewsContext,
  productId: string,
  input: ReviewRequest,
  user: UserRow | undefined,
): Promise<void> {
  if (!isUuid(productId) || !(await productExists(ctx.db, productId)))
    throw new AppError('not_found', PRODUCT_NOT_FOUND);
  const reviewer = await proveReviewer(ctx, productId, input, user);
  if (!reviewer) throw new AppError('forbidden', ORDER_MESSAGES.reviewNeedsProof);
  // The payload names the reviewer: never file the review under another address than it says.
  if (input.userEmail !== reviewer.email) throw new AppError('forbidden', reviewer.mismatch);
  const added = await ctx.db.transaction((tx) =>
    insertReview(tx, {
      productId,
      name: reviewer.name,
      email: reviewer.email,
      rating: input.rating,
      comment: input.comment,
    }),
  );
  if (!added) throw new AppError('conflict', ORDER_MESSAGES.alreadyReviewed);
}

/** For a copy of a customer's data: the reviews filed under their e-mail. */
export async function reviewsOfEmail(db: Executor, email: string): Promise<ExportedReview[]> {
  return (await listReviewsByEmail(db, email)).map((review) => ({
    product: review.productId,
    productName: review.productName,
    rating: review.rating,
    comment: review.comment,
    createdAt: review.createdAt.toISOString(),
  }));
}

/**
 * An erased customer's reviews stay (the ratings are the shop's and other shoppers' too) but name
 * no one: shown under FORMER_CUSTOMER, filed under a placeholder address. In the caller's transaction.
 */
export function anonymiseReviewsOf(tx: Executor, email: string): Promise<number> {
  return renameReviewsByEmail(tx, email, { name: FORMER_CUSTOMER, email: ERASED_EMAIL });
}

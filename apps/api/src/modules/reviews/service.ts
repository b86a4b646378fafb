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
  listReviewsOfAccount,
  productExists,
  renameReviewsOfAccount,
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
  /** The account whose review it is: the signed-in buyer, or the account of the linked order. */
  userId: string | null;
  /** The order link it is written through. */
  orderId: string | null;
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
        userId: buyer.userId,
        orderId: input.orderId,
        // An order link can be forwarded (a gift): it never publishes an account's name.
        name: GUEST_REVIEWER_NAME,
        mismatch: ORDER_MESSAGES.reviewOrderEmailMismatch,
      }
    );
  }
  if (user && (await accountHasBought(ctx.orders, user, productId)))
    return {
      email: user.email,
      name: user.name,
      userId: user.id,
      orderId: null,
      mismatch: ORDER_MESSAGES.reviewEmailMismatch,
    };
  return undefined;
}

/**
 * Reviews come from verified buyers, with proof (see proveReviewer); one review per account per
 * product, and one per e-mail per product among guests' (a guest review under an account's address
 * is not the account's, so it never stands in the account's way). Without a proof that holds, one answer, whether or not the e-mail ever bought anything.
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
      userId: reviewer.userId,
      orderId: reviewer.orderId,
      rating: input.rating,
      comment: input.comment,
    }),
  );
  if (!added) throw new AppError('conflict', ORDER_MESSAGES.alreadyReviewed);
}

/**
 * For a copy of a customer's data: the account's own reviews (written signed in, or through the
 * link of one of the account's orders), not every review filed under its e-mail: anyone can type
 * it at a guest checkout.
 */
export async function reviewsOfAccount(db: Executor, userId: string): Promise<ExportedReview[]> {
  return (await listReviewsOfAccount(db, userId)).map((review) => ({
    product: review.productId,
    productName: review.productName,
    rating: review.rating,
    comment: review.comment,
    createdAt: review.createdAt.toISOString(),
  }));
}

/**
 * An erased customer's reviews (those of reviewsOfAccount) stay (the ratings are the shop's and
 * other shoppers' too) but name no one: shown under FORMER_CUSTOMER, filed under a placeholder
 * address. In the caller's transaction, before the account's orders are unlinked.
 */
export function anonymiseReviewsOfAccount(tx: Executor, userId: string): Promise<number> {
  return renameReviewsOfAccount(tx, userId, { name: FORMER_CUSTOMER, email: ERASED_EMAIL });
}

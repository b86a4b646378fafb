import { ORDER_MESSAGES, type ReviewRequest } from '@shop/shared/orders';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../lib/uuid';
import type { UserRow } from '../accounts/repository';
import { PRODUCT_NOT_FOUND } from '../catalog/service';
import { hasBought } from '../orders/repository';
import { insertReview, productExists } from './repository';

/** Shown for reviews by guests, who give no name at checkout. */
export const GUEST_REVIEWER_NAME = 'Verified buyer';

/**
 * Reviews come from verified buyers: the e-mail must have a paid order with the product, one review
 * per e-mail per product, and a signed-in customer may only use the account's own e-mail.
 */
export async function addReview(
  db: Database,
  productId: string,
  input: ReviewRequest,
  user: UserRow | undefined,
): Promise<void> {
  if (!isUuid(productId) || !(await productExists(db, productId)))
    throw new AppError('not_found', PRODUCT_NOT_FOUND);
  if (user && user.email !== input.userEmail)
    throw new AppError('forbidden', ORDER_MESSAGES.reviewEmailMismatch);
  if (!(await hasBought(db, input.userEmail, productId)))
    throw new AppError('forbidden', ORDER_MESSAGES.reviewNeedsPurchase);
  const added = await db.transaction((tx) =>
    insertReview(tx, {
      productId,
      name: user?.name ?? GUEST_REVIEWER_NAME,
      email: input.userEmail,
      rating: input.rating,
      comment: input.comment,
    }),
  );
  if (!added) throw new AppError('conflict', ORDER_MESSAGES.alreadyReviewed);
}

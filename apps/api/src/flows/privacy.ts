import { PRIVACY_MESSAGES, type AccountExport } from '@shop/shared/privacy';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import type { UserRow } from '../modules/accounts/repository';
import { checkCurrentPassword } from '../modules/accounts/profile-update';
import {
  accountById,
  lockAccountForErasure,
  eraseAccount,
  roleOf,
  type AccountsContext,
} from '../modules/accounts/service';
import { notesOfAccount } from '../modules/customers/service';
import { forgetMailOf } from '../modules/mail/service';
import { endCheckoutsAtProvider } from './checkout';
import { closeOrdersForErasure } from './order-holds';
import { eraseCustomerFromOrders, listOrdersOfAccount } from '../modules/orders/service';
import type { PaymentProvider } from '../modules/payments/provider';
import { anonymiseReviewsOfAccount, reviewsOfAccount } from '../modules/reviews/service';

export interface PrivacyContext {
  db: Database;
  /** The accounts module: the current password is checked as a sign-in is, under its cooldown. */
  accounts: AccountsContext;
  /** Ends the account's open checkouts before it is erased. */
  provider: PaymentProvider;
  /** Stock changed (an erased account's checkouts gave theirs back). */
  onStockChanged(): void;
}

/**
 * A copy of what the shop holds about an account: the profile, its orders (placed signed in, or
 * guest orders of its proven e-mail: decision 022) as the shopper's API gives them, and its own
 * reviews (written signed in or through one of those orders' links, not every review under its
 * e-mail), and the staff's notes on it. Never the password hash, tokens, sessions or throttles.
 */
export async function exportAccountData(
  ctx: PrivacyContext,
  user: UserRow,
): Promise<AccountExport> {
  const [orders, reviews, notes] = await Promise.all([
    listOrdersOfAccount(ctx.db, user.id),
    reviewsOfAccount(ctx.db, user.id),
    notesOfAccount(ctx.db, user.id),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      name: user.name,
      email: user.email,
      verified: user.verifiedAt !== null,
      createdAt: user.createdAt.toISOString(),
      role: roleOf(user),
    },
    orders,
    reviews,
    notes,
  };
}

const REFUSALS = {
  owner: PRIVACY_MESSAGES.ownerCannotDelete,
  awaiting_shipment: PRIVACY_MESSAGES.orderAwaitingShipment,
  checkout_open: PRIVACY_MESSAGES.checkoutOpen,
} as const;

/**
 * Erases an account (see docs/decisions/014-privacy-rights.md), confirmed by its current password,
 * which is checked as a sign-in is (counted under the same cooldown, so it cannot be used to
 * guess). The account's open checkouts are ended at the provider first, then, in one transaction:
 * they expire (their stock goes back), the account's row goes (its sessions with it, so every
 * token ends at once, and its sign-in answers as for an unknown address; the staff's notes on it
 * go with the row), its orders keep lines
 * and amounts for the books but no longer name it, its reviews stay under FORMER_CUSTOMER, and
 * mail still queued to its addresses is dropped. Refused (409) for the owner, while an order still
 * needs the customer's address (paid, not shipped), and while a checkout the provider would not
 * end may still be paid. Only the account's own orders count (decision 022): a guest checkout
 * someone opens with its e-mail neither blocks nor is touched.
 */
export async function deleteAccount(
  ctx: PrivacyContext,
  user: UserRow,
  password: string,
  clientAddress: string,
): Promise<void> {
  if (roleOf(user) === 'owner') throw new AppError('conflict', REFUSALS.owner);
  await checkCurrentPassword(
    ctx.accounts,
    user,
    password,
    clientAddress,
    PRIVACY_MESSAGES.wrongPassword,
  );
  // The account as it is now, before anything is ended: it may have been made the owner (the
  // owner set-up) since the request's sign-in was read. The transaction checks once more.
  const current = await accountById(ctx.db, user.id);
  if (!current) return;
  if (roleOf(current) === 'owner') throw new AppError('conflict', REFUSALS.owner);
  const endedCheckouts = await endCheckoutsAtProvider(ctx, user.id);
  const outcome = await ctx.db.transaction(async (tx) => {
    const account = await lockAccountForErasure(tx, user.id);
    if (!account) return 'gone' as const;
    if (roleOf(account) === 'owner') return 'owner' as const;
    const blocker = await closeOrdersForErasure(tx, account.id, endedCheckouts);
    if (blocker) return blocker;
    // The reviews first: those written through the account's orders are found by the orders.
    await anonymiseReviewsOfAccount(tx, account.id);
    await eraseCustomerFromOrders(tx, account.id);
    await forgetMailOf(tx, await eraseAccount(tx, account));
    return 'deleted' as const;
  });
  if (endedCheckouts.size > 0) ctx.onStockChanged();
  if (outcome === 'deleted' || outcome === 'gone') return;
  throw new AppError('conflict', REFUSALS[outcome]);
}

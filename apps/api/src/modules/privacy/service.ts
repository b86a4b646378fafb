import { PRIVACY_MESSAGES, type AccountExport } from '@shop/shared/privacy';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { UserRow } from '../accounts/repository';
import { checkCurrentPassword } from '../accounts/profile-update';
import {
  lockAccountForErasure,
  eraseAccount,
  roleOf,
  type AccountsContext,
} from '../accounts/service';
import { forgetMailOf } from '../mail/service';
import {
  erasureBlocker,
  eraseCustomerFromOrders,
  listOrdersOfAccountHolder,
} from '../orders/service';
import { anonymiseReviewsOf, reviewsOfEmail } from '../reviews/service';

export interface PrivacyContext {
  db: Database;
  /** The accounts module: the current password is checked as a sign-in is, under its cooldown. */
  accounts: AccountsContext;
}

/**
 * A copy of what the shop holds about an account: the profile, its orders (and the guest orders
 * placed with its e-mail, which are erased with it) as the shopper's API gives them, and the
 * reviews filed under its e-mail. Never the password hash, tokens, sessions or throttles.
 */
export async function exportAccountData(
  ctx: PrivacyContext,
  user: UserRow,
): Promise<AccountExport> {
  const customer = { userId: user.id, email: user.email };
  const [orders, reviews] = await Promise.all([
    listOrdersOfAccountHolder(ctx.db, customer),
    reviewsOfEmail(ctx.db, user.email),
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
 * guess). In one transaction: the account's row goes (its sessions with it, so every token ends
 * at once, and its sign-in answers as for an unknown address), its orders keep lines and amounts
 * for the books but no longer name it, its reviews stay under FORMER_CUSTOMER, and mail still
 * queued to its addresses is dropped. Refused (409) for the owner, and while an order still needs
 * the customer's address (paid, not shipped) or a checkout may still be paid.
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
  const outcome = await ctx.db.transaction(async (tx) => {
    const account = await lockAccountForErasure(tx, user.id);
    if (!account) return 'gone' as const;
    if (roleOf(account) === 'owner') return 'owner' as const;
    const customer = { userId: account.id, email: account.email };
    const blocker = await erasureBlocker(tx, customer);
    if (blocker) return blocker;
    await eraseCustomerFromOrders(tx, customer);
    await anonymiseReviewsOf(tx, account.email);
    await forgetMailOf(tx, await eraseAccount(tx, account));
    return 'deleted' as const;
  });
  if (outcome === 'deleted' || outcome === 'gone') return;
  throw new AppError('conflict', REFUSALS[outcome]);
}

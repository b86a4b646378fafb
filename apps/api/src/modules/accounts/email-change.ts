import { ACCOUNT_MESSAGES, type UserProfile } from '@shop/shared/accounts';
import {
  CREDENTIAL_MESSAGES,
  EMAIL_CHANGE_LINK_TTL_MS,
  emailChangedMessage,
  maskEmail,
  type EmailChangeConfirmed,
} from '@shop/shared/credential-change';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/database-errors';
import { passwordResetTokens } from '../../db/schema';
import { AppError } from '../../errors';
import { enqueueMail } from '../mail/service';
import type { ActionLimit } from '../rate-limits/service';
import { emailChangeConfirmMail, emailChangeNoticeMail } from './account-mails';
import {
  changeUserEmail,
  consumeEmailChange,
  findPendingEmail,
  insertEmailChange,
  revokeEmailChanges,
} from './email-change-repository';
import { claimMailThrottle, findUserByEmail, revokeMailedTokens, type UserRow } from './repository';
import { profileOf, tellOwnerOfTakenAddress, type AccountsContext } from './service';
import { createMailedToken, hashMailedToken } from './tokens';

/** One link to the same new address per interval, so an address cannot be flooded from here. */
export const EMAIL_CHANGE_RESEND_INTERVAL_MS = 5 * 60_000;
/** Per account: each change mails the new address and the old one. */
export const EMAIL_CHANGE_LIMIT: ActionLimit = {
  action: 'email-change',
  max: 5,
  windowMs: 60 * 60_000,
};

/**
 * Inside the transaction of the profile update: keeps the new address aside with a hashed,
 * expiring, single-use token, mails the link to the new address and a notice to the old one.
 * Throws 429 (and so undoes the whole update) when that address was sent a link moments ago.
 */
export async function startEmailChange(
  ctx: AccountsContext,
  tx: Executor,
  user: UserRow,
  newEmail: string,
): Promise<void> {
  if (!(await claimMailThrottle(tx, `email-change:${newEmail}`, EMAIL_CHANGE_RESEND_INTERVAL_MS))) {
    const minutes = EMAIL_CHANGE_RESEND_INTERVAL_MS / 60_000;
    throw new AppError(
      'too_many',
      `We sent a link to that address a moment ago. Please check its inbox and spam folder, or try again in ${minutes} minutes.`,
      { 'retry-after': String(EMAIL_CHANGE_RESEND_INTERVAL_MS / 1000) },
    );
  }
  // Only the newest request can be confirmed.
  await revokeEmailChanges(tx, user.id);
  const { token, tokenHash } = createMailedToken();
  await insertEmailChange(tx, {
    userId: user.id,
    newEmail,
    tokenHash,
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_LINK_TTL_MS),
  });
  const { appUrl, supportEmail } = ctx;
  // A taken address is answered and kept aside as a free one, so the answer and the profile tell
  // nothing; its owner is told instead of being sent a link (the request can never be confirmed).
  const owner = await findUserByEmail(tx, newEmail);
  if (owner) await tellOwnerOfTakenAddress(ctx, tx, owner);
  else
    await enqueueMail(
      tx,
      emailChangeConfirmMail({
        to: newEmail,
        name: user.name,
        link: `${appUrl}/confirm-email/${token}`,
        supportEmail,
      }),
    );
  await enqueueMail(
    tx,
    emailChangeNoticeMail({
      to: user.email,
      name: user.name,
      maskedNewEmail: maskEmail(newEmail),
      resetLink: `${appUrl}/forgot-password`,
      supportEmail,
    }),
  );
}

/**
 * Opens a link (once): the account takes the new address and every older session ends. 400 for
 * an unknown, used or expired link; 409 when another account took the address meanwhile (the
 * link is then used up: it can never work).
 */
export async function confirmEmailChange(
  ctx: AccountsContext,
  token: string,
): Promise<EmailChangeConfirmed> {
  let outcome: UserRow | 'bad-link' | 'taken';
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const request = await consumeEmailChange(tx, hashMailedToken(token));
      if (!request) return 'bad-link';
      if (await findUserByEmail(tx, request.newEmail)) return 'taken';
      const user = await changeUserEmail(tx, request.userId, request.newEmail);
      if (!user) return 'bad-link';
      // Links still waiting in the old mailbox no longer speak for the account.
      await revokeMailedTokens(tx, passwordResetTokens, user.id);
      // No guest orders of the new address become the account's (decision 022): they were placed
      // before the account had it, perhaps by whoever had the mailbox then.
      return user;
    });
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error)) throw new AppError('conflict', ACCOUNT_MESSAGES.userExists);
    throw error;
  }
  if (outcome === 'bad-link') throw new AppError('invalid', CREDENTIAL_MESSAGES.badEmailChangeLink);
  if (outcome === 'taken') throw new AppError('conflict', ACCOUNT_MESSAGES.userExists);
  return { message: emailChangedMessage(outcome.email), _id: outcome.id, email: outcome.email };
}

/** GET /api/users/profile: the account as it is, and the address waiting for its link. */
export async function profileWithPendingEmail(db: Database, user: UserRow): Promise<UserProfile> {
  const pendingEmail = await findPendingEmail(db, user.id);
  return { ...profileOf(user), ...(pendingEmail ? { pendingEmail } : {}) };
}

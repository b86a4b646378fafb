import { ACCOUNT_MESSAGES, type ProfileUpdateRequest, type UserInfo } from '@shop/shared/accounts';
import { CREDENTIAL_MESSAGES, emailChangePendingMessage } from '@shop/shared/credential-change';
import { AppError } from '../../errors';
import { EMAIL_CHANGE_LIMIT, startEmailChange } from './email-change';
import { claimLoginAttempt } from './login-guard';
import { hashPassword } from './passwords';
import { updateUserCredentials, type UserRow } from './repository';
import { userInfoFor, type AccountsContext } from './service';

/**
 * A session alone may not change how one signs in: the current password is checked as a login
 * attempt is (counted first, under the same cooldown of the account's e-mail and guard of the
 * client address), so a stolen token cannot be used to guess it. A wrong one answers 400, not
 * 401: the session itself is fine and the storefront must not sign out.
 */
export async function checkCurrentPassword(
  ctx: AccountsContext,
  user: UserRow,
  password: string,
  clientAddress: string,
  wrongMessage: string = CREDENTIAL_MESSAGES.currentPasswordWrong,
): Promise<void> {
  const attempt = await claimLoginAttempt(ctx.db, ctx.limit, user.email, clientAddress);
  if (await ctx.verifyPassword(user.passwordHash, password)) return attempt.succeeded();
  const refusal = attempt.failed();
  // The 5th wrong one answers the lockout it started, as at the login.
  if (refusal.kind === 'too_many') throw refusal;
  throw new AppError('invalid', wrongMessage);
}

/**
 * PUT /api/users/profile: name and password (always a new one, by the spec) change at once and a
 * fresh token is answered (older ones stop working). A new e-mail address only waits for its link
 * (see email-change.ts); the answer keeps the current address and says where the link went.
 */
export async function updateProfile(
  ctx: AccountsContext,
  user: UserRow,
  input: ProfileUpdateRequest,
  clientAddress: string,
): Promise<UserInfo> {
  await checkCurrentPassword(ctx, user, input.currentPassword, clientAddress);
  const emailChanges = input.email !== user.email;
  // A taken address is answered as a free one (see startEmailChange): no look-up here.
  if (emailChanges) await ctx.limit(EMAIL_CHANGE_LIMIT, user.id);
  const passwordHash = await hashPassword(input.password);
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await updateUserCredentials(tx, user.id, { name: input.name, passwordHash });
    if (row && emailChanges) await startEmailChange(ctx, tx, row, input.email);
    return row;
  });
  if (!updated) throw new AppError('unauthorized', ACCOUNT_MESSAGES.tokenFailed);
  if (!emailChanges) return userInfoFor(ctx, updated);
  ctx.wakeMail();
  return { ...(await userInfoFor(ctx, updated)), message: emailChangePendingMessage(input.email) };
}

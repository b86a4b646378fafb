import {
  ACCOUNT_MESSAGES,
  type LoginRequest,
  type ProfileUpdateRequest,
  type RegisterRequest,
  type UserInfo,
  type UserProfile,
} from '@shop/shared/accounts';
import {
  FORGOT_PASSWORD_COOLDOWN_MS,
  initialCooldownState,
  recordFailure,
  remainingMs,
  retryAfterSeconds,
  tooManyAttemptsMessage,
} from '@shop/shared/login-cooldown';
import type { Database, Executor } from '../../db/client';
import { emailVerificationTokens, passwordResetTokens } from '../../db/schema';
import { AppError } from '../../errors';
import { enqueueMail } from '../mail/outbox-repository';
import { passwordResetMail, verificationMail } from './account-mails';
import { hashPassword, verifyAgainstNobody, verifyPassword } from './passwords';
import {
  claimMailThrottle,
  clearLoginThrottles,
  consumeMailedToken,
  findUserByEmail,
  findUserById,
  insertMailedToken,
  insertUser,
  lockLoginThrottles,
  markUserVerified,
  readLoginThrottles,
  revokeMailedTokens,
  saveLoginThrottle,
  updateUserCredentials,
  type UserRow,
} from './repository';
import { createMailedToken, hashMailedToken, signSessionToken } from './tokens';

export const VERIFICATION_LINK_TTL_MS = 24 * 60 * 60_000;
export const RESET_LINK_TTL_MS = 30 * 60_000;
/** A login of an unverified account sends a fresh link at most this often. */
export const VERIFICATION_RESEND_INTERVAL_MS = 5 * 60_000;

export interface AccountsContext {
  db: Database;
  jwtSecret: Uint8Array;
  /** Public origin for links in mails. */
  appUrl: string;
  supportEmail: string;
  /** Asks the mail worker to deliver soon. */
  wakeMail(): void;
}

const addMs = (ms: number) => new Date(Date.now() + ms);

async function queueVerificationMail(ctx: AccountsContext, tx: Executor, user: UserRow) {
  const { token, tokenHash } = createMailedToken();
  await insertMailedToken(tx, emailVerificationTokens, {
    userId: user.id,
    tokenHash,
    expiresAt: addMs(VERIFICATION_LINK_TTL_MS),
  });
  const link = `${ctx.appUrl}/verify/${user.id}/${token}`;
  await enqueueMail(
    tx,
    verificationMail({ to: user.email, name: user.name, link, supportEmail: ctx.supportEmail }),
  );
}

async function userInfoFor(ctx: AccountsContext, user: UserRow): Promise<UserInfo> {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    token: await signSessionToken(ctx.jwtSecret, {
      userId: user.id,
      tokenVersion: user.tokenVersion,
    }),
    createdAt: user.createdAt.toISOString(),
  };
}

export async function register(ctx: AccountsContext, input: RegisterRequest): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const created = await ctx.db.transaction(async (tx) => {
    const user = await insertUser(tx, { name: input.name, email: input.email, passwordHash });
    if (!user) return false;
    await queueVerificationMail(ctx, tx, user);
    return true;
  });
  if (!created) throw new AppError('invalid', ACCOUNT_MESSAGES.userExists);
  ctx.wakeMail();
}

export async function verifyEmail(
  ctx: AccountsContext,
  userId: string,
  token: string,
): Promise<void> {
  const verified = await ctx.db.transaction(async (tx) => {
    const owner = await consumeMailedToken(
      tx,
      emailVerificationTokens,
      hashMailedToken(token),
      userId,
    );
    if (!owner) return false;
    await markUserVerified(tx, owner);
    return true;
  });
  if (!verified) throw new AppError('invalid', ACCOUNT_MESSAGES.badVerificationLink);
}

/** Sends a fresh verification link to an unverified account, at most once per interval. */
async function resendVerification(ctx: AccountsContext, user: UserRow): Promise<void> {
  if (user.verifiedAt) return;
  const sent = await ctx.db.transaction(async (tx) => {
    if (!(await claimMailThrottle(tx, `verify:${user.email}`, VERIFICATION_RESEND_INTERVAL_MS)))
      return false;
    await queueVerificationMail(ctx, tx, user);
    return true;
  });
  if (sent) ctx.wakeMail();
}

export async function requestVerificationMail(ctx: AccountsContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (user) await resendVerification(ctx, user);
}

function tooManyAttempts(lockedForMs: number): AppError {
  return new AppError('too_many', tooManyAttemptsMessage(lockedForMs), {
    'retry-after': String(Math.ceil(lockedForMs / 1000)),
  });
}

/**
 * Checks a password with the lockout of the spec (5 failures, then 60 s, 300 s, 3600 s), kept in
 * the database per e-mail and per client address. During a lockout even a right password is refused.
 */
export async function logIn(
  ctx: AccountsContext,
  input: LoginRequest,
  clientAddress: string,
): Promise<UserInfo> {
  const keys = [`email:${input.email}`, `ip:${clientAddress}`];
  const now = Date.now();
  const lockedFor = Math.max(
    0,
    ...(await readLoginThrottles(ctx.db, keys)).map((state) => remainingMs(state, now)),
  );
  if (lockedFor > 0) throw tooManyAttempts(lockedFor);

  const user = await findUserByEmail(ctx.db, input.email);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstNobody(input.password);

  if (!user || !passwordOk) {
    const failedAt = Date.now();
    const lockedAfter = await ctx.db.transaction(async (tx) => {
      const states = await lockLoginThrottles(tx, keys);
      let longest = 0;
      for (const key of keys) {
        const next = recordFailure(states.get(key) ?? initialCooldownState, failedAt);
        await saveLoginThrottle(tx, key, next);
        longest = Math.max(longest, retryAfterSeconds(next, failedAt) * 1000);
      }
      return longest;
    });
    if (lockedAfter > 0) throw tooManyAttempts(lockedAfter);
    throw new AppError('unauthorized', ACCOUNT_MESSAGES.invalidCredentials);
  }

  await clearLoginThrottles(ctx.db, keys);
  if (!user.verifiedAt) {
    await resendVerification(ctx, user);
    throw new AppError('forbidden', ACCOUNT_MESSAGES.notVerified);
  }
  return userInfoFor(ctx, user);
}

/** The same answer whether or not the address has an account; one mail per address per 15 minutes. */
export async function requestPasswordReset(ctx: AccountsContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const sent = await ctx.db.transaction(async (tx) => {
    if (!(await claimMailThrottle(tx, `reset:${user.email}`, FORGOT_PASSWORD_COOLDOWN_MS)))
      return false;
    await revokeMailedTokens(tx, passwordResetTokens, user.id);
    const { token, tokenHash } = createMailedToken();
    await insertMailedToken(tx, passwordResetTokens, {
      userId: user.id,
      tokenHash,
      expiresAt: addMs(RESET_LINK_TTL_MS),
    });
    const link = `${ctx.appUrl}/reset-password/${token}`;
    await enqueueMail(
      tx,
      passwordResetMail({ to: user.email, name: user.name, link, supportEmail: ctx.supportEmail }),
    );
    return true;
  });
  if (sent) ctx.wakeMail();
}

/** Sets a new password from a reset link (once); every token issued before stops working. */
export async function resetPassword(
  ctx: AccountsContext,
  token: string,
  password: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const email = await ctx.db.transaction(async (tx) => {
    const userId = await consumeMailedToken(tx, passwordResetTokens, hashMailedToken(token));
    if (!userId) return undefined;
    await revokeMailedTokens(tx, passwordResetTokens, userId);
    // Whoever can read the mailbox owns the address: a reset also verifies it.
    await markUserVerified(tx, userId);
    return (await updateUserCredentials(tx, userId, { passwordHash }))?.email;
  });
  if (!email) throw new AppError('invalid', ACCOUNT_MESSAGES.badResetLink);
  await clearLoginThrottles(ctx.db, [`email:${email}`]);
}

export function profileOf(user: UserRow): UserProfile {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    isVerified: user.verifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Changes name, e-mail and password (always required by the spec) and answers a fresh token. */
export async function updateProfile(
  ctx: AccountsContext,
  user: UserRow,
  input: ProfileUpdateRequest,
): Promise<UserInfo> {
  if (input.email !== user.email) {
    const owner = await findUserByEmail(ctx.db, input.email);
    if (owner && owner.id !== user.id) throw new AppError('invalid', ACCOUNT_MESSAGES.userExists);
  }
  const passwordHash = await hashPassword(input.password);
  let updated: UserRow | undefined;
  try {
    updated = await updateUserCredentials(ctx.db, user.id, {
      name: input.name,
      email: input.email,
      passwordHash,
    });
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error)) throw new AppError('invalid', ACCOUNT_MESSAGES.userExists);
    throw error;
  }
  if (!updated) throw new AppError('unauthorized', ACCOUNT_MESSAGES.tokenFailed);
  return userInfoFor(ctx, updated);
}

export async function findActiveUser(
  db: Database,
  userId: string,
  tokenVersion: number,
): Promise<UserRow | undefined> {
  const user = await findUserById(db, userId);
  return user && user.tokenVersion === tokenVersion ? user : undefined;
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } } | null)?.code ??
    (error as { cause?: { code?: string } } | null)?.cause?.code;
  return code === '23505';
}

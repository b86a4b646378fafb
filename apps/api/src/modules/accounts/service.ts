import {
  ACCOUNT_MESSAGES,
  type LoginRequest,
  type RegisterRequest,
  type UserInfo,
  type UserRole,
  type UserProfile,
} from '@shop/shared/accounts';
import { FORGOT_PASSWORD_COOLDOWN_MS } from '@shop/shared/login-cooldown';
import type { Database, Executor } from '../../db/client';
import type { BackgroundTasks } from '../../lib/background-tasks';
import { emailVerificationTokens, passwordResetTokens } from '../../db/schema';
import { AppError } from '../../errors';
import { enqueueMail } from '../mail/service';
import type { ActionLimiter } from '../rate-limits/service';
import { claimLoginAttempt, claimThrottledAttempt, emailThrottleKey } from './login-guard';
import { addressTakenMail, passwordResetMail, verificationMail } from './account-mails';
import { findPendingEmail, revokeEmailChanges } from './email-change-repository';
import { hashPassword, verifyAgainstNobody, type PasswordVerifier } from './passwords';
import {
  claimMailThrottle,
  clearLoginThrottles,
  clearMailThrottles,
  consumeMailedToken,
  deleteUser,
  endBackOfficeSessionsOf,
  endSession,
  findUserByEmail,
  findUserById,
  findUserOfOpenSession,
  insertMailedToken,
  insertSession,
  insertUser,
  lockUserById,
  markUserVerified,
  revokeMailedTokens,
  setUserRole,
  updateUserCredentials,
  type SessionKind,
  type UserRow,
} from './repository';
import {
  SESSION_LIFETIME_MS,
  createMailedToken,
  hashMailedToken,
  signSessionToken,
  type SessionClaims,
} from './tokens';

export const VERIFICATION_LINK_TTL_MS = 24 * 60 * 60_000;
export const RESET_LINK_TTL_MS = 30 * 60_000;
/** A login of an unverified account sends a fresh link at most this often. */
export const VERIFICATION_RESEND_INTERVAL_MS = 5 * 60_000;
/** The owner of a taken address hears of attempts to register with it at most this often. */
export const ADDRESS_TAKEN_MAIL_INTERVAL_MS = 15 * 60_000;

export interface AccountsContext {
  db: Database;
  jwtSecret: Uint8Array;
  /** Public origin for links in mails. */
  appUrl: string;
  supportEmail: string;
  /** Asks the mail worker to deliver soon. */
  wakeMail(): void;
  /** Per-address limits (with the configured scale). */
  limit: ActionLimiter;
  /** Work done after the answer (see lib/background-tasks.ts). */
  background: BackgroundTasks;
  /** Checks a password against its hash (argon2id; tests count the checks). */
  verifyPassword: PasswordVerifier;
  /**
   * The mailbox the account was made with opened a link (verification, reset), in the link's
   * transaction: what was paid with that e-mail before the account existed becomes the account's
   * (the orders module: decision 022).
   */
  addressProven(tx: Executor, proof: AddressProof): Promise<unknown>;
}

/** An account has shown it reads `email`; `placedBefore`: when the account was made with it. */
export interface AddressProof {
  userId: string;
  email: string;
  placedBefore: Date;
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

/**
 * A link opened from the account's address proves what was paid with it before the account was
 * made, but only while it is the address the account was made with: one it moved to later had
 * another reader before (decision 022). Undefined then.
 */
const provenBy = (user: UserRow): AddressProof | undefined =>
  user.emailChangedAt
    ? undefined
    : { userId: user.id, email: user.email, placedBefore: user.createdAt };

/** The link's account proved its mailbox, in the link's transaction (see provenBy). */
async function mailboxProven(ctx: AccountsContext, tx: Executor, user: UserRow | undefined) {
  const proof = user && provenBy(user);
  if (proof) await ctx.addressProven(tx, proof);
}

/** The role of a row (the column's check constraint allows only USER_ROLES). */
export const roleOf = (user: Pick<UserRow, 'role'>) => user.role as UserRole;

/** Opens a session and answers userInfo with its token. */
export async function userInfoFor(ctx: AccountsContext, user: UserRow): Promise<UserInfo> {
  const expiresAt = addMs(SESSION_LIFETIME_MS);
  const sessionId = await insertSession(ctx.db, user.id, expiresAt);
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    role: roleOf(user),
    token: await signSessionToken(
      ctx.jwtSecret,
      { userId: user.id, tokenVersion: user.tokenVersion, sessionId },
      expiresAt,
    ),
    createdAt: user.createdAt.toISOString(),
  };
}

/** Ends the session of the token that made the request: that token answers 401 from now on. */
export async function logOut(ctx: AccountsContext, sessionId: string): Promise<void> {
  await endSession(ctx.db, sessionId);
}

/**
 * Someone tried to take an address that has an account (a sign-up, an e-mail change), in the
 * caller's transaction: they were answered as for a free address, and the owner is mailed
 * instead, at most once per ADDRESS_TAKEN_MAIL_INTERVAL_MS. Answers whether a mail was queued.
 */
export async function tellOwnerOfTakenAddress(
  ctx: AccountsContext,
  tx: Executor,
  owner: UserRow,
): Promise<boolean> {
  const key = `address-taken:${owner.email}`;
  if (!(await claimMailThrottle(tx, key, ADDRESS_TAKEN_MAIL_INTERVAL_MS))) return false;
  await enqueueMail(
    tx,
    addressTakenMail({
      to: owner.email,
      name: owner.name,
      link: `${ctx.appUrl}/login`,
      resetLink: `${ctx.appUrl}/forgot-password`,
      supportEmail: ctx.supportEmail,
    }),
  );
  return true;
}

/**
 * Signs up: a free address gets its account and a verification link. A taken one gets the same
 * answer after comparable work (the password is hashed, a row is tried, a mail is queued), and its
 * owner a mail saying so: the answer never tells who has an account.
 */
export async function register(ctx: AccountsContext, input: RegisterRequest): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const mailed = await ctx.db.transaction(async (tx) => {
    const user = await insertUser(tx, { name: input.name, email: input.email, passwordHash });
    if (!user) {
      const owner = await findUserByEmail(tx, input.email);
      return owner ? tellOwnerOfTakenAddress(ctx, tx, owner) : false;
    }
    await queueVerificationMail(ctx, tx, user);
    return true;
  });
  if (mailed) ctx.wakeMail();
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
    await mailboxProven(ctx, tx, await findUserById(tx, owner));
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

/**
 * Checks a password under the spec's cooldown (5 failures, then 60 s, 300 s, 3600 s) per e-mail
 * and a looser guard per client address (login-guard.ts). During a lockout even a right password
 * is refused, and no password is checked.
 */
export async function logIn(
  ctx: AccountsContext,
  input: LoginRequest,
  clientAddress: string,
): Promise<UserInfo> {
  const attempt = await claimLoginAttempt(ctx.db, ctx.limit, input.email, clientAddress);
  const user = await findUserByEmail(ctx.db, input.email);
  const passwordOk = user
    ? await ctx.verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstNobody(input.password, ctx.verifyPassword);
  if (!user || !passwordOk) throw attempt.failed();

  await attempt.succeeded();
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
    // The advice of the e-mail change notice: a reset from the old address stops the change.
    await revokeEmailChanges(tx, userId);
    // Whoever can read the mailbox owns the address: a reset also verifies it.
    await markUserVerified(tx, userId);
    const user = await updateUserCredentials(tx, userId, { passwordHash });
    await mailboxProven(ctx, tx, user);
    return user?.email;
  });
  if (!email) throw new AppError('invalid', ACCOUNT_MESSAGES.badResetLink);
  await clearLoginThrottles(ctx.db, [emailThrottleKey(email)]);
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

/** The user of a token whose session is open and whose password has not changed since. */
export async function findActiveUser(
  db: Database,
  claims: SessionClaims,
): Promise<{ user: UserRow; kind: SessionKind; expiresAt: Date } | undefined> {
  return findUserOfOpenSession(db, claims);
}

// What the back office uses of accounts: it calls these, never the repository.

export { hashPassword, verifyPassword } from './passwords';
export type { UserRow } from './repository';

export const accountByEmail = (db: Executor, email: string) => findUserByEmail(db, email);
export const accountById = (db: Executor, id: string) => findUserById(db, id);

/**
 * Creates an account with a role (staff, or the first owner); undefined when the address is
 * taken (the unique index decides, so races cannot both win).
 */
export async function createAccount(
  tx: Executor,
  account: { name: string; email: string; passwordHash: string; role: UserRole; verified: boolean },
): Promise<UserRow | undefined> {
  const { verified, ...values } = account;
  return insertUser(tx, verified ? { ...values, verifiedAt: new Date() } : values);
}

/** Makes an existing account the owner; whoever knows its password proved the address too. */
export async function promoteToOwner(tx: Executor, userId: string): Promise<void> {
  await setUserRole(tx, userId, 'owner');
  await markUserVerified(tx, userId);
}

export const removeAccount = (tx: Executor, userId: string) => deleteUser(tx, userId);

/**
 * A link token for choosing a password (a staff invitation): a reset token with its own
 * lifetime, set through POST /api/users/reset-password/:token, which also verifies the account.
 */
export async function issuePasswordSetupToken(
  tx: Executor,
  userId: string,
  validForMs: number,
): Promise<string> {
  await revokeMailedTokens(tx, passwordResetTokens, userId);
  const { token, tokenHash } = createMailedToken();
  await insertMailedToken(tx, passwordResetTokens, {
    userId,
    tokenHash,
    expiresAt: addMs(validForMs),
  });
  return token;
}

/**
 * Opens a back-office session from an open login session: at most `maxMs`, never beyond the
 * login's own expiry. Answers its signed token.
 */
export async function openBackOfficeSession(
  db: Executor,
  jwtSecret: Uint8Array,
  login: { user: UserRow; sessionId: string; expiresAt: Date },
  maxMs: number,
  now: number,
): Promise<string> {
  const expiresAt = new Date(Math.min(now + maxMs, login.expiresAt.getTime()));
  const sessionId = await insertSession(db, login.user.id, expiresAt, login.sessionId);
  return signSessionToken(
    jwtSecret,
    { userId: login.user.id, tokenVersion: login.user.tokenVersion, sessionId },
    expiresAt,
  );
}

export const endBackOfficeSessions = (tx: Executor, userId: string) =>
  endBackOfficeSessionsOf(tx, userId);

/**
 * Counts a second-factor attempt of an account under the same cooldown as passwords (5 wrong,
 * then 60/300/3600 s), before the code is checked.
 */
export const claimSecondFactorAttempt = (db: Database, userId: string, wrong: () => AppError) =>
  claimThrottledAttempt(db, `mfa:${userId}`, wrong);

/**
 * The start of an account's erasure, in the caller's transaction: locks the user's row, so no
 * checkout, login or profile change of the account runs alongside (their writes wait, then find
 * the account gone). Undefined when it is gone already.
 */
export function lockAccountForErasure(tx: Executor, userId: string): Promise<UserRow | undefined> {
  return lockUserById(tx, userId);
}

/**
 * Deletes an account in the caller's transaction: its sessions (so every token at once), mailed
 * tokens and e-mail changes go with the row; the lockout and mail throttles kept under its
 * address go too. Answers the addresses whose queued mail should be forgotten (the account's, and
 * a new one still waiting for its link).
 */
export async function eraseAccount(tx: Executor, user: UserRow): Promise<string[]> {
  const requested = await findPendingEmail(tx, user.id);
  // A new address another account holds (asked for, answered as free, never mailed a link) is
  // that account's: its mail is not this erasure's to forget.
  const pendingEmail = requested && !(await findUserByEmail(tx, requested)) ? requested : undefined;
  await deleteUser(tx, user.id);
  await clearLoginThrottles(tx, [emailThrottleKey(user.email)]);
  await clearMailThrottles(tx, [
    `verify:${user.email}`,
    `reset:${user.email}`,
    `email-change:${user.email}`,
    `address-taken:${user.email}`,
    ...(pendingEmail ? [`email-change:${pendingEmail}`] : []),
  ]);
  return pendingEmail ? [user.email, pendingEmail] : [user.email];
}

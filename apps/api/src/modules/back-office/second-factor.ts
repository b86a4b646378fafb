import { randomBytes } from 'node:crypto';
import {
  BACK_OFFICE_MESSAGES,
  BACK_OFFICE_SESSION_MS,
  RECOVERY_CODE_COUNT,
  type BackOfficeSessionResponse,
  type MfaEnrollResponse,
} from '@shop/shared/back-office';
import { isBackOfficeRole } from '@shop/shared/roles';
import { AppError } from '../../errors';
import type { SessionKind } from '../accounts/repository';
import {
  claimSecondFactorAttempt,
  openBackOfficeSession,
  roleOf,
  type UserRow,
} from '../accounts/service';
import { hashMailedToken } from '../accounts/tokens';
import { recordAudit } from '../audit/service';
import { actorOf, type BackOfficeContext, type SecondFactorCheck } from './context';
import {
  acceptStep,
  insertRecoveryCodes,
  lockSecret,
  savePendingSecret,
  secretOf,
  useRecoveryCode,
  type MfaSecretRow,
} from './repository';
import { open, seal } from './secret-box';
import { base32Decode, base32Encode, matchingStep, newTotpSecret, otpauthUrl } from './totp';

/** The sign-in a second-factor call is made with. */
export interface LoginSession {
  user: UserRow;
  sessionId: string;
  kind: SessionKind;
  /** When the login ends; its back-office session never outlives it. */
  expiresAt: Date;
}

/** Enrollment and the second factor need a staff or owner login token (not a back-office one). */
function requireBackOfficeLogin(login: LoginSession): void {
  if (!isBackOfficeRole(roleOf(login.user)))
    throw new AppError('forbidden', BACK_OFFICE_MESSAGES.notBackOffice);
  if (login.kind !== 'login')
    throw new AppError('forbidden', BACK_OFFICE_MESSAGES.loginTokenNeeded);
}

/**
 * A new TOTP secret for the account's authenticator app; a repeat before the first code replaces
 * the pending one. 409 once the second factor is confirmed (an owner resets it).
 */
export async function enroll(
  ctx: BackOfficeContext,
  login: LoginSession,
): Promise<MfaEnrollResponse> {
  requireBackOfficeLogin(login);
  const secret = newTotpSecret();
  if (!(await savePendingSecret(ctx.db, login.user.id, seal(ctx.mfaKey, secret))))
    throw new AppError('conflict', BACK_OFFICE_MESSAGES.alreadyEnrolled);
  return { secret, otpauthUrl: otpauthUrl(secret, login.user.email) };
}

/** Recovery codes as shown: ten base32 characters in two groups (50 random bits). */
function newRecoveryCode(): string {
  const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/** What is hashed: the code without its dash, spaces or case, however it is typed. */
const recoveryCodeHash = (code: string) =>
  hashMailedToken(code.toLowerCase().replace(/[^a-z0-9]/g, ''));

/**
 * The secret's key, or undefined when it no longer opens (JWT_SECRET was changed): then no TOTP
 * code is right, recovery codes still are, and an owner resets the second factor.
 */
function unsealedKey(ctx: BackOfficeContext, secret: MfaSecretRow): Buffer | undefined {
  try {
    return base32Decode(open(ctx.mfaKey, secret.secretCiphertext));
  } catch {
    return undefined;
  }
}

/** A TOTP code is taken once (its step must be newer than the last); a recovery code once. */
export const codeIsRight: SecondFactorCheck = async (tx, ctx, secret, code, now) => {
  const compact = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(compact)) {
    const key = unsealedKey(ctx, secret);
    const step = key ? matchingStep(key, compact, now) : undefined;
    return step !== undefined && acceptStep(tx, secret.userId, step);
  }
  return secret.confirmedAt !== null && useRecoveryCode(tx, secret.userId, recoveryCodeHash(code));
};

/**
 * POST /api/admin/session: a code from the app (or a recovery code) turns a staff or owner login
 * into a back-office token. The first success confirms the enrollment and answers the recovery
 * codes, once. Wrong codes count against the account under the password cooldown, counted before
 * the check, so parallel guesses cannot check more than 5.
 */
export async function openBackOffice(
  ctx: BackOfficeContext,
  login: LoginSession,
  code: string,
  clientAddress: string,
): Promise<BackOfficeSessionResponse> {
  requireBackOfficeLogin(login);
  const userId = login.user.id;
  if (!(await secretOf(ctx.db, userId)))
    throw new AppError('forbidden', BACK_OFFICE_MESSAGES.notEnrolled);
  const attempt = await claimSecondFactorAttempt(
    ctx.db,
    userId,
    () => new AppError('invalid', BACK_OFFICE_MESSAGES.badCode),
  );
  const now = ctx.now();
  const answer = await ctx.db.transaction(async (tx) => {
    const secret = await lockSecret(tx, userId);
    if (!secret || !(await ctx.checkCode(tx, ctx, secret, code, now))) return undefined;
    let recoveryCodes: string[] | undefined;
    if (secret.confirmedAt === null) {
      recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await insertRecoveryCodes(tx, userId, recoveryCodes.map(recoveryCodeHash));
      await recordAudit(tx, actorOf(login.user, clientAddress), {
        action: 'mfa.enrolled',
        targetUserId: userId,
        summary: `${login.user.name} set up their second factor`,
      });
    }
    const token = await openBackOfficeSession(
      tx,
      ctx.jwtSecret,
      login,
      BACK_OFFICE_SESSION_MS,
      now,
    );
    return recoveryCodes ? { token, recoveryCodes } : { token };
  });
  if (!answer) throw attempt.failed();
  await attempt.succeeded();
  return answer;
}

import {
  initialCooldownState,
  recordFailure,
  remainingMs,
  tooManyAttemptsMessage,
} from '@shop/shared/login-cooldown';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { ActionLimit, ActionLimiter, ClaimedAction } from '../rate-limits/service';
import { clearLoginThrottles, lockLoginThrottle, saveLoginThrottle } from './repository';

/**
 * The looser guard per client address against trying many accounts: 30 failed sign-ins in
 * 15 minutes. The spec's cooldown (5 failures, then 60/300/3600 s) is per account e-mail, so one
 * shopper's typos never lock out the others behind the same address.
 */
export const ADDRESS_LOGIN_FAILURES: ActionLimit = {
  action: 'login-failures',
  max: 30,
  windowMs: 15 * 60_000,
};

const addressRefusal = (wait: string) =>
  `Too many failed sign-ins from your network. Please try again in ${wait}.`;

export function tooManyAttempts(lockedForMs: number): AppError {
  return new AppError('too_many', tooManyAttemptsMessage(lockedForMs), {
    'retry-after': String(Math.ceil(lockedForMs / 1000)),
  });
}

export const emailThrottleKey = (email: string) => `email:${email}`;

/** A sign-in attempt: a right password also gives the address's slot back. */
export type LoginAttempt = ThrottledAttempt;

/** An attempt at a secret (a password, a second-factor code), counted before it is checked. */
export interface ThrottledAttempt {
  /** The secret was right: the key's failures are forgotten. */
  succeeded(): Promise<void>;
  /** The secret was wrong: the refusal to answer (the lockout this attempt started, if any). */
  failed(): AppError;
}

/**
 * Counts an attempt against one key's cooldown (5 failures, then 60/300/3600 s) before the secret
 * is checked, so no more than 5 are ever checked per lockout, however many requests arrive at once.
 * During a lockout it refuses with 429 and nothing is checked. `wrong` is the answer to a wrong
 * secret that starts no lockout.
 */
export async function claimThrottledAttempt(
  db: Database,
  key: string,
  wrong: () => AppError,
): Promise<ThrottledAttempt> {
  const now = Date.now();
  const outcome = await db.transaction(async (tx) => {
    const state = (await lockLoginThrottle(tx, key)) ?? initialCooldownState;
    const lockedFor = remainingMs(state, now);
    if (lockedFor > 0) return { lockedFor, lockStarted: 0 };
    // Counted as a failure now; a right secret forgets it again.
    const next = recordFailure(state, now);
    await saveLoginThrottle(tx, key, next);
    return { lockedFor: 0, lockStarted: remainingMs(next, now) };
  });
  if (outcome.lockedFor > 0) throw tooManyAttempts(outcome.lockedFor);
  return {
    succeeded: () => clearLoginThrottles(db, [key]),
    failed: () => (outcome.lockStarted > 0 ? tooManyAttempts(outcome.lockStarted) : wrong()),
  };
}

/**
 * Counts an attempt for the address and the e-mail before any password is verified (see
 * claimThrottledAttempt). Each key is counted in its own statement or transaction on one row, so
 * no two keys are ever locked together (two keys locked in varying order deadlocked on PostgreSQL).
 */
export async function claimLoginAttempt(
  db: Database,
  limit: ActionLimiter,
  email: string,
  clientAddress: string,
): Promise<LoginAttempt> {
  const addressSlot: ClaimedAction = await limit.claim(
    ADDRESS_LOGIN_FAILURES,
    clientAddress,
    addressRefusal,
  );
  let attempt: ThrottledAttempt;
  try {
    attempt = await claimThrottledAttempt(
      db,
      emailThrottleKey(email),
      () => new AppError('unauthorized', ACCOUNT_MESSAGES.invalidCredentials),
    );
  } catch (error) {
    // No password was checked: this attempt does not count against the address.
    await addressSlot.giveBack();
    throw error;
  }
  return {
    async succeeded() {
      await attempt.succeeded();
      await addressSlot.giveBack();
    },
    failed: attempt.failed,
  };
}

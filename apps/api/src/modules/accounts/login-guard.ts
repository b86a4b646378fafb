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

/** A sign-in attempt that was counted before its password is checked. */
export interface LoginAttempt {
  /** The password was right: the e-mail's failures are forgotten, the address's slot given back. */
  succeeded(): Promise<void>;
  /** The password was wrong: the refusal to answer (the lockout this attempt started, if any). */
  failed(): AppError;
}

/**
 * Counts an attempt for the address and the e-mail before any password is verified, so no more
 * than 5 passwords per lockout are ever checked, however many requests arrive at once. Each key
 * is counted in its own statement or transaction on one row, so no two keys are ever locked
 * together (two keys locked in varying order deadlocked on PostgreSQL).
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
  const key = emailThrottleKey(email);
  const now = Date.now();
  const outcome = await db.transaction(async (tx) => {
    const state = (await lockLoginThrottle(tx, key)) ?? initialCooldownState;
    const lockedFor = remainingMs(state, now);
    if (lockedFor > 0) return { lockedFor, lockStarted: 0 };
    // Counted as a failure now; a right password forgets it again.
    const next = recordFailure(state, now);
    await saveLoginThrottle(tx, key, next);
    return { lockedFor: 0, lockStarted: remainingMs(next, now) };
  });
  if (outcome.lockedFor > 0) {
    // No password was checked: this attempt does not count against the address.
    await addressSlot.giveBack();
    throw tooManyAttempts(outcome.lockedFor);
  }
  return {
    async succeeded() {
      await clearLoginThrottles(db, [key]);
      await addressSlot.giveBack();
    },
    failed: () =>
      outcome.lockStarted > 0
        ? tooManyAttempts(outcome.lockStarted)
        : new AppError('unauthorized', ACCOUNT_MESSAGES.invalidCredentials),
  };
}

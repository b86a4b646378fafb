import * as z from 'zod/mini';

/** Failed logins allowed before a cooldown starts (spec sections 4 and 9). */
export const MAX_LOGIN_ATTEMPTS = 5;
/** Cooldown of the 1st, 2nd and 3rd lockout; the 3rd value also applies to every later one. */
export const LOGIN_COOLDOWN_SECONDS = [60, 300, 3600] as const;
/** After a reset request the button stays disabled for 15 minutes. */
export const FORGOT_PASSWORD_COOLDOWN_MS = 900_000;

/** Cooldown of the n-th lockout (1-based): 60 s, 300 s, then 3600 s for the 3rd and later. */
export function cooldownSecondsFor(lockoutNumber: number): number {
  if (!Number.isSafeInteger(lockoutNumber) || lockoutNumber < 1) {
    throw new RangeError(`lockoutNumber must be a whole number >= 1: ${lockoutNumber}`);
  }
  // Clamped into the tuple, so the index always exists.
  return LOGIN_COOLDOWN_SECONDS[
    Math.min(lockoutNumber, LOGIN_COOLDOWN_SECONDS.length) - 1
  ] as number;
}

/** Kept by the server (database) and the browser (localStorage); lockedUntil is epoch ms. */
export type CooldownState = { failures: number; lockouts: number; lockedUntil: number | null };

/** For restoring a stored state that may be stale or tampered with. */
export const cooldownStateSchema = z.object({
  failures: z.int().check(z.minimum(0), z.maximum(MAX_LOGIN_ATTEMPTS - 1)),
  lockouts: z.int().check(z.nonnegative()),
  lockedUntil: z.nullable(z.int().check(z.nonnegative())),
});

export const initialCooldownState: Readonly<CooldownState> = Object.freeze({
  failures: 0,
  lockouts: 0,
  lockedUntil: null,
});

/** Milliseconds left in the current lockout, 0 when not locked. */
export function remainingMs(state: CooldownState, nowMs: number): number {
  return state.lockedUntil === null ? 0 : Math.max(0, state.lockedUntil - nowMs);
}

export function isLocked(state: CooldownState, nowMs: number): boolean {
  return remainingMs(state, nowMs) > 0;
}

/** Whole seconds for a Retry-After header (rounded up, so a client never retries too early). */
export function retryAfterSeconds(state: CooldownState, nowMs: number): number {
  return Math.ceil(remainingMs(state, nowMs) / 1000);
}

/**
 * Counts a failed login. A failure while locked changes nothing (the attempt is refused before
 * the password is checked); the 5th failure starts the next lockout and resets the counter.
 * The lockout count survives an expired lockout, so the schedule escalates until a success.
 */
export function recordFailure(state: CooldownState, nowMs: number): CooldownState {
  if (isLocked(state, nowMs)) return state;
  const failures = state.failures + 1;
  if (failures < MAX_LOGIN_ATTEMPTS)
    return { failures, lockouts: state.lockouts, lockedUntil: null };
  const lockouts = state.lockouts + 1;
  return { failures: 0, lockouts, lockedUntil: nowMs + cooldownSecondsFor(lockouts) * 1000 };
}

/** A successful login forgets everything. */
export function recordSuccess(): CooldownState {
  return { ...initialCooldownState };
}

/** Drops an elapsed lockout's end time (spec: stored state is removed when expired). */
export function clearExpiredLock(state: CooldownState, nowMs: number): CooldownState {
  if (state.lockedUntil === null || isLocked(state, nowMs)) return state;
  return { ...state, lockedUntil: null };
}

/** 'M:SS', rounded up to whole seconds so the countdown never shows 0:00 while still locked. */
export function formatMinutesSeconds(ms: number): string {
  if (Number.isNaN(ms)) throw new RangeError('ms must be a number');
  const totalSeconds = Math.ceil(Math.max(0, ms) / 1000);
  if (!Number.isSafeInteger(totalSeconds)) throw new RangeError(`ms too large: ${ms}`);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${seconds.toString().padStart(2, '0')}`;
}

/** The lockout message of spec section 8, with the time left. */
export function tooManyAttemptsMessage(ms: number): string {
  return `Too many attempts. Please wait ${formatMinutesSeconds(ms)}`;
}

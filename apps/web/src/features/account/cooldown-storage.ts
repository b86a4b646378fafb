import * as z from 'zod/mini';
import {
  FORGOT_PASSWORD_COOLDOWN_MS,
  LOGIN_COOLDOWN_SECONDS,
  clearExpiredLock,
  cooldownStateSchema,
  initialCooldownState,
} from '@shop/shared/login-cooldown';
import type { CooldownState } from '@shop/shared/login-cooldown';

/** localStorage keys of the two cooldowns (spec section 4: kept in browser storage). */
export const LOGIN_COOLDOWN_KEY = 'loginCooldown';
export const FORGOT_PASSWORD_COOLDOWN_KEY = 'forgotPasswordCooldown';

type CooldownKey = typeof LOGIN_COOLDOWN_KEY | typeof FORGOT_PASSWORD_COOLDOWN_KEY;

const LONGEST_LOGIN_COOLDOWN_MS = Math.max(...LOGIN_COOLDOWN_SECONDS) * 1000;

function read(key: CooldownKey): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined; // storage disabled or unparsable
  }
}

function write(key: CooldownKey, value: unknown): void {
  try {
    if (value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the cooldown still holds for this visit
  }
}

/** An end time no later than `longestMs` from now (a clock set back must not lock for days). */
const clampEnd = (end: number, nowMs: number, longestMs: number) =>
  Math.min(end, nowMs + longestMs);

/**
 * The stored login cooldown, with an elapsed lock dropped. Missing, malformed or tampered data
 * counts as no cooldown (and is removed), so a bad value never locks the form for good.
 */
export function readLoginCooldown(nowMs: number): CooldownState {
  const stored = read(LOGIN_COOLDOWN_KEY);
  if (stored === undefined) return { ...initialCooldownState };
  const parsed = cooldownStateSchema.safeParse(stored);
  if (!parsed.success) {
    write(LOGIN_COOLDOWN_KEY, undefined);
    return { ...initialCooldownState };
  }
  const { lockedUntil } = parsed.data;
  const state = clearExpiredLock(
    {
      ...parsed.data,
      lockedUntil:
        lockedUntil === null ? null : clampEnd(lockedUntil, nowMs, LONGEST_LOGIN_COOLDOWN_MS),
    },
    nowMs,
  );
  if (state.lockedUntil !== lockedUntil) writeLoginCooldown(state);
  return state;
}

/** Keeps the state; nothing at all is stored once there is nothing to remember. */
export function writeLoginCooldown(state: CooldownState): void {
  const empty = state.failures === 0 && state.lockouts === 0 && state.lockedUntil === null;
  write(LOGIN_COOLDOWN_KEY, empty ? undefined : state);
}

const endTimeSchema = z.int().check(z.positive());

/** When the reset-request button is enabled again (epoch ms), or null; an elapsed time is removed. */
export function readForgotPasswordCooldown(nowMs: number): number | null {
  const parsed = endTimeSchema.safeParse(read(FORGOT_PASSWORD_COOLDOWN_KEY));
  if (!parsed.success || parsed.data <= nowMs) {
    if (read(FORGOT_PASSWORD_COOLDOWN_KEY) !== undefined)
      write(FORGOT_PASSWORD_COOLDOWN_KEY, undefined);
    return null;
  }
  return clampEnd(parsed.data, nowMs, FORGOT_PASSWORD_COOLDOWN_MS);
}

export function writeForgotPasswordCooldown(endsAt: number | null): void {
  write(FORGOT_PASSWORD_COOLDOWN_KEY, endsAt ?? undefined);
}

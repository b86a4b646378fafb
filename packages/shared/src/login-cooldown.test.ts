import { describe, it, expect } from 'vitest';
import {
  FORGOT_PASSWORD_COOLDOWN_MS,
  LOGIN_COOLDOWN_SECONDS,
  MAX_LOGIN_ATTEMPTS,
  clearExpiredLock,
  cooldownSecondsFor,
  cooldownStateSchema,
  formatMinutesSeconds,
  initialCooldownState,
  isLocked,
  recordFailure,
  recordSuccess,
  remainingMs,
  retryAfterSeconds,
  tooManyAttemptsMessage,
  type CooldownState,
} from './login-cooldown';
import { STOCK_POLL_INTERVAL_MS } from './stock';

const T0 = 1_700_000_000_000;

function failTimes(state: CooldownState, times: number, nowMs: number): CooldownState {
  let next = state;
  for (let i = 0; i < times; i += 1) next = recordFailure(next, nowMs);
  return next;
}

describe('constants', () => {
  it('match the spec', () => {
    expect(MAX_LOGIN_ATTEMPTS).toBe(5);
    expect(LOGIN_COOLDOWN_SECONDS).toEqual([60, 300, 3600]);
    expect(FORGOT_PASSWORD_COOLDOWN_MS).toBe(900000);
    expect(STOCK_POLL_INTERVAL_MS).toBe(15000);
  });
});

describe('cooldownSecondsFor', () => {
  it('follows 60 s, 300 s, then 3600 s for every later lockout', () => {
    expect(cooldownSecondsFor(1)).toBe(60);
    expect(cooldownSecondsFor(2)).toBe(300);
    expect(cooldownSecondsFor(3)).toBe(3600);
    expect(cooldownSecondsFor(4)).toBe(3600);
    expect(cooldownSecondsFor(100)).toBe(3600);
  });

  it('refuses lockout numbers below 1 or fractional', () => {
    expect(() => cooldownSecondsFor(0)).toThrow(RangeError);
    expect(() => cooldownSecondsFor(-1)).toThrow(RangeError);
    expect(() => cooldownSecondsFor(1.5)).toThrow(RangeError);
  });
});

describe('recordFailure', () => {
  it('counts the first four failures without locking', () => {
    const state = failTimes(initialCooldownState, 4, T0);
    expect(state).toEqual({ failures: 4, lockouts: 0, lockedUntil: null });
    expect(isLocked(state, T0)).toBe(false);
  });

  it('starts a 60 s lockout on the 5th failure and resets the counter', () => {
    const state = failTimes(initialCooldownState, 5, T0);
    expect(state).toEqual({ failures: 0, lockouts: 1, lockedUntil: T0 + 60_000 });
    expect(isLocked(state, T0)).toBe(true);
    expect(remainingMs(state, T0)).toBe(60_000);
  });

  it('follows the full schedule: 1st, 2nd, 3rd and 4th lockout', () => {
    let now = T0;
    let state: CooldownState = initialCooldownState;
    for (const [lockout, seconds] of [
      [1, 60],
      [2, 300],
      [3, 3600],
      [4, 3600],
    ] as const) {
      state = failTimes(state, 5, now);
      expect(state, `lockout ${lockout}`).toEqual({
        failures: 0,
        lockouts: lockout,
        lockedUntil: now + seconds * 1000,
      });
      expect(isLocked(state, now + seconds * 1000 - 1)).toBe(true);
      now += seconds * 1000;
      expect(isLocked(state, now)).toBe(false);
    }
  });

  it('ignores failures while locked', () => {
    const locked = failTimes(initialCooldownState, 5, T0);
    expect(recordFailure(locked, T0 + 30_000)).toBe(locked);
  });

  it('clears the elapsed end time on the next failure', () => {
    const locked = failTimes(initialCooldownState, 5, T0);
    expect(recordFailure(locked, T0 + 60_000)).toEqual({
      failures: 1,
      lockouts: 1,
      lockedUntil: null,
    });
  });

  it('does not mutate the state it is given', () => {
    const state: CooldownState = { failures: 4, lockouts: 0, lockedUntil: null };
    recordFailure(state, T0);
    expect(state).toEqual({ failures: 4, lockouts: 0, lockedUntil: null });
    expect(initialCooldownState).toEqual({ failures: 0, lockouts: 0, lockedUntil: null });
  });
});

describe('recordSuccess', () => {
  it('returns a fresh initial state', () => {
    const state = recordSuccess();
    expect(state).toEqual(initialCooldownState);
    expect(state).not.toBe(initialCooldownState);
  });

  it('restarts the schedule at 60 s', () => {
    const afterSuccess = recordSuccess();
    expect(failTimes(afterSuccess, 5, T0).lockedUntil).toBe(T0 + 60_000);
  });
});

describe('remainingMs, isLocked, retryAfterSeconds, clearExpiredLock', () => {
  const locked: CooldownState = { failures: 0, lockouts: 1, lockedUntil: T0 + 60_000 };

  it('measure the time left', () => {
    expect(remainingMs(initialCooldownState, T0)).toBe(0);
    expect(remainingMs(locked, T0 + 59_001)).toBe(999);
    expect(remainingMs(locked, T0 + 60_000)).toBe(0);
    expect(remainingMs(locked, T0 + 99_999)).toBe(0);
    expect(isLocked(locked, T0 + 59_999)).toBe(true);
    expect(retryAfterSeconds(locked, T0)).toBe(60);
    expect(retryAfterSeconds(locked, T0 + 59_001)).toBe(1);
    expect(retryAfterSeconds(locked, T0 + 60_000)).toBe(0);
  });

  it('clearExpiredLock removes only an elapsed lockout', () => {
    expect(clearExpiredLock(locked, T0 + 1)).toBe(locked);
    expect(clearExpiredLock(locked, T0 + 60_000)).toEqual({
      failures: 0,
      lockouts: 1,
      lockedUntil: null,
    });
    expect(clearExpiredLock(initialCooldownState, T0)).toBe(initialCooldownState);
  });
});

describe('cooldownStateSchema', () => {
  it('accepts valid states and refuses tampered ones', () => {
    expect(
      cooldownStateSchema.safeParse({ failures: 3, lockouts: 2, lockedUntil: T0 }).success,
    ).toBe(true);
    expect(cooldownStateSchema.safeParse(initialCooldownState).success).toBe(true);
    expect(
      cooldownStateSchema.safeParse({ failures: 5, lockouts: 0, lockedUntil: null }).success,
    ).toBe(false);
    expect(
      cooldownStateSchema.safeParse({ failures: -1, lockouts: 0, lockedUntil: null }).success,
    ).toBe(false);
    expect(cooldownStateSchema.safeParse('junk').success).toBe(false);
  });
});

describe('formatMinutesSeconds', () => {
  it('shows M:SS rounded up to whole seconds', () => {
    expect(formatMinutesSeconds(60_000)).toBe('1:00');
    expect(formatMinutesSeconds(59_001)).toBe('1:00');
    expect(formatMinutesSeconds(59_000)).toBe('0:59');
    expect(formatMinutesSeconds(1)).toBe('0:01');
    expect(formatMinutesSeconds(0)).toBe('0:00');
    expect(formatMinutesSeconds(-5)).toBe('0:00');
    expect(formatMinutesSeconds(300_000)).toBe('5:00');
    expect(formatMinutesSeconds(FORGOT_PASSWORD_COOLDOWN_MS)).toBe('15:00');
    expect(formatMinutesSeconds(3_600_000)).toBe('60:00');
    expect(formatMinutesSeconds(3_599_500)).toBe('60:00');
  });

  it('refuses NaN', () => {
    expect(() => formatMinutesSeconds(Number.NaN)).toThrow(RangeError);
    expect(() => formatMinutesSeconds(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('tooManyAttemptsMessage', () => {
  it('uses the spec wording with the time left', () => {
    expect(tooManyAttemptsMessage(60_000)).toBe('Too many attempts. Please wait 1:00');
    expect(tooManyAttemptsMessage(3_600_000)).toBe('Too many attempts. Please wait 60:00');
    expect(tooManyAttemptsMessage(61_500)).toBe('Too many attempts. Please wait 1:02');
  });
});

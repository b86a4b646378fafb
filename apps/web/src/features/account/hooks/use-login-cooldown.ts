import { useCallback, useEffect, useState } from 'react';
import { clearExpiredLock, recordFailure, recordSuccess } from '@shop/shared/login-cooldown';
import type { CooldownState } from '@shop/shared/login-cooldown';
import { LOGIN_COOLDOWN_KEY, readLoginCooldown, writeLoginCooldown } from '../cooldown-storage';
import { useCountdown } from './use-countdown';

/**
 * A lock the server imposed (429 with Retry-After): it starts or extends the cooldown to that
 * many seconds even when this browser has counted fewer failures, and counts as a lockout so the
 * next local one escalates as the server's does.
 */
export function recordServerLock(
  state: CooldownState,
  retryAfterSeconds: number,
  nowMs: number,
): CooldownState {
  const until = nowMs + retryAfterSeconds * 1000;
  const alreadyLocked = state.lockedUntil !== null && state.lockedUntil > nowMs;
  return {
    failures: 0,
    lockouts: alreadyLocked ? state.lockouts : state.lockouts + 1,
    lockedUntil: Math.max(until, state.lockedUntil ?? 0),
  };
}

export type LoginCooldown = {
  /** Milliseconds left in the current lockout (0 when the form may be used). */
  remainingMs: number;
  locked: boolean;
  /** When the current lockout ends (epoch ms), or null. */
  lockedUntil: number | null;
  /** A wrong e-mail or password (401); answers the new state. */
  failed: () => CooldownState;
  /** The server refused with 429; without a usable Retry-After it counts as a plain failure. */
  refused: (retryAfterSeconds: number | undefined) => CooldownState;
  succeeded: () => CooldownState;
};

/**
 * The login cooldown of spec section 4 (5 failures, then 60 s, 300 s, 3600 s) on the shared
 * state machine, kept in localStorage: restored on reload, shared between tabs, and its lock
 * dropped from storage once it has elapsed. Storage is the source of truth, so two tabs count
 * into one state.
 */
export function useLoginCooldown(): LoginCooldown {
  const [state, setState] = useState<CooldownState>(() => readLoginCooldown(Date.now()));
  const remainingMs = useCountdown(state.lockedUntil);

  const update = useCallback((change: (current: CooldownState, nowMs: number) => CooldownState) => {
    const nowMs = Date.now();
    const next = change(readLoginCooldown(nowMs), nowMs);
    writeLoginCooldown(next);
    setState(next);
    return next;
  }, []);

  // The lock has run out: forget its end time (the counts stay, so the schedule escalates).
  const expired = state.lockedUntil !== null && remainingMs === 0;
  useEffect(() => {
    if (expired) update(clearExpiredLock);
  }, [expired, update]);

  // Another tab counted a failure or signed in.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === LOGIN_COOLDOWN_KEY || event.key === null)
        setState(readLoginCooldown(Date.now()));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return {
    remainingMs,
    locked: remainingMs > 0,
    lockedUntil: remainingMs > 0 ? state.lockedUntil : null,
    failed: useCallback(() => update(recordFailure), [update]),
    refused: useCallback(
      (retryAfterSeconds: number | undefined) =>
        update((current, nowMs) =>
          retryAfterSeconds === undefined
            ? recordFailure(current, nowMs)
            : recordServerLock(current, retryAfterSeconds, nowMs),
        ),
      [update],
    ),
    succeeded: useCallback(() => update(recordSuccess), [update]),
  };
}

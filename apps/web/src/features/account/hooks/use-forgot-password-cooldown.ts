import { useCallback, useEffect, useState } from 'react';
import { FORGOT_PASSWORD_COOLDOWN_MS } from '@shop/shared/login-cooldown';
import {
  FORGOT_PASSWORD_COOLDOWN_KEY,
  readForgotPasswordCooldown,
  writeForgotPasswordCooldown,
} from '../cooldown-storage';
import { useCountdown } from './use-countdown';

export type ForgotPasswordCooldown = {
  remainingMs: number;
  active: boolean;
  /** A reset link was requested: the button rests for 15 minutes. */
  start: () => void;
};

/**
 * The reset-request cooldown of spec section 4: 15 minutes after a request, its end time kept in
 * localStorage (restored on reload, removed once elapsed), ticking each second.
 */
export function useForgotPasswordCooldown(): ForgotPasswordCooldown {
  const [endsAt, setEndsAt] = useState(() => readForgotPasswordCooldown(Date.now()));
  const remainingMs = useCountdown(endsAt);

  const expired = endsAt !== null && remainingMs === 0;
  useEffect(() => {
    if (!expired) return;
    writeForgotPasswordCooldown(null);
    setEndsAt(null);
  }, [expired]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === FORGOT_PASSWORD_COOLDOWN_KEY || event.key === null)
        setEndsAt(readForgotPasswordCooldown(Date.now()));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const start = useCallback(() => {
    const end = Date.now() + FORGOT_PASSWORD_COOLDOWN_MS;
    writeForgotPasswordCooldown(end);
    setEndsAt(end);
  }, []);

  return { remainingMs, active: remainingMs > 0, start };
}

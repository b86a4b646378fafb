/**
 * Whether this browser has a back-office session open, whose, and until when (decision 044). The
 * token itself lives in an HttpOnly cookie the API sets (no script reads it, every tab sends it);
 * this marker, no secret, sits in localStorage so every tab of the browser knows the back office
 * is open without asking for the code again. Cleared on logout (which also asks the API to clear
 * the cookie) and on the API's 401. Here in lib because the logout (features/account) clears it
 * and the back office reads it.
 */
const KEY = 'backOfficeSession';

export type BackOfficeSession = { userId: string; expiresAt: number };

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** The stored value as text: a stable snapshot for useSyncExternalStore. */
export function backOfficeSessionSnapshot(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null; // storage disabled
  }
}

/** The session of `userId` that has not expired, or null. */
export function parseBackOfficeSession(
  raw: string | null,
  userId: string | undefined,
  now = Date.now(),
): BackOfficeSession | null {
  if (!raw || !userId) return null;
  try {
    const value = JSON.parse(raw) as Partial<BackOfficeSession>;
    if (value.userId === userId && typeof value.expiresAt === 'number' && value.expiresAt > now) {
      return { userId: value.userId, expiresAt: value.expiresAt };
    }
  } catch {
    // unparsable: treated as no session
  }
  return null;
}

export function saveBackOfficeSession(session: BackOfficeSession): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(session));
  } catch {
    // storage disabled: the back office asks for the code again on the next page load
  }
  notify();
}

/** Forgets the marker (the API answered that the session is over). */
export function clearBackOfficeSession(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // storage disabled
  }
  notify();
}

/** Sign-out: forgets the marker and has the API clear the cookie (even as the page closes). */
export function endBackOfficeSession(): void {
  const open = backOfficeSessionSnapshot() !== null;
  clearBackOfficeSession();
  if (open) {
    void fetch('/api/admin/session', { method: 'DELETE', keepalive: true }).catch(() => undefined);
  }
}

/** Calls `listener` on changes made in this tab and in the browser's other tabs. */
export function subscribeToBackOfficeSession(listener: () => void): () => void {
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

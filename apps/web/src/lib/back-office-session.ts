/**
 * The back-office token (after the second factor), kept in sessionStorage apart from userInfo:
 * it dies with the tab, is cleared on logout, and is only used by the account it was issued to.
 * Here in lib because the logout (features/account) clears it and the back office reads it.
 */
const KEY = 'backOfficeSession';

export type BackOfficeSession = { token: string; userId: string; expiresAt: number };

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** The stored value as text: a stable snapshot for useSyncExternalStore. */
export function backOfficeSessionSnapshot(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
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
    if (
      typeof value.token === 'string' &&
      value.userId === userId &&
      typeof value.expiresAt === 'number' &&
      value.expiresAt > now
    ) {
      return { token: value.token, userId: value.userId, expiresAt: value.expiresAt };
    }
  } catch {
    // unparsable: treated as no session
  }
  return null;
}

/** The stored token for the Authorization header (the back office shows screens only to its owner). */
export function backOfficeToken(): string | undefined {
  const raw = backOfficeSessionSnapshot();
  if (!raw) return undefined;
  try {
    const { userId } = JSON.parse(raw) as { userId?: unknown };
    return parseBackOfficeSession(raw, typeof userId === 'string' ? userId : undefined)?.token;
  } catch {
    return undefined;
  }
}

export function saveBackOfficeSession(session: BackOfficeSession): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(session));
  } catch {
    // storage disabled: the back office asks for the code again on the next page load
  }
  notify();
}

export function clearBackOfficeSession(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // storage disabled
  }
  notify();
}

export function subscribeToBackOfficeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

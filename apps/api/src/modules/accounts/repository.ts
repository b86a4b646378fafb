import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { CooldownState } from '@shop/shared/login-cooldown';
import type { Executor } from '../../db/client';
import type { emailVerificationTokens, passwordResetTokens } from '../../db/schema';
import { loginThrottles, mailThrottles, sessions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
/** 'login': a sign-in; 'back_office': opened from a staff or owner login by the second factor. */
export type SessionKind = 'login' | 'back_office';
type MailedTokenTable = typeof emailVerificationTokens | typeof passwordResetTokens;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Answers undefined when the address is taken (the unique index decides, so races cannot both win). */
export async function insertUser(
  db: Executor,
  user: {
    name: string;
    email: string;
    passwordHash: string;
    role?: UserRow['role'];
    verifiedAt?: Date;
  },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export async function insertMailedToken(
  db: Executor,
  table: MailedTokenTable,
  token: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(table).values(token);
}

/** Uses a mailed token once: answers its user when it was unused, unexpired (and that user's). */
export async function consumeMailedToken(
  db: Executor,
  table: MailedTokenTable,
  tokenHash: string,
  userId?: string,
): Promise<string | undefined> {
  const [row] = await db
    .update(table)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(table.tokenHash, tokenHash),
        isNull(table.usedAt),
        gt(table.expiresAt, sql`now()`),
        userId === undefined ? undefined : eq(table.userId, userId),
      ),
    )
    .returning({ userId: table.userId });
  return row?.userId;
}

/** Ends every unused token of a user, e.g. older reset links once a new one is sent or used. */
export async function revokeMailedTokens(
  db: Executor,
  table: MailedTokenTable,
  userId: string,
): Promise<void> {
  await db
    .update(table)
    .set({ usedAt: sql`now()` })
    .where(and(eq(table.userId, userId), isNull(table.usedAt)));
}

export async function markUserVerified(db: Executor, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ verifiedAt: sql`coalesce(${users.verifiedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Changes what a user gave and raises token_version, so tokens issued before stop working. */
export async function updateUserCredentials(
  db: Executor,
  userId: string,
  changes: { passwordHash: string; name?: string; email?: string },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

const toCooldownState = (row: typeof loginThrottles.$inferSelect): CooldownState => ({
  failures: row.failures,
  lockouts: row.lockouts,
  lockedUntil: row.lockedUntil?.getTime() ?? null,
});

/** Locks one key's throttle row (made when missing) for the rest of the transaction. */
export async function lockLoginThrottle(
  db: Executor,
  key: string,
): Promise<CooldownState | undefined> {
  await db.insert(loginThrottles).values({ key }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(loginThrottles)
    .where(eq(loginThrottles.key, key))
    .for('update');
  return row && toCooldownState(row);
}

export async function saveLoginThrottle(
  db: Executor,
  key: string,
  state: CooldownState,
): Promise<void> {
  await db
    .update(loginThrottles)
    .set({
      failures: state.failures,
      lockouts: state.lockouts,
      lockedUntil: state.lockedUntil === null ? null : new Date(state.lockedUntil),
      updatedAt: sql`now()`,
    })
    .where(eq(loginThrottles.key, key));
}

export async function clearLoginThrottles(db: Executor, keys: string[]): Promise<void> {
  await db.delete(loginThrottles).where(inArray(loginThrottles.key, keys));
}

/**
 * Takes the right to send one mail of a kind for a key, at most once per interval: answers false
 * when one was sent more recently. One statement, so two processes cannot both take it.
 */
export async function claimMailThrottle(
  db: Executor,
  key: string,
  intervalMs: number,
): Promise<boolean> {
  const rows = await db
    .insert(mailThrottles)
    .values({ key, lastSentAt: sql`now()` })
    .onConflictDoUpdate({
      target: mailThrottles.key,
      set: { lastSentAt: sql`now()` },
      setWhere: sql`${mailThrottles.lastSentAt} <= now() - ${intervalMs} * interval '1 millisecond'`,
    })
    .returning({ key: mailThrottles.key });
  return rows.length > 0;
}

/** Opens a session for a sign-in; the user's sessions that have run out are dropped on the way. */
export async function insertSession(
  db: Executor,
  userId: string,
  expiresAt: Date,
  /** A back-office session names the login it was opened from, and ends with it. */
  backOfficeOf?: string,
): Promise<string> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, sql`now()`)));
  const [row] = await db
    .insert(sessions)
    .values(
      backOfficeOf === undefined
        ? { userId, expiresAt }
        : { userId, expiresAt, kind: 'back_office', parentId: backOfficeOf },
    )
    .returning({ id: sessions.id });
  if (!row) throw new Error('session was not written');
  return row.id;
}

/**
 * The user behind a session that is still open and whose password has not changed since the
 * token was issued, in one query (every authenticated request).
 */
export async function findUserOfOpenSession(
  db: Executor,
  claims: { sessionId: string; userId: string; tokenVersion: number },
): Promise<{ user: UserRow; kind: SessionKind; expiresAt: Date } | undefined> {
  const { sessionId, userId, tokenVersion } = claims;
  const [row] = await db
    .select({ user: users, kind: sessions.kind, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        eq(users.tokenVersion, tokenVersion),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    );
  return row && { ...row, kind: row.kind as SessionKind };
}

/** Ends a session and the back-office session opened from it, if any. */
export async function endSession(db: Executor, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(
      and(
        or(eq(sessions.id, sessionId), eq(sessions.parentId, sessionId)),
        isNull(sessions.endedAt),
      ),
    );
}

/** Ends every open back-office session of a user (their logins stay). */
export async function endBackOfficeSessionsOf(db: Executor, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(
      and(eq(sessions.userId, userId), eq(sessions.kind, 'back_office'), isNull(sessions.endedAt)),
    );
}

export async function setUserRole(db: Executor, userId: string, role: string): Promise<void> {
  await db
    .update(users)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Deletes an account: its sessions, tokens and second factor go with it (foreign keys cascade). */
export async function deleteUser(db: Executor, userId: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

/** Locks a user's row for the rest of the transaction (an erasure); undefined when it is gone. */
export async function lockUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function clearMailThrottles(db: Executor, keys: string[]): Promise<void> {
  await db.delete(mailThrottles).where(inArray(mailThrottles.key, keys));
}

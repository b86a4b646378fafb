import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailChangeRequests, users } from '../../db/schema';
import type { UserRow } from './repository';

export async function insertEmailChange(
  db: Executor,
  request: { userId: string; newEmail: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailChangeRequests).values(request);
}

/** Ends a user's unused requests: a newer request, a confirmation or a password reset. */
export async function revokeEmailChanges(db: Executor, userId: string): Promise<void> {
  await db
    .update(emailChangeRequests)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailChangeRequests.userId, userId), isNull(emailChangeRequests.usedAt)));
}

/** Uses a link once: answers its user and new address when it was unused and unexpired. */
export async function consumeEmailChange(
  db: Executor,
  tokenHash: string,
): Promise<{ userId: string; newEmail: string } | undefined> {
  const [row] = await db
    .update(emailChangeRequests)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailChangeRequests.tokenHash, tokenHash),
        isNull(emailChangeRequests.usedAt),
        gt(emailChangeRequests.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailChangeRequests.userId, newEmail: emailChangeRequests.newEmail });
  return row;
}

/** The address a user asked for and has not confirmed yet, if the link still works. */
export async function findPendingEmail(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ newEmail: emailChangeRequests.newEmail })
    .from(emailChangeRequests)
    .where(
      and(
        eq(emailChangeRequests.userId, userId),
        isNull(emailChangeRequests.usedAt),
        gt(emailChangeRequests.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(emailChangeRequests.createdAt))
    .limit(1);
  return row?.newEmail;
}

/**
 * Moves the account to its confirmed address and raises token_version: the address is what one
 * signs in with, so the sessions of the old one end. Throws the unique violation when taken.
 */
export async function changeUserEmail(
  db: Executor,
  userId: string,
  email: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      email,
      // Opening the link proves the mailbox.
      verifiedAt: sql`coalesce(${users.verifiedAt}, now())`,
      // No longer the address the account was made with: it attaches no guest orders (decision 022).
      emailChangedAt: sql`now()`,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

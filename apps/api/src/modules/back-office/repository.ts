import { and, asc, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  mfaRecoveryCodes,
  mfaSecrets,
  newOrderMailChoices,
  ownerSetupTokens,
  users,
} from '../../db/schema';

export type MfaSecretRow = typeof mfaSecrets.$inferSelect;

/**
 * Stores a new pending secret, replacing a pending one; answers false (and changes nothing) when
 * the account's second factor is already confirmed.
 */
export async function savePendingSecret(
  db: Executor,
  userId: string,
  secretCiphertext: string,
): Promise<boolean> {
  const rows = await db
    .insert(mfaSecrets)
    .values({ userId, secretCiphertext })
    .onConflictDoUpdate({
      target: mfaSecrets.userId,
      set: { secretCiphertext, lastStep: null, createdAt: sql`now()` },
      setWhere: isNull(mfaSecrets.confirmedAt),
    })
    .returning({ userId: mfaSecrets.userId });
  return rows.length > 0;
}

export async function secretOf(db: Executor, userId: string): Promise<MfaSecretRow | undefined> {
  const [row] = await db.select().from(mfaSecrets).where(eq(mfaSecrets.userId, userId));
  return row;
}

/** The account's secret, locked for the rest of the transaction (one code check at a time). */
export async function lockSecret(db: Executor, userId: string): Promise<MfaSecretRow | undefined> {
  const [row] = await db
    .select()
    .from(mfaSecrets)
    .where(eq(mfaSecrets.userId, userId))
    .for('update');
  return row;
}

/**
 * Accepts a time step once: only when it is newer than every step accepted before (one
 * conditional UPDATE, so two requests with the same code cannot both pass). Confirms the
 * enrollment on the way.
 */
export async function acceptStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(mfaSecrets)
    .set({ lastStep: step, confirmedAt: sql`coalesce(${mfaSecrets.confirmedAt}, now())` })
    .where(
      and(
        eq(mfaSecrets.userId, userId),
        or(isNull(mfaSecrets.lastStep), lt(mfaSecrets.lastStep, step)),
      ),
    )
    .returning({ userId: mfaSecrets.userId });
  return rows.length > 0;
}

export async function insertRecoveryCodes(
  db: Executor,
  userId: string,
  codeHashes: string[],
): Promise<void> {
  await db.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses an unused recovery code of the account once. */
export async function useRecoveryCode(
  db: Executor,
  userId: string,
  codeHash: string,
): Promise<boolean> {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length > 0;
}

/** Forgets an account's second factor: its secret and recovery codes. */
export async function deleteSecondFactor(db: Executor, userId: string): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.delete(mfaSecrets).where(eq(mfaSecrets.userId, userId));
}

export async function insertSetupToken(
  db: Executor,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db.insert(ownerSetupTokens).values({ tokenHash, expiresAt });
}

/** Uses a setup token once, when it is unused and unexpired at `now`. */
export async function consumeSetupToken(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(ownerSetupTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(ownerSetupTokens.tokenHash, tokenHash),
        isNull(ownerSetupTokens.usedAt),
        gt(ownerSetupTokens.expiresAt, now),
      ),
    )
    .returning({ tokenHash: ownerSetupTokens.tokenHash });
  return rows.length > 0;
}

/**
 * Serialises the creation of the first owner for the rest of the transaction, across processes
 * (two setup links or two starting processes must not make two owners).
 */
export async function lockOwnerCreation(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('shop:first-owner'))`);
}

export async function ownerExists(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'owner'))
    .limit(1);
  return row !== undefined;
}

export interface MemberRow {
  id: string;
  name: string;
  email: string;
  role: string;
  enrolled: boolean;
  createdAt: Date;
}

const memberColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  enrolled: sql<boolean>`${mfaSecrets.confirmedAt} is not null`,
  createdAt: users.createdAt,
};

/** The owner(s) and staff, owners first, then oldest first. */
export async function listMembers(db: Executor): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(users)
    .leftJoin(mfaSecrets, eq(mfaSecrets.userId, users.id))
    .where(ne(users.role, 'customer'))
    .orderBy(desc(sql`${users.role} = 'owner'`), asc(users.createdAt), asc(users.id));
}

/** One owner or staff member (customers are not members). */
export async function findMember(db: Executor, id: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .leftJoin(mfaSecrets, eq(mfaSecrets.userId, users.id))
    .where(and(eq(users.id, id), ne(users.role, 'customer')));
  return row;
}

/** An account's choice of the new-order mail; without one, the owner gets it and staff do not. */
const wantsNewOrderMail = sql<boolean>`coalesce(${newOrderMailChoices.enabled}, ${users.role} = 'owner')`;

/** Whether a back-office account gets the new-order mail. */
export async function newOrderMailOf(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: wantsNewOrderMail })
    .from(users)
    .leftJoin(newOrderMailChoices, eq(newOrderMailChoices.userId, users.id))
    .where(eq(users.id, userId));
  return row?.enabled ?? false;
}

export async function saveNewOrderMail(
  db: Executor,
  userId: string,
  enabled: boolean,
): Promise<void> {
  await db
    .insert(newOrderMailChoices)
    .values({ userId, enabled })
    .onConflictDoUpdate({
      target: newOrderMailChoices.userId,
      set: { enabled, updatedAt: sql`now()` },
    });
}

/** The owner and staff who get a mail for every paid order. */
export async function newOrderMailRecipients(
  db: Executor,
): Promise<{ email: string; name: string }[]> {
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .leftJoin(newOrderMailChoices, eq(newOrderMailChoices.userId, users.id))
    .where(and(ne(users.role, 'customer'), wantsNewOrderMail))
    .orderBy(asc(users.createdAt), asc(users.id));
}

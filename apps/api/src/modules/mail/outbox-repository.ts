import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}
export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Called inside the transaction of the change that causes the mail, so neither happens alone.
 * `orderId` files the mail under its order, for the order's timeline in the back office.
 */
export async function enqueueMail(
  db: Executor,
  mail: OutgoingMail,
  about: { orderId?: string } = {},
): Promise<void> {
  await db.insert(mailOutbox).values({
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    orderId: about.orderId ?? null,
  });
}

/** The mails of an order (queued, sent or failed), oldest first. */
export async function mailsOfOrder(db: Executor, orderId: string): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.orderId, orderId))
    .orderBy(asc(mailOutbox.createdAt));
}

/**
 * Takes up to `limit` due mails and leases them for `leaseMs`: other workers skip them meanwhile,
 * and a worker that dies mid-send leaves them to be retried when the lease runs out.
 */
export async function claimDueMail(
  db: Database,
  limit: number,
  leaseMs: number,
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

export async function markMailSent(db: Database, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** Schedules another attempt, or gives up (`retryInMs` null) and keeps the error for the operator. */
export async function markMailFailed(
  db: Database,
  id: string,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      retryInMs === null
        ? { status: 'failed', lastError: error }
        : { lastError: error, nextAttemptAt: sql`now() + ${retryInMs} * interval '1 millisecond'` },
    )
    .where(eq(mailOutbox.id, id));
}

export async function listOutboxNewestFirst(db: Database, limit: number): Promise<OutboxRow[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}

/**
 * Forgets the mail of addresses that must no longer be written to (an erased account): mail not
 * sent yet (pending, or failed for good) is deleted; sent mail keeps its subject, time and order
 * for the order's history, with a placeholder address and no body.
 */
export async function forgetMailTo(
  db: Executor,
  addresses: string[],
  placeholder: { prefix: string; domain: string },
): Promise<void> {
  if (!addresses.length) return;
  await db
    .delete(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.toAddress, addresses),
        inArray(mailOutbox.status, ['pending', 'failed']),
      ),
    );
  await db
    .update(mailOutbox)
    .set({
      toAddress: sql`${placeholder.prefix} || ${mailOutbox.id}::text || ${placeholder.domain}`,
      textBody: '',
      htmlBody: '',
      lastError: null,
    })
    .where(and(inArray(mailOutbox.toAddress, addresses), eq(mailOutbox.status, 'sent')));
}

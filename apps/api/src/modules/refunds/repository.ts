import { and, asc, eq, gt, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { refunds, type RestockColumn } from '../../db/schema';

export type RefundRow = typeof refunds.$inferSelect;
export type RefundStatus = 'pending' | 'succeeded' | 'failed';

export async function insertRefund(
  db: Executor,
  row: {
    orderId: string;
    amountCents: number;
    reason: string;
    status: RefundStatus;
    restock: RestockColumn[];
    actor: { id: string; email: string; name: string } | null;
    actorAddress?: string;
    cancels?: boolean;
  },
): Promise<RefundRow> {
  const [inserted] = await db
    .insert(refunds)
    .values({
      orderId: row.orderId,
      amountCents: row.amountCents,
      reason: row.reason,
      status: row.status,
      restock: row.restock,
      actorId: row.actor?.id ?? null,
      actorEmail: row.actor?.email ?? null,
      actorName: row.actor?.name ?? null,
      actorAddress: row.actorAddress ?? null,
      cancels: row.cancels ?? false,
    })
    .returning();
  if (!inserted) throw new Error('refund insert returned no row');
  return inserted;
}

/** Settles a pending refund once: answers the row when this call settled it. */
export async function settleRefund(
  db: Executor,
  refundId: string,
  outcome: { status: 'succeeded'; providerRefundId: string | null } | { status: 'failed' },
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set({
      status: outcome.status,
      ...(outcome.status === 'succeeded' ? { providerRefundId: outcome.providerRefundId } : {}),
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

/** Every refund of an order, oldest first. */
export async function refundRowsOfOrder(db: Executor, orderId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export async function sumRefunds(
  db: Executor,
  orderId: string,
  statuses: RefundStatus[],
): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, statuses)));
  return row?.cents ?? 0;
}

/**
 * Claims the oldest refund pending since between `createdAfter` and `createdBefore` (and not in
 * `skip`) for one recovery sweep, until `until`: a row another sweep holds or claimed is skipped
 * (SKIP LOCKED), so sweeps running at once on several processes each take a different refund.
 */
export async function claimPendingRefund(
  db: Executor,
  options: { createdAfter: Date; createdBefore: Date; now: Date; until: Date; skip: string[] },
): Promise<RefundRow | undefined> {
  const due = db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        gt(refunds.createdAt, options.createdAfter),
        lt(refunds.createdAt, options.createdBefore),
        or(isNull(refunds.claimedUntil), lte(refunds.claimedUntil, options.now)),
        options.skip.length ? notInArray(refunds.id, options.skip) : undefined,
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(refunds)
    .set({ claimedUntil: options.until })
    .where(inArray(refunds.id, due))
    .returning();
  return claimed;
}

/** A pending refund whose outcome is unknown is free for the next sweep to ask again. */
export async function releaseRefundClaim(db: Executor, refundId: string): Promise<void> {
  await db
    .update(refunds)
    .set({ claimedUntil: null })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
}

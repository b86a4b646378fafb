import { and, asc, eq, inArray, sql } from 'drizzle-orm';
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
  },
): Promise<string> {
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
    })
    .returning({ id: refunds.id });
  if (!inserted) throw new Error('refund insert returned no row');
  return inserted.id;
}

/** Settles a pending refund once: answers the row when this call settled it. */
export async function settleRefund(
  db: Executor,
  refundId: string,
  outcome: { status: 'succeeded'; providerRefundId: string } | { status: 'failed' },
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

import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paymentEvents } from '../../db/schema';

/** Records a provider event once: answers false when it was seen before. */
export async function recordPaymentEvent(
  db: Executor,
  event: { provider: string; eventId: string; type: string; orderId: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.eventId });
  return rows.length > 0;
}

export type PaymentEventRow = typeof paymentEvents.$inferSelect;

export async function paymentEventsOfOrder(
  db: Executor,
  orderId: string,
): Promise<PaymentEventRow[]> {
  return db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.orderId, orderId))
    .orderBy(asc(paymentEvents.receivedAt));
}

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

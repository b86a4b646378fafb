import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';

/**
 * Counts one action in the key's current fixed window (a new window once the old one is over).
 * Its commit does not wait for the disk (synchronous_commit off for this statement's own
 * transaction, decision 055): a crash may forget the last fraction of a second's counts, which a
 * limit per minute or hour can afford, and every checkout and sign-in saves a flush. Call it
 * outside a transaction: inside one, the whole transaction's commit would not wait either.
 */
export async function countAction(
  db: Executor,
  key: string,
  windowMs: number,
): Promise<{ count: number; windowStart: Date; windowId: string }> {
  const expired = sql`${rateLimitCounters.windowStart} <= now() - ${windowMs} * interval '1 millisecond'`;
  const [row] = await db
    .insert(rateLimitCounters)
    .select(
      sql`select ${key}::text, now(), 1
          from (select set_config('synchronous_commit', 'off', true)) as unflushed`,
    )
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimitCounters.windowStart} end`,
      },
    })
    .returning({
      count: rateLimitCounters.count,
      windowStart: rateLimitCounters.windowStart,
      // Exact to the microsecond (a Date keeps milliseconds), to give back into the same window.
      windowId: sql<string>`${rateLimitCounters.windowStart}::text`,
    });
  if (!row) throw new Error('rate limit counter was not written');
  return row;
}

/** Gives back one counted action of a window (e.g. a login that turned out right). */
export async function uncountAction(db: Executor, key: string, windowId: string): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
    .where(
      and(
        eq(rateLimitCounters.key, key),
        sql`${rateLimitCounters.windowStart}::text = ${windowId}`,
      ),
    );
}

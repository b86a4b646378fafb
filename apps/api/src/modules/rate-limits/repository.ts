import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';

/** Counts one action in the key's current fixed window (a new window once the old one is over). */
export async function countAction(
  db: Executor,
  key: string,
  windowMs: number,
): Promise<{ count: number; windowStart: Date; windowId: string }> {
  const expired = sql`${rateLimitCounters.windowStart} <= now() - ${windowMs} * interval '1 millisecond'`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart: sql`now()`, count: 1 })
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

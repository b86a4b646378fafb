import {
  and,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders, refunds, users } from '../../db/schema';
import { containsPattern } from '../../lib/search';

export interface CustomerRow {
  id: string;
  name: string;
  email: string;
  verifiedAt: Date | null;
  createdAt: Date;
  ordersCount: number;
  spentCents: number;
}

/**
 * Customers (role customer), newest first, with their paid orders and what those came to less
 * what was refunded of them.
 */
export async function listCustomerRows(
  db: Executor,
  q: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: CustomerRow[]; total: number }> {
  const conditions: SQL[] = [eq(users.role, 'customer')];
  if (q) {
    const contains = containsPattern(q);
    conditions.push(or(ilike(users.email, contains), ilike(users.name, contains)) as SQL);
  }
  const where = and(...conditions);
  const [people, [counted]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        verifiedAt: users.verifiedAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  const ids = people.map((person) => person.id);
  const refunded = db
    .select({
      orderId: refunds.orderId,
      cents: sql<number>`sum(${refunds.amountCents})`.as('cents'),
    })
    .from(refunds)
    .where(eq(refunds.status, 'succeeded'))
    .groupBy(refunds.orderId)
    .as('refunded');
  const spent = ids.length
    ? await db
        .select({
          userId: orders.userId,
          orders: sql<number>`count(*)::int`,
          cents: sql<number>`(sum(${orders.totalCents}) - coalesce(sum(${refunded.cents}), 0))::int`,
        })
        .from(orders)
        .leftJoin(refunded, eq(refunded.orderId, orders.id))
        .where(and(inArray(orders.userId, ids), isNotNull(orders.paidAt)))
        .groupBy(orders.userId)
    : [];
  return {
    rows: people.map((person) => {
      const mine = spent.find((entry) => entry.userId === person.id);
      return { ...person, ordersCount: mine?.orders ?? 0, spentCents: mine?.cents ?? 0 };
    }),
    total: counted?.total ?? 0,
  };
}

/**
 * Money taken less money given back since `from`: payments of orders paid since then, refunds
 * made since then. Answers the net in cents and how many orders were paid.
 */
export async function salesSince(
  db: Executor,
  from: Date,
): Promise<{ cents: number; orders: number }> {
  const [[paid], [refunded]] = await Promise.all([
    db
      .select({
        cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::int`,
        orders: sql<number>`count(*)::int`,
      })
      .from(orders)
      .where(gte(orders.paidAt, from)),
    db
      .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.status, 'succeeded'), gte(refunds.createdAt, from))),
  ]);
  return { cents: (paid?.cents ?? 0) - (refunded?.cents ?? 0), orders: paid?.orders ?? 0 };
}

/** Paid (or partly refunded or shipped) and not yet shipped in full. */
export async function countAwaitingShipment(db: Executor): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['paid', 'partially_shipped', 'partially_refunded']),
        sql`${orders.shippedAt} is null`,
      ),
    );
  return row?.total ?? 0;
}

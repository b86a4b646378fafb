import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { OrderStatus } from '@shop/shared/orders';
import type { Executor } from '../../db/client';
import { orderItems, orders, stock } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderWithItems = OrderRow & { items: OrderItemRow[] };

export async function releaseStock(
  db: Executor,
  productId: string,
  variant: string,
  qty: number,
): Promise<void> {
  await db
    .update(stock)
    .set({ available: sql`${stock.available} + ${qty}` })
    .where(and(eq(stock.productId, productId), eq(stock.variant, variant)));
}

/**
 * Moves an order from one of `from` to `to`, guarded by its current status: answers the order when
 * this call made the change, undefined when it was already elsewhere (a repeated or late event).
 */
export async function transitionOrder(
  db: Executor,
  orderId: string,
  from: OrderStatus[],
  to: OrderStatus,
): Promise<OrderRow | undefined> {
  const stamp =
    to === 'paid'
      ? { paidAt: sql`now()` }
      : to === 'delivered'
        ? { deliveredAt: sql`now()` }
        : { closedAt: sql`now()` };
  const [row] = await db
    .update(orders)
    .set({ status: to, ...stamp, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), inArray(orders.status, from)))
    .returning();
  return row;
}

export async function findItemsOfOrder(db: Executor, orderId: string): Promise<OrderItemRow[]> {
  return db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.name));
}

export async function findOrderWithItems(
  db: Executor,
  orderId: string,
): Promise<OrderWithItems | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order && { ...order, items: await findItemsOfOrder(db, orderId) };
}

export async function findOrderIdBySession(
  db: Executor,
  sessionId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.paymentSessionId, sessionId));
  return row?.id;
}

export async function listOrdersOfUser(db: Executor, userId: string): Promise<OrderWithItems[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt));
  if (!rows.length) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.name));
  return rows.map((row) => ({ ...row, items: items.filter((item) => item.orderId === row.id) }));
}

/** Unpaid orders whose hold has run out, oldest first. */
export async function findLapsedHolds(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending_payment'), lte(orders.holdExpiresAt, sql`now()`)))
    .orderBy(asc(orders.holdExpiresAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Paid, or paid and since delivered: an order whose buyer may review its products. */
const BOUGHT: OrderStatus[] = ['paid', 'delivered'];

/** Whether the account owns a paid (or delivered) order containing the product, made out to `email`. */
export async function userHasBought(
  db: Executor,
  buyer: { userId: string; email: string },
  productId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, buyer.userId),
        eq(orders.email, buyer.email),
        eq(orderItems.productId, productId),
        inArray(orders.status, BOUGHT),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The e-mail of an order when it is paid (or delivered) and contains the product; else undefined. */
export async function boughtOrderEmail(
  db: Executor,
  orderId: string,
  productId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ email: orders.email })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.id, orderId),
        eq(orderItems.productId, productId),
        inArray(orders.status, BOUGHT),
      ),
    )
    .limit(1);
  return row?.email;
}

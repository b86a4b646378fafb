import { and, asc, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { OrderStatus } from '@shop/shared/orders';
import type { Executor } from '../../db/client';
import { orderItems, orders, paymentEvents, products, stock } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;
export type OrderWithItems = OrderRow & { items: OrderItemRow[] };

export async function findProductsForPricing(db: Executor, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: products.id,
      name: products.name,
      image: products.image,
      imagesOptionA: products.imagesOptionA,
      imagesOptionB: products.imagesOptionB,
      priceCents: products.priceCents,
      hasSize: products.hasSize,
      hasAandB: products.hasAandB,
    })
    .from(products)
    .where(inArray(products.id, ids));
}
export type ProductForPricing = Awaited<ReturnType<typeof findProductsForPricing>>[number];

/** Takes qty units of a variant if that many are available: one statement, so no two checkouts take the same unit. */
export async function holdStock(
  db: Executor,
  productId: string,
  variant: string,
  qty: number,
): Promise<boolean> {
  const rows = await db
    .update(stock)
    .set({ available: sql`${stock.available} - ${qty}` })
    .where(
      and(
        eq(stock.productId, productId),
        eq(stock.variant, variant),
        sql`${stock.available} >= ${qty}`,
      ),
    )
    .returning({ available: stock.available });
  return rows.length > 0;
}

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

export async function availableStock(
  db: Executor,
  productId: string,
  variant: string,
): Promise<number> {
  const [row] = await db
    .select({ available: stock.available })
    .from(stock)
    .where(and(eq(stock.productId, productId), eq(stock.variant, variant)));
  return row?.available ?? 0;
}

export async function insertOrder(
  db: Executor,
  order: NewOrder,
  items: NewOrderItem[],
): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(order).returning();
  if (!row) throw new Error('order was not written');
  await db.insert(orderItems).values(items.map((item) => ({ ...item, orderId: row.id })));
  return row;
}

/** Answers false when the order is no longer waiting for payment (a newer checkout replaced it). */
export async function setPaymentSession(
  db: Executor,
  orderId: string,
  sessionId: string,
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ paymentSessionId: sessionId, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment')))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/**
 * Counts the checkouts of a client address that still hold stock, after taking a lock on that
 * address for the rest of the transaction, so two checkouts from it cannot both slip under the limit.
 */
export async function lockAndCountOpenCheckouts(
  db: Executor,
  clientAddress: string,
): Promise<number> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`open-checkouts:${clientAddress}`}))`,
  );
  const [row] = await db
    .select({ open: count() })
    .from(orders)
    .where(
      and(
        eq(orders.clientAddress, clientAddress),
        eq(orders.status, 'pending_payment'),
        gt(orders.holdExpiresAt, sql`now()`),
      ),
    );
  return row?.open ?? 0;
}

/** A signed-in shopper's checkouts that are still waiting for payment. */
export async function findOpenCheckoutsOfUser(
  db: Executor,
  userId: string,
): Promise<{ id: string; paymentSessionId: string | null }[]> {
  return db
    .select({ id: orders.id, paymentSessionId: orders.paymentSessionId })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending_payment')));
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

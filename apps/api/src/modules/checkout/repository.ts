import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderItems, orders, products, stock } from '../../db/schema';
import type { OrderRow } from '../orders/repository';

/** The checkout's SQL: pricing from the database, the order with its lines, and the stock it holds. */

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;

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

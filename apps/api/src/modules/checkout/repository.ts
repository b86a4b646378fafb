import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { preparedRead } from '../../db/prepared';
import { insertValuesOf, rowOfTable, rowsOf } from '../../db/rows';
import { orderItems, orders, products, variants } from '../../db/schema';
import type { OrderRow } from '../orders/repository';

/** The checkout's SQL: pricing from the database, the order with its lines, and the stock it holds. */

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;

/** What a checkout needs of each variant of a product: which it is, its price, its photos. */
export interface VariantForPricing {
  id: string;
  key: string;
  values: string[];
  sku: string | null;
  priceCents: number | null;
  images: string[];
  /** Null when the owner has not weighed it: counts as nothing toward the order's weight. */
  weightGrams: number | null;
  /** Read for the shape of the rule that finds a line's variant; the hold decides under lock. */
  available: number;
}

// Written out by name: inside a select, drizzle leaves columns unqualified (see catalog).
const variantsForPricing = sql<VariantForPricing[]>`coalesce((
  select json_agg(json_build_object(
    'id', v.id, 'key', v.key, 'values', v.option_values, 'sku', v.sku,
    'priceCents', v.price_cents, 'images', v.images, 'available', v.available,
    'weightGrams', v.weight_grams
  ))
  from variants v where v.product_id = "products"."id"
), '[]'::json)`;

/** The variant ids of order lines' (product, key) pairs, as "productId:key" → id. */
export async function findVariantIds(
  db: Executor,
  lines: readonly { productId: string; variant: string }[],
): Promise<Map<string, string>> {
  if (!lines.length) return new Map();
  const rows = await db
    .select({ productId: variants.productId, key: variants.key, id: variants.id })
    .from(variants)
    .where(inArray(variants.productId, [...new Set(lines.map((line) => line.productId))]));
  return new Map(rows.map((row) => [`${row.productId}:${row.key}`, row.id]));
}

/** Prepared (decision 055): every checkout and quote reads it, and planning it costs more than running it. */
const productsForPricing = preparedRead((db) =>
  db
    .select({
      id: products.id,
      name: products.name,
      image: products.image,
      imagesOptionA: products.imagesOptionA,
      imagesOptionB: products.imagesOptionB,
      priceCents: products.priceCents,
      hasSize: products.hasSize,
      hasAandB: products.hasAandB,
      options: products.options,
      variants: variantsForPricing,
      // The collections it is in: a discount may be for a collection (decision 047).
      collectionIds: sql<string[]>`coalesce((
        select json_agg(cp.collection_id) from collection_products cp
        where cp.product_id = "products"."id"
      ), '[]'::json)`,
    })
    .from(products)
    // Only published products can be bought (drafts and archived ones are not for sale).
    .where(
      and(
        sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`,
        eq(products.status, 'published'),
      ),
    )
    .prepare('checkout_products_for_pricing'),
);

export async function findProductsForPricing(db: Database, ids: string[]) {
  if (!ids.length) return [];
  return productsForPricing(db).execute({ ids });
}

export type ProductForPricing = Awaited<ReturnType<typeof findProductsForPricing>>[number];

/** The order and its lines in one statement (decision 055): the lines take the new order's id. */
export async function insertOrder(
  db: Executor,
  order: NewOrder,
  items: NewOrderItem[],
): Promise<OrderRow> {
  const [raw] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`with created as (
      insert into ${orders} ${insertValuesOf(orders, [order])} returning *
    ), lines as (
      insert into ${orderItems} ${insertValuesOf(orderItems, items, { order_id: sql`(select id from created)` })}
    )
    select * from created`),
  );
  if (!raw) throw new Error('order was not written');
  return rowOfTable(orders, raw);
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
 * The checkouts of a client address (its key: IPv6 by /64) that still hold stock, but the one
 * being written, with the units each holds and until when, read after taking a lock on that
 * address for the rest of the transaction, so two checkouts from it cannot both slip under its
 * limits.
 */
export async function lockAndListOpenHolds(
  db: Executor,
  clientAddress: string,
  exceptOrderId: string,
): Promise<{ units: number; until: Date }[]> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`open-checkouts:${clientAddress}`}))`,
  );
  return db
    .select({ units: sql<number>`sum(${orderItems.qty})::int`, until: orders.holdExpiresAt })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.clientAddress, clientAddress),
        ne(orders.id, exceptOrderId),
        eq(orders.status, 'pending_payment'),
        gt(orders.holdExpiresAt, sql`now()`),
      ),
    )
    .groupBy(orders.id);
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

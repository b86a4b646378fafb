import { and, asc, count, desc, eq, gt, inArray, lt, ne, not, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products, stock, stockMovements } from '../../db/schema';

/** The stock ledger's SQL: a variant's levels change only together with their movement row. */

export type StockRow = typeof stock.$inferSelect;
export type MovementRow = typeof stockMovements.$inferSelect;
export type NewMovement = Omit<typeof stockMovements.$inferInsert, 'id' | 'at' | 'seq'>;

export interface LevelChange {
  productId: string;
  variant: string;
  change: number;
  heldChange: number;
}

/**
 * Changes a variant's on-hand and held units in one guarded statement: refused (undefined) when
 * the variant has no stock row or the result would leave on-hand below zero or below what is
 * held, or held below zero. Concurrent changes of one variant queue on its row lock, so each
 * sees the other's result.
 */
export async function changeLevels(db: Executor, c: LevelChange): Promise<StockRow | undefined> {
  const [row] = await db
    .update(stock)
    .set({
      onHand: sql`${stock.onHand} + ${c.change}`,
      held: sql`${stock.held} + ${c.heldChange}`,
    })
    .where(
      and(
        eq(stock.productId, c.productId),
        eq(stock.variant, c.variant),
        sql`${stock.held} + ${c.heldChange} >= 0`,
        sql`${stock.onHand} + ${c.change} >= ${stock.held} + ${c.heldChange}`,
      ),
    )
    .returning();
  return row;
}

export async function insertMovement(db: Executor, movement: NewMovement): Promise<void> {
  await db.insert(stockMovements).values(movement);
}

/** Creates a variant's stock row at zero (if missing); its units arrive as movements. */
export async function ensureStockRow(
  db: Executor,
  productId: string,
  variant: string,
): Promise<void> {
  await db.insert(stock).values({ productId, variant, onHand: 0 }).onConflictDoNothing();
}

export async function findStockRows(db: Executor, productId: string): Promise<StockRow[]> {
  return db.select().from(stock).where(eq(stock.productId, productId));
}

const stockRowQuery = (db: Executor, productId: string, variant: string) =>
  db
    .select()
    .from(stock)
    .where(and(eq(stock.productId, productId), eq(stock.variant, variant)));

export async function findStockRow(
  db: Executor,
  productId: string,
  variant: string,
): Promise<StockRow | undefined> {
  const [row] = await stockRowQuery(db, productId, variant);
  return row;
}

/** Variants whose available units are below their threshold, of products not archived. */
export async function findLowStockRows(db: Executor, limit: number) {
  return db
    .select({
      productId: stock.productId,
      name: products.name,
      variant: stock.variant,
      available: stock.available,
      lowStockThreshold: stock.lowStockThreshold,
    })
    .from(stock)
    .innerJoin(products, eq(products.id, stock.productId))
    .where(and(lt(stock.available, stock.lowStockThreshold), ne(products.status, 'archived')))
    .orderBy(asc(stock.available), asc(products.name), asc(stock.variant))
    .limit(limit);
}

/** A variant's row, locked until the caller's transaction ends (an import's target is set against it). */
export async function findStockRowForUpdate(
  db: Executor,
  productId: string,
  variant: string,
): Promise<StockRow | undefined> {
  const [row] = await stockRowQuery(db, productId, variant).for('update');
  return row;
}

export async function updateThreshold(
  db: Executor,
  productId: string,
  variant: string,
  threshold: number,
): Promise<StockRow | undefined> {
  const [row] = await db
    .update(stock)
    .set({ lowStockThreshold: threshold })
    .where(and(eq(stock.productId, productId), eq(stock.variant, variant)))
    .returning();
  return row;
}

/**
 * Sets the low-stock mark (the mail went out) only while available is below the threshold and
 * the mark is clear, or clears it only once available is above the threshold. Answers whether
 * it changed, so that of two transactions only one sends the mail.
 */
export async function markLowStock(
  db: Executor,
  productId: string,
  variant: string,
  alerted: boolean,
): Promise<boolean> {
  const rows = await db
    .update(stock)
    .set({ lowStockAlerted: alerted })
    .where(
      and(
        eq(stock.productId, productId),
        eq(stock.variant, variant),
        alerted
          ? and(not(stock.lowStockAlerted), lt(stock.available, stock.lowStockThreshold))
          : and(stock.lowStockAlerted, gt(stock.available, stock.lowStockThreshold)),
      ),
    )
    .returning({ productId: stock.productId });
  return rows.length > 0;
}

export interface ProductShape {
  id: string;
  name: string;
  status: string;
  hasSize: boolean;
  hasAandB: boolean;
}

/** What the ledger needs of a product: its name and which variants it has. */
export async function findProductShape(
  db: Executor,
  productId: string,
): Promise<ProductShape | undefined> {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      status: products.status,
      hasSize: products.hasSize,
      hasAandB: products.hasAandB,
    })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

export type MovementWithProduct = MovementRow & { productName: string };

/** Movements newest first (by seq: one transaction's rows share `at`), of one product or all. */
export async function listMovementRows(
  db: Executor,
  query: { productId?: string | undefined; limit: number; offset: number },
): Promise<{ rows: MovementWithProduct[]; total: number }> {
  const where: SQL | undefined = query.productId
    ? eq(stockMovements.productId, query.productId)
    : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ movement: stockMovements, productName: products.name })
      .from(stockMovements)
      .innerJoin(products, eq(products.id, stockMovements.productId))
      .where(where)
      .orderBy(desc(stockMovements.seq))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(stockMovements).where(where),
  ]);
  return {
    rows: rows.map(({ movement, productName }) => ({ ...movement, productName })),
    total: counted?.total ?? 0,
  };
}

/**
 * The seq of a variant's last movement of on-hand (0 before any): what the CSV export calls its
 * stockVersion. Holds and releases leave on-hand alone, so they leave it alone too.
 */
// Written out by name: the subquery must name the outer query's stock row, not its own.
const onHandVersion = sql<number>`coalesce((
  select max(m.seq) from stock_movements m
  where m.product_id = "stock"."product_id" and m.variant = "stock"."variant" and m.change <> 0
), 0)::float8`;

export type VersionedStockRow = StockRow & { stockVersion: number };

/**
 * The stock rows of several products with their stockVersion (the CSV's export and import), in
 * one statement: the levels and the version are of the same moment.
 */
export async function findStockRowsOfProducts(
  db: Executor,
  productIds: readonly string[],
): Promise<VersionedStockRow[]> {
  if (!productIds.length) return [];
  const rows = await db
    .select({ row: stock, stockVersion: onHandVersion })
    .from(stock)
    .where(inArray(stock.productId, [...productIds]));
  return rows.map(({ row, stockVersion }) => ({ ...row, stockVersion: Number(stockVersion) }));
}

/** A variant's stockVersion now (see onHandVersion); read under the row's lock, it stays true. */
export async function findStockVersion(
  db: Executor,
  productId: string,
  variant: string,
): Promise<number> {
  const [row] = await db
    .select({ stockVersion: onHandVersion })
    .from(stock)
    .where(and(eq(stock.productId, productId), eq(stock.variant, variant)));
  return Number(row?.stockVersion ?? 0);
}

/**
 * Locks variants' rows with one statement per batch, in the lock order of inLockOrder (product
 * id, then variant by code points: hence the "C" collation).
 */
export async function lockStockRowsInOrder(
  tx: Executor,
  lines: readonly { productId: string; variant: string }[],
): Promise<void> {
  if (!lines.length) return;
  const pairs = sql.join(
    lines.map((line) => sql`(${line.productId}::uuid, ${line.variant})`),
    sql`, `,
  );
  await tx.execute(
    sql`select 1 from ${stock} where (${stock.productId}, ${stock.variant}) in (${pairs})
        order by ${stock.productId}, ${stock.variant} collate "C" for update`,
  );
}

/** A product's rows, locked until the transaction ends. */
export async function lockStockRows(tx: Executor, productId: string): Promise<StockRow[]> {
  return tx.select().from(stock).where(eq(stock.productId, productId)).for('update');
}

/** Removes a product's stock rows that have nothing on hand or held; answers how many went. */
export async function deleteEmptyStockRows(tx: Executor, productId: string): Promise<number> {
  const gone = await tx
    .delete(stock)
    .where(and(eq(stock.productId, productId), eq(stock.onHand, 0), eq(stock.held, 0)))
    .returning({ variant: stock.variant });
  return gone.length;
}

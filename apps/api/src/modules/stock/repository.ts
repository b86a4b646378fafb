import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
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

export async function findStockRow(
  db: Executor,
  productId: string,
  variant: string,
): Promise<StockRow | undefined> {
  const [row] = await db
    .select()
    .from(stock)
    .where(and(eq(stock.productId, productId), eq(stock.variant, variant)));
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

/** The stock rows of several products (the CSV's export and import). */
export async function findStockRowsOfProducts(
  db: Executor,
  productIds: readonly string[],
): Promise<StockRow[]> {
  if (!productIds.length) return [];
  return db
    .select()
    .from(stock)
    .where(inArray(stock.productId, [...productIds]));
}

/** A variant's row, locked until the transaction ends (a change computed from it stays right). */
export async function lockStockRow(
  tx: Executor,
  productId: string,
  variant: string,
): Promise<StockRow | undefined> {
  const [row] = await tx
    .select()
    .from(stock)
    .where(and(eq(stock.productId, productId), eq(stock.variant, variant)))
    .for('update');
  return row;
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

export async function updateThreshold(
  tx: Executor,
  productId: string,
  variant: string,
  threshold: number,
): Promise<StockRow | undefined> {
  const [row] = await tx
    .update(stock)
    .set({ lowStockThreshold: threshold })
    .where(and(eq(stock.productId, productId), eq(stock.variant, variant)))
    .returning();
  return row;
}

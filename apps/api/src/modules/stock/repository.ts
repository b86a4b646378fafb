import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { stock, stockMovements } from '../../db/schema';

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

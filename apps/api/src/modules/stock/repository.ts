import { and, asc, count, desc, eq, gt, inArray, lt, ne, not, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowOfTable, rowsOf } from '../../db/rows';
import { products, variants, stockMovements } from '../../db/schema';

/** The stock ledger's SQL: a variant's levels change only together with their movement row. */

export type StockRow = typeof variants.$inferSelect;
export type MovementRow = typeof stockMovements.$inferSelect;
export type NewMovement = Omit<typeof stockMovements.$inferInsert, 'id' | 'at' | 'seq'>;

/** A movement as the ledger writes it; the levels after it come from the guarded change. */
export type LevelMovement = Omit<NewMovement, 'onHandAfter' | 'heldAfter'>;

/**
 * Changes a variant's on-hand and held units and writes its stock_movements row (with the levels
 * after it), in one guarded statement: refused (undefined, nothing written) when the variant has
 * no stock row or the result would leave on-hand below zero or below what is held, or held below
 * zero. Concurrent changes of one variant queue on its row lock, so each sees the other's
 * result. One round trip: the checkout runs it per line (decision 055).
 */
export async function changeLevels(db: Executor, m: LevelMovement): Promise<StockRow | undefined> {
  const [raw] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`with changed as (
      update ${variants} set on_hand = on_hand + ${m.change}::int, held = held + ${m.heldChange}::int
      where product_id = ${m.productId} and key = ${m.variant}
        and held + ${m.heldChange}::int >= 0
        and on_hand + ${m.change}::int >= held + ${m.heldChange}::int
      returning *
    ), moved as (
      insert into ${stockMovements} (product_id, variant, change, held_change, reason, actor_id,
        actor_email, actor_name, order_id, note, on_hand_after, held_after)
      select product_id, key, ${m.change}::int, ${m.heldChange}::int, ${m.reason}::text,
        ${m.actorId ?? null}::uuid, ${m.actorEmail ?? null}::text, ${m.actorName ?? null}::text,
        ${m.orderId ?? null}::uuid, ${m.note ?? null}::text, on_hand, held
      from changed
    )
    select * from changed`),
  );
  return raw ? rowOfTable(variants, raw) : undefined;
}

/** Where each of the spec's variants stands among its product's (S/M, L, XL; A, B). */
const SPEC_POSITION: Record<string, number> = { 'S/M': 0, L: 1, XL: 2, A: 0, B: 1, total: 0 };

/**
 * Creates one of the spec's variants ('total', 'A', 'B', 'S/M', 'L', 'XL': its key is its option
 * value) at zero stock if it is missing; its units arrive as movements. Variants of any other
 * shape are created with their values by the catalog (decision 031).
 */
export async function ensureStockRow(
  db: Executor,
  productId: string,
  variant: string,
): Promise<void> {
  await db
    .insert(variants)
    .values({
      productId,
      key: variant,
      onHand: 0,
      optionValues: variant === 'total' ? [] : [variant],
      position: SPEC_POSITION[variant] ?? 0,
    })
    .onConflictDoNothing();
}

/** A product's variants with their stock, in the options' order. */
export async function findStockRows(db: Executor, productId: string): Promise<StockRow[]> {
  return db
    .select()
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.position), asc(variants.key));
}

/** A product's variant by its id. */
export async function findVariantById(
  db: Executor,
  productId: string,
  id: string,
): Promise<StockRow | undefined> {
  const [row] = await db
    .select()
    .from(variants)
    .where(and(eq(variants.productId, productId), eq(variants.id, id)));
  return row;
}

const stockRowQuery = (db: Executor, productId: string, variant: string) =>
  db
    .select()
    .from(variants)
    .where(and(eq(variants.productId, productId), eq(variants.key, variant)));

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
      productId: variants.productId,
      name: products.name,
      variant: variants.key,
      optionValues: variants.optionValues,
      available: variants.available,
      lowStockThreshold: variants.lowStockThreshold,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(lt(variants.available, variants.lowStockThreshold), ne(products.status, 'archived')))
    .orderBy(asc(variants.available), asc(products.name), asc(variants.key))
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
    .update(variants)
    .set({ lowStockThreshold: threshold })
    .where(and(eq(variants.productId, productId), eq(variants.key, variant)))
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
    .update(variants)
    .set({ lowStockAlerted: alerted })
    .where(
      and(
        eq(variants.productId, productId),
        eq(variants.key, variant),
        alerted
          ? and(not(variants.lowStockAlerted), lt(variants.available, variants.lowStockThreshold))
          : and(variants.lowStockAlerted, gt(variants.available, variants.lowStockThreshold)),
      ),
    )
    .returning({ productId: variants.productId });
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

export type MovementWithProduct = MovementRow & {
  productName: string;
  /** The variant's option values now ([] once it is gone or without options). */
  optionValues: string[] | null;
};

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
      .select({
        movement: stockMovements,
        productName: products.name,
        optionValues: variants.optionValues,
      })
      .from(stockMovements)
      .innerJoin(products, eq(products.id, stockMovements.productId))
      .leftJoin(
        variants,
        and(
          eq(variants.productId, stockMovements.productId),
          eq(variants.key, stockMovements.variant),
        ),
      )
      .where(where)
      .orderBy(desc(stockMovements.seq))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(stockMovements).where(where),
  ]);
  return {
    rows: rows.map(({ movement, productName, optionValues }) => ({
      ...movement,
      productName,
      optionValues,
    })),
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
  where m.product_id = "variants"."product_id" and m.variant = "variants"."key" and m.change <> 0
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
    .select({ row: variants, stockVersion: onHandVersion })
    .from(variants)
    .where(inArray(variants.productId, [...productIds]));
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
    .from(variants)
    .where(and(eq(variants.productId, productId), eq(variants.key, variant)));
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
    sql`select 1 from ${variants} where (${variants.productId}, ${variants.key}) in (${pairs})
        order by ${variants.productId}, ${variants.key} collate "C" for update`,
  );
}

/** A product's rows, locked until the transaction ends. */
export async function lockStockRows(tx: Executor, productId: string): Promise<StockRow[]> {
  return tx.select().from(variants).where(eq(variants.productId, productId)).for('update');
}

/** Removes a product's stock rows that have nothing on hand or held; answers how many went. */
export async function deleteEmptyStockRows(tx: Executor, productId: string): Promise<number> {
  const gone = await tx
    .delete(variants)
    .where(and(eq(variants.productId, productId), eq(variants.onHand, 0), eq(variants.held, 0)))
    .returning({ variant: variants.key });
  return gone.length;
}

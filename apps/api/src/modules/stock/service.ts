import type { Variant } from '@shop/shared/catalog';
import {
  choiceOfVariant,
  type LowStockVariant,
  type StockReason,
} from '@shop/shared/admin-catalog';
import type { Executor } from '../../db/client';
import type { AuditActor } from '../audit/service';
import {
  changeLevels,
  deleteEmptyStockRows,
  ensureStockRow,
  findStockRow,
  findLowStockRows,
  findStockRows,
  findStockRowsOfProducts,
  insertMovement,
  lockStockRow,
  lockStockRows,
  updateThreshold,
  type StockRow,
} from './repository';

/**
 * The stock ledger. Every change of a variant's on-hand or held units goes through `moveStock`,
 * which writes the change and its stock_movements row in the caller's transaction: a hold changes
 * only what is held, a sale turns held units into units gone from on-hand, a release gives held
 * units back, a restock or a delivery adds to on-hand.
 */

export interface Movement {
  productId: string;
  variant: Variant;
  /** Of on-hand; may be 0. */
  change: number;
  /** Of what open checkouts hold; may be 0. */
  heldChange: number;
  reason: StockReason;
  /** Who, for back-office changes; absent for checkouts and the system. */
  actor?: AuditActor | undefined;
  /** Which order, for holds, releases, sales and refund restocks. */
  orderId?: string | undefined;
  note?: string | undefined;
}

/** Applies a movement: answers the variant's new levels, or undefined when it was refused (see changeLevels). */
export async function moveStock(tx: Executor, movement: Movement): Promise<StockRow | undefined> {
  const row = await changeLevels(tx, movement);
  if (!row) return undefined;
  await insertMovement(tx, {
    productId: movement.productId,
    variant: movement.variant,
    change: movement.change,
    heldChange: movement.heldChange,
    reason: movement.reason,
    actorId: movement.actor?.user.id ?? null,
    actorEmail: movement.actor?.user.email ?? null,
    actorName: movement.actor?.user.name ?? null,
    orderId: movement.orderId ?? null,
    note: movement.note ?? null,
    onHandAfter: row.onHand,
    heldAfter: row.held,
  });
  return row;
}

export interface OrderUnits {
  productId: string;
  variant: Variant;
  qty: number;
  orderId: string;
}

/** A checkout takes qty units if that many are available; false (nothing changed) otherwise. */
export async function holdUnits(tx: Executor, units: OrderUnits): Promise<boolean> {
  const row = await moveStock(tx, {
    ...units,
    change: 0,
    heldChange: units.qty,
    reason: 'hold',
  });
  return row !== undefined;
}

/** An unpaid order's held units become available again. */
export async function releaseUnits(tx: Executor, units: OrderUnits): Promise<void> {
  await moveStock(tx, { ...units, change: 0, heldChange: -units.qty, reason: 'release' });
}

/** A paid order's held units leave the shop. */
export async function sellUnits(tx: Executor, units: OrderUnits): Promise<void> {
  await moveStock(tx, { ...units, change: -units.qty, heldChange: -units.qty, reason: 'sale' });
}

/** A refund's units come back on hand. */
export async function restockRefundedUnits(
  tx: Executor,
  units: OrderUnits & { actor?: AuditActor | undefined },
): Promise<void> {
  await moveStock(tx, { ...units, change: units.qty, heldChange: 0, reason: 'refund_restock' });
}

/** A new product's stock rows, each variant's opening units written as an `import` movement. */
export async function openStock(
  tx: Executor,
  productId: string,
  levels: Partial<Record<Variant, number>>,
  note: string,
  actor?: AuditActor,
): Promise<void> {
  for (const [variant, units] of Object.entries(levels) as [Variant, number | undefined][]) {
    await ensureStockRow(tx, productId, variant);
    if (units)
      await moveStock(tx, {
        productId,
        variant,
        change: units,
        heldChange: 0,
        reason: 'import',
        actor,
        note,
      });
  }
}

/** What can be bought of a variant now (0 when it has no stock row). */
export async function availableUnits(
  db: Executor,
  productId: string,
  variant: Variant,
): Promise<number> {
  return (await findStockRow(db, productId, variant))?.available ?? 0;
}

/** A product's stock rows (every variant it has). */
export function stockOfProduct(db: Executor, productId: string): Promise<StockRow[]> {
  return findStockRows(db, productId);
}

/** The stock rows of several products. */
export function stockOfProducts(db: Executor, productIds: readonly string[]): Promise<StockRow[]> {
  return findStockRowsOfProducts(db, productIds);
}

/**
 * Gives a product other variants (its sizes or options changed): allowed only while every
 * variant has nothing on hand and nothing held; then the old rows go and the new ones start at 0.
 * Answers false (nothing changed) otherwise. The rows are locked first, so a checkout holding
 * one at the same time either goes first (and this answers false) or finds no row (and fails).
 */
export async function reshapeStock(
  tx: Executor,
  productId: string,
  variants: readonly Variant[],
): Promise<boolean> {
  const rows = await lockStockRows(tx, productId);
  if (rows.some((row) => row.onHand !== 0 || row.held !== 0)) return false;
  await deleteEmptyStockRows(tx, productId);
  for (const variant of variants) await ensureStockRow(tx, productId, variant);
  return true;
}

/**
 * Sets a variant's on-hand to `target` (a CSV import's count) with one `import` movement of the
 * difference, none when it is already there. Undefined (nothing changed) when the variant has no
 * stock row or `target` is below what open checkouts hold.
 */
export async function setOnHandByImport(
  tx: Executor,
  change: { productId: string; variant: Variant; target: number; actor?: AuditActor | undefined },
): Promise<StockRow | undefined> {
  const row = await lockStockRow(tx, change.productId, change.variant);
  if (!row) return undefined;
  if (row.onHand === change.target) return row;
  return moveStock(tx, {
    productId: change.productId,
    variant: change.variant,
    change: change.target - row.onHand,
    heldChange: 0,
    reason: 'import',
    actor: change.actor,
    note: 'CSV import',
  });
}

/** A variant's low-stock threshold; undefined when the variant has no stock row. */
export function setThreshold(
  tx: Executor,
  productId: string,
  variant: Variant,
  threshold: number,
): Promise<StockRow | undefined> {
  return updateThreshold(tx, productId, variant, threshold);
}

/** The summary's list of variants below their threshold (at most 50, emptiest first). */
export async function lowStockVariants(db: Executor): Promise<LowStockVariant[]> {
  const rows = await findLowStockRows(db, 50);
  return rows.map((row) => ({
    product: row.productId,
    name: row.name,
    ...choiceOfVariant(row.variant as Variant),
    available: row.available,
    lowStockThreshold: row.lowStockThreshold,
  }));
}

import type { Variant } from '@shop/shared/catalog';
import {
  ADMIN_CATALOG_MESSAGES,
  STOCK_MOVEMENTS_PAGE_SIZE,
  choiceOfVariant,
  variantsOf,
  type LowStockVariant,
  type StockAdjustRequest,
  type StockMovement,
  type StockMovementsQuery,
  type StockMovementsResponse,
  type StockReason,
  type StockThresholdRequest,
  type VariantStock,
  type VariantStockResponse,
} from '@shop/shared/admin-catalog';
import { variantTitle } from '@shop/shared/variants';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../errors';
import { pageCounts, pageWindow } from '../../lib/search';
import { recordAudit, type AuditActor } from '../audit/service';
import { ownersToNotify } from '../back-office/service';
import { enqueueMail } from '../mail/service';
import { lowStockMail, variantLabel, type LowStockMailSettings } from './low-stock-mail';
import {
  changeLevels,
  ensureStockRow,
  findLowStockRows,
  findProductShape,
  findStockRow,
  findStockRowForUpdate,
  findStockRows,
  findStockRowsOfProducts,
  findStockVersion,
  findVariantById,
  listMovementRows,
  markLowStock,
  deleteEmptyStockRows,
  lockStockRows,
  lockStockRowsInOrder,
  updateThreshold,
  type MovementWithProduct,
  type ProductShape,
  type StockRow,
  type VersionedStockRow,
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

/**
 * Applies a movement: answers the variant's new levels, or undefined when it was refused (see
 * changeLevels). A movement that lowers what is available below the threshold mails the owners
 * once (see followLowStock), with the app's `lowStockMail` links.
 */
export function moveStock(
  tx: Executor,
  movement: Movement,
  lowStockMail: LowStockMailSettings,
): Promise<StockRow | undefined> {
  return applyMovement(tx, movement, lowStockMail);
}

/**
 * moveStock, for this file's movements: those that can lower what is available pass the links;
 * those that cannot (a release, a sale of held units, a restock, opening stock) mail nobody.
 */
async function applyMovement(
  tx: Executor,
  movement: Movement,
  lowStockMail?: LowStockMailSettings,
): Promise<StockRow | undefined> {
  const row = await changeLevels(tx, {
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
  });
  if (!row) return undefined;
  return followLowStock(tx, row, movement.change - movement.heldChange < 0, lowStockMail);
}

/**
 * The low-stock rule, on a variant's row just changed (and locked) by this transaction: when
 * available fell below the threshold and no mail has gone since it was last above it, each owner
 * gets one mail; once available is above the threshold again, the mark is cleared so that a
 * later fall mails again. A raised threshold counts as a fall. Answers the row as it is now.
 */
async function followLowStock(
  tx: Executor,
  row: StockRow,
  fell: boolean,
  lowStockMail: LowStockMailSettings | undefined,
): Promise<StockRow> {
  if (row.lowStockAlerted && row.available > row.lowStockThreshold) {
    await markLowStock(tx, row.productId, row.key, false);
    return { ...row, lowStockAlerted: false };
  }
  if (!fell || row.lowStockAlerted || row.available >= row.lowStockThreshold) return row;
  if (!(await markLowStock(tx, row.productId, row.key, true))) return row;
  const product = await findProductShape(tx, row.productId);
  // An archived product is sold no more (the summary leaves it out too).
  if (product && product.status !== 'archived') await mailOwners(tx, product, row, lowStockMail);
  return { ...row, lowStockAlerted: true };
}

async function mailOwners(
  tx: Executor,
  product: ProductShape,
  row: StockRow,
  settings: LowStockMailSettings | undefined,
): Promise<void> {
  if (!settings)
    throw new Error('A movement that lowers availability needs the low-stock mail links');
  const alert = {
    productId: product.id,
    productName: product.name,
    variant: row.key,
    optionValues: row.optionValues,
    available: row.available,
    onHand: row.onHand,
    held: row.held,
    threshold: row.lowStockThreshold,
  };
  for (const owner of await ownersToNotify(tx))
    await enqueueMail(tx, lowStockMail(owner, alert, settings));
}

/**
 * Lines in the one order every transaction locks stock rows in (product, then variant): two
 * transactions that move several variants (checkouts, payments, expiries, refunds) then never
 * wait on each other's rows in a cycle. Call the per-line functions below in this order.
 */
export function inLockOrder<T extends { productId: string; variant: string }>(lines: T[]): T[] {
  const key = (line: T) => `${line.productId}:${line.variant}`;
  return [...lines].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

export interface OrderUnits {
  productId: string;
  variant: Variant;
  qty: number;
  orderId: string;
}

/** A checkout takes qty units if that many are available; false (nothing changed) otherwise. */
export async function holdUnits(
  tx: Executor,
  units: OrderUnits,
  lowStockMail: LowStockMailSettings,
): Promise<boolean> {
  const row = await applyMovement(
    tx,
    {
      ...units,
      change: 0,
      heldChange: units.qty,
      reason: 'hold',
    },
    lowStockMail,
  );
  return row !== undefined;
}

/**
 * An order's held units move on (released, or sold). They were held by this order, so the ledger
 * cannot refuse it unless the books are wrong: then the transaction fails loudly instead of
 * letting stock drift from its ledger.
 */
async function moveHeldUnits(tx: Executor, movement: Movement): Promise<void> {
  if (!(await applyMovement(tx, movement)))
    throw new Error(
      `stock ledger refused a ${movement.reason} of order ${movement.orderId ?? '?'}: ${movement.productId} ${movement.variant} holds fewer units than the order`,
    );
}

/** An unpaid order's held units become available again. */
export async function releaseUnits(tx: Executor, units: OrderUnits): Promise<void> {
  await moveHeldUnits(tx, { ...units, change: 0, heldChange: -units.qty, reason: 'release' });
}

/** A paid order's held units leave the shop. */
export async function sellUnits(tx: Executor, units: OrderUnits): Promise<void> {
  await moveHeldUnits(tx, {
    ...units,
    change: -units.qty,
    heldChange: -units.qty,
    reason: 'sale',
  });
}

/** A refund's units come back on hand. */
export async function restockRefundedUnits(
  tx: Executor,
  units: OrderUnits & { actor?: AuditActor | undefined },
): Promise<void> {
  await applyMovement(tx, { ...units, change: units.qty, heldChange: 0, reason: 'refund_restock' });
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
      await applyMovement(tx, {
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

/** The summary's list of variants below their threshold (at most 50, emptiest first). */
export async function lowStockVariants(db: Executor): Promise<LowStockVariant[]> {
  const rows = await findLowStockRows(db, 50);
  return rows.map((row) => ({
    product: row.productId,
    name: row.name,
    ...choiceOfVariant(row.variant),
    variantTitle: variantTitle(row.optionValues),
    available: row.available,
    lowStockThreshold: row.lowStockThreshold,
  }));
}

// The back office's side of the ledger: adjustments, thresholds, the movement history, and what
// the products module (its editor and the CSV import) uses.

/**
 * What the stock routes need: the database, the low-stock mail's links (this app's, never another
 * app's in the same process), and the hooks to call once a change has committed.
 */
export interface StockContext extends LowStockMailSettings {
  db: Database;
  wakeMail(): void;
  /** Stock changed: catalog answers of this process should be fresh. */
  onStockChanged(): void;
}

const variantNotFound = () => new AppError('not_found', ADMIN_CATALOG_MESSAGES.variantNotFound);

/**
 * The product and the variant a request names: by its id, or (the spec's shapes) by size and
 * option; 404 when the product has no such variant.
 */
async function chosenVariant(
  db: Executor,
  choice: Pick<StockAdjustRequest, 'product' | 'size' | 'option' | 'variant'>,
): Promise<{ product: ProductShape; variant: Variant; optionValues?: string[] }> {
  const product = await findProductShape(db, choice.product);
  if (!product) throw new AppError('not_found', ADMIN_CATALOG_MESSAGES.productNotFound);
  if (choice.variant !== undefined) {
    const row = await findVariantById(db, product.id, choice.variant);
    if (!row) throw variantNotFound();
    return { product, variant: row.key, optionValues: row.optionValues };
  }
  const variant = variantsOf(product).find((candidate) => {
    const { size, option } = choiceOfVariant(candidate);
    return size === choice.size && option === choice.option;
  });
  if (!variant) throw variantNotFound();
  return { product, variant };
}

function toVariantStock(row: StockRow): VariantStock {
  return {
    variant: row.id,
    title: variantTitle(row.optionValues),
    ...choiceOfVariant(row.key),
    onHand: row.onHand,
    held: row.held,
    available: row.available,
    lowStockThreshold: row.lowStockThreshold,
  };
}

const toVariantStockResponse = (row: StockRow): VariantStockResponse => ({
  product: row.productId,
  ...toVariantStock(row),
});

/** Why a guarded change of on-hand was refused: it would go below zero, or below what is held. */
async function refusal(tx: Executor, productId: string, variant: Variant, change: number) {
  const row = await findStockRow(tx, productId, variant);
  if (!row) return variantNotFound();
  return new AppError(
    'conflict',
    row.onHand + change < 0
      ? ADMIN_CATALOG_MESSAGES.belowZero
      : ADMIN_CATALOG_MESSAGES.belowHeld(row.held),
  );
}

/**
 * POST /api/admin/stock/adjust (owner or staff): a delivery, a count's correction, damaged or
 * returned units, as a movement with its author and note, audited in the same transaction. 409
 * when on-hand would go below zero or below what open checkouts hold (one guarded UPDATE decides,
 * so two adjustments at once cannot both pass).
 */
export async function adjustStock(
  ctx: StockContext,
  request: StockAdjustRequest,
  actor: AuditActor,
): Promise<VariantStockResponse> {
  const row = await ctx.db.transaction(async (tx) => {
    const { product, variant, optionValues } = await chosenVariant(tx, request);
    await ensureStockRow(tx, product.id, variant);
    const moved = await applyMovement(
      tx,
      {
        productId: product.id,
        variant,
        change: request.change,
        heldChange: 0,
        reason: request.reason,
        actor,
        note: request.note || undefined,
      },
      ctx,
    );
    if (!moved) throw await refusal(tx, product.id, variant, request.change);
    const signed = request.change > 0 ? `+${request.change}` : String(request.change);
    await recordAudit(tx, actor, {
      action: 'stock.adjusted',
      productId: product.id,
      summary: `Stock ${signed} (${request.reason}) of ${product.name}${variantLabel(variant, optionValues)}: on hand ${moved.onHand}${request.note ? `. ${request.note}` : ''}`,
    });
    return moved;
  });
  ctx.onStockChanged();
  ctx.wakeMail();
  return toVariantStockResponse(row);
}

/**
 * PUT /api/admin/stock/threshold (owner or staff), audited. A threshold raised above what is
 * available mails the owners as a fall would; one lowered below it ends the low-stock state.
 */
export async function setLowStockThreshold(
  ctx: StockContext,
  request: StockThresholdRequest,
  actor: AuditActor,
): Promise<VariantStockResponse> {
  const row = await ctx.db.transaction(async (tx) => {
    const { product, variant, optionValues } = await chosenVariant(tx, request);
    await ensureStockRow(tx, product.id, variant);
    const before = await findStockRowForUpdate(tx, product.id, variant);
    const updated = await updateThreshold(tx, product.id, variant, request.threshold);
    if (!before || !updated) throw variantNotFound();
    await recordAudit(tx, actor, {
      action: 'stock.threshold_set',
      productId: product.id,
      summary: `Low-stock threshold of ${product.name}${variantLabel(variant, optionValues)} set to ${request.threshold} (was ${before.lowStockThreshold})`,
    });
    return followLowStock(tx, updated, request.threshold > before.lowStockThreshold, ctx);
  });
  ctx.wakeMail();
  return toVariantStockResponse(row);
}

function toStockMovement(row: MovementWithProduct): StockMovement {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    product: row.productId,
    productName: row.productName,
    ...choiceOfVariant(row.variant),
    variantTitle: variantTitle(row.optionValues ?? []),
    change: row.change,
    heldChange: row.heldChange,
    reason: row.reason as StockReason,
    actor:
      row.actorId === null
        ? 'system'
        : { _id: row.actorId, email: row.actorEmail ?? '', name: row.actorName ?? '' },
    orderId: row.orderId,
    note: row.note,
    onHandAfter: row.onHandAfter,
    heldAfter: row.heldAfter,
  };
}

/** GET /api/admin/stock/movements?product=&page=: newest first, of one product or of all. */
export async function listStockMovements(
  db: Executor,
  query: StockMovementsQuery,
): Promise<StockMovementsResponse> {
  const { rows, total } = await listMovementRows(db, {
    productId: query.product,
    ...pageWindow(query.page, STOCK_MOVEMENTS_PAGE_SIZE),
  });
  return {
    movements: rows.map(toStockMovement),
    ...pageCounts(query.page, total, STOCK_MOVEMENTS_PAGE_SIZE),
  };
}

/** A product's variants with their stock, in the options' order; [] for an unknown product. */
export async function variantStockOf(db: Executor, productId: string): Promise<VariantStock[]> {
  return (await findStockRows(db, productId)).map(toVariantStock);
}

/** Creates the stock rows a product's variants lack, at zero (their units arrive as movements). */
export async function ensureVariants(
  tx: Executor,
  productId: string,
  variants: readonly Variant[],
): Promise<void> {
  for (const variant of variants) await ensureStockRow(tx, productId, variant);
}

/**
 * The CSV import's stock column, in the import's transaction: an `import` movement of the
 * difference when on-hand is not already `target` (the row stays locked until the import ends).
 * Refused like an adjustment (409) below what open checkouts hold, and (409) when on-hand has
 * moved since the file's stockVersion (a sale between the import's check and this lock). Answers whether it moved.
 */
export async function setOnHandByImport(
  tx: Executor,
  input: {
    productId: string;
    variant: Variant;
    target: number;
    /** The file's stockVersion, and the refusal should on-hand have moved since. */
    since?: { stockVersion: number; moved: string } | undefined;
    actor?: AuditActor | undefined;
  },
  lowStockMail: LowStockMailSettings,
): Promise<boolean> {
  await ensureStockRow(tx, input.productId, input.variant);
  const row = await findStockRowForUpdate(tx, input.productId, input.variant);
  if (!row) throw variantNotFound();
  if (input.target === row.onHand) return false;
  const { since } = input;
  if (since && since.stockVersion !== (await findStockVersion(tx, input.productId, input.variant)))
    throw new AppError('conflict', since.moved);
  if (input.target < 0) throw new AppError('conflict', ADMIN_CATALOG_MESSAGES.belowZero);
  if (input.target < row.held)
    throw new AppError('conflict', ADMIN_CATALOG_MESSAGES.belowHeld(row.held));
  const moved = await applyMovement(
    tx,
    {
      productId: input.productId,
      variant: input.variant,
      change: input.target - row.onHand,
      heldChange: 0,
      reason: 'import',
      actor: input.actor,
      note: 'CSV import',
    },
    lowStockMail,
  );
  if (!moved) throw await refusal(tx, input.productId, input.variant, input.target - row.onHand);
  return true;
}

/** The stock rows of several products with their stockVersion (the CSV's export and import). */
export function stockOfProducts(
  db: Executor,
  productIds: readonly string[],
): Promise<VersionedStockRow[]> {
  return findStockRowsOfProducts(db, productIds);
}

const LOCK_BATCH = 200;

/**
 * Locks variants' rows in the lock order (see inLockOrder), a batch of rows per statement, so
 * that a transaction that then changes several of them in another order (a CSV import) never
 * waits in a cycle with a checkout, and takes its locks in a few round trips.
 */
export async function lockVariants(
  tx: Executor,
  lines: { productId: string; variant: Variant }[],
): Promise<void> {
  const ordered = inLockOrder(lines);
  for (let start = 0; start < ordered.length; start += LOCK_BATCH)
    await lockStockRowsInOrder(tx, ordered.slice(start, start + LOCK_BATCH));
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
  await ensureVariants(tx, productId, variants);
  return true;
}

/**
 * A variant's low-stock threshold, in the caller's transaction (the CSV import), with the
 * low-stock rule applied as PUT /api/admin/stock/threshold does; undefined without a stock row.
 */
export async function setThreshold(
  tx: Executor,
  productId: string,
  variant: Variant,
  threshold: number,
  lowStockMail: LowStockMailSettings,
): Promise<StockRow | undefined> {
  const before = await findStockRowForUpdate(tx, productId, variant);
  const updated = await updateThreshold(tx, productId, variant, threshold);
  if (!before || !updated) return undefined;
  return followLowStock(tx, updated, threshold > before.lowStockThreshold, lowStockMail);
}

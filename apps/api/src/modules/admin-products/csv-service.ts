import { setTimeout as delay } from 'node:timers/promises';
import {
  ADMIN_CATALOG_MESSAGES,
  DEFAULT_LOW_STOCK_THRESHOLD,
  choiceOfVariant,
  variantsOf,
  type ImportChange,
  type ImportRejected,
  type ImportResult,
} from '@shop/shared/admin-catalog';
import type { Variant } from '@shop/shared/catalog';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/database-errors';
import { invalid } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/service';
import {
  allProductsByHandle,
  createProductRow,
  productsByHandles,
  updateProductFields,
  type ProductFields,
  type ProductRow,
} from '../catalog/admin-service';
import {
  openStock,
  lockVariants,
  reshapeStock,
  setOnHandByImport,
  setThreshold,
  stockOfProducts,
} from '../stock/service';
import type { LowStockMailSettings } from '../stock/low-stock-mail';
import {
  formatCatalogCsv,
  formatPrice,
  mergeRowErrors,
  readCatalogCsv,
  UnreadableCsv,
  type CsvRecord,
  type ImportGroup,
  type RowError,
} from './csv';
import { sanitizeDescription } from './description';
import { tryImportLock } from './repository';
import {
  changedFields,
  conflict,
  fieldLabel,
  shapeChanged,
  variantRank,
  type AdminProductsContext,
} from './service';

type StockRows = Awaited<ReturnType<typeof stockOfProducts>>;

function stockByProduct(rows: StockRows) {
  const byProduct = new Map<string, Map<string, StockRows[number]>>();
  for (const row of rows) {
    const variants = byProduct.get(row.productId) ?? new Map();
    variants.set(row.key, row);
    byProduct.set(row.productId, variants);
  }
  return byProduct;
}

/** The image URLs of a product, each once: main, gallery, option A, option B. */
function imageUrls(product: ProductRow): string {
  const urls = [
    product.image,
    ...product.images,
    ...product.imagesOptionA,
    ...product.imagesOptionB,
  ];
  return [...new Set(urls.filter(Boolean))].join('|');
}

/** GET /api/admin/products.csv: every product in any status, one row per variant, by handle. */
export async function exportCatalogCsv(db: Executor): Promise<string> {
  const products = await allProductsByHandle(db);
  const stock = stockByProduct(
    await stockOfProducts(
      db,
      products.map((product) => product.id),
    ),
  );
  const records: CsvRecord[] = products.flatMap((product) =>
    [...variantsOf(product)]
      .sort((a, b) => variantRank(a) - variantRank(b))
      .map((variant) => {
        const row = stock.get(product.id)?.get(variant);
        return {
          handle: product.handle,
          name: product.name,
          category: product.category,
          price: formatPrice(product.priceCents),
          status: product.status,
          hasSize: String(product.hasSize),
          hasAandB: String(product.hasAandB),
          ...choiceOfVariant(variant),
          stock: String(row?.onHand ?? 0),
          stockVersion: String(row?.stockVersion ?? 0),
          lowStockThreshold: String(row?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD),
          description: product.descriptionHtml,
          images: imageUrls(product),
        };
      }),
  );
  return formatCatalogCsv(records);
}

/** What the import does to one product. */
interface ProductPlan {
  group: ImportGroup;
  fields: ProductFields;
  current: ProductRow | undefined;
  changed: (keyof ProductFields)[];
  reshape: boolean;
  /** `since`: the file's stockVersion of an existing variant, checked again under its lock. */
  stock: { variant: Variant; target: number; since?: number | undefined }[];
  thresholds: { variant: Variant; threshold: number }[];
  /** The fields that change, as the preview names them: 'price', 'stock S/M', 'threshold L'. */
  labels: string[];
}

/** A variant in the words of the CSV: 'size S/M', 'option A'; a product of one variant: ''. */
function variantWords(variant: Variant): string {
  const { size, option } = choiceOfVariant(variant);
  return size !== 'NA' ? `size ${size}` : option !== 'NA' ? `option ${option}` : '';
}

const stockMoved = (product: ProductRow, variant: Variant) =>
  ADMIN_CATALOG_MESSAGES.stockMoved(product.name, variantWords(variant));

/** 'stock S/M', 'threshold A'; a product without sizes or options has just 'stock'. */
function variantField(kind: 'stock' | 'threshold', variant: Variant): string {
  return variant === 'total' ? kind : `${kind} ${variant}`;
}

/**
 * Compares the file's products with the catalog: what each row would change, plus the errors only
 * the catalog can show (stock below what checkouts hold, sizes changed while there is stock).
 */
async function planImport(
  db: Executor,
  groups: ImportGroup[],
  errors: RowError[],
): Promise<ProductPlan[]> {
  const existing = new Map(
    (
      await productsByHandles(
        db,
        groups.map((group) => group.handle),
      )
    ).map((row) => [row.handle, row]),
  );
  const stock = stockByProduct(
    await stockOfProducts(
      db,
      [...existing.values()].map((row) => row.id),
    ),
  );
  const plans: ProductPlan[] = [];
  for (const group of groups) {
    const current = existing.get(group.handle);
    const fields: ProductFields = {
      handle: group.handle,
      status: group.product.status,
      name: group.product.name,
      category: group.product.category,
      descriptionHtml: sanitizeDescription(group.product.description),
      priceCents: group.product.priceCents,
      hasSize: group.product.hasSize,
      hasAandB: group.product.hasAandB,
    };
    const changed = current ? changedFields(current, fields) : [];
    const reshape = current !== undefined && shapeChanged(current, fields);
    const rows = current ? stock.get(current.id) : undefined;
    if (reshape && [...(rows?.values() ?? [])].some((row) => row.onHand || row.held)) {
      errors.push({ row: group.row, message: ADMIN_CATALOG_MESSAGES.shapeChangeWithStock });
      continue;
    }
    const plan: ProductPlan = {
      group,
      fields,
      current,
      changed,
      reshape,
      stock: [],
      thresholds: [],
      labels: changed.map(fieldLabel),
    };
    for (const variant of group.variants) {
      const row = reshape ? undefined : rows?.get(variant.variant);
      const held = row?.held ?? 0;
      const onHand = row?.onHand ?? 0;
      // An empty stock cell leaves on-hand as it is (a new product's starts at 0).
      const target = variant.stock ?? (current ? onHand : 0);
      if (target < held)
        errors.push({ row: variant.row, message: ADMIN_CATALOG_MESSAGES.belowHeld(held) });
      // The file's count was read before the variant's last movement of on-hand (a sale, a
      // delivery): setting it would undo that movement. A file without a version is a count as
      // of now (docs/decisions/024-catalog-import-stock-and-turns.md).
      const since = current && !reshape ? variant.stockVersion : undefined;
      if (current && since !== undefined && target !== onHand && since !== (row?.stockVersion ?? 0))
        errors.push({ row: variant.row, message: stockMoved(current, variant.variant) });
      if (target !== onHand || !current) {
        plan.stock.push({ variant: variant.variant, target, since });
        if (current) plan.labels.push(variantField('stock', variant.variant));
      }
      if (variant.lowStockThreshold !== (row?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD)) {
        plan.thresholds.push({ variant: variant.variant, threshold: variant.lowStockThreshold });
        if (current) plan.labels.push(variantField('threshold', variant.variant));
      }
    }
    plans.push(plan);
  }
  return plans;
}

const actionOf = (plan: ProductPlan): ImportChange['action'] =>
  !plan.current ? 'create' : plan.labels.length ? 'update' : 'unchanged';

function resultOf(plans: ProductPlan[], dryRun: boolean): ImportResult {
  const changes = plans.map((plan) => ({
    handle: plan.fields.handle,
    name: plan.fields.name,
    action: actionOf(plan),
    fields: plan.labels,
  }));
  const counted = (action: ImportChange['action']) =>
    changes.filter((change) => change.action === action).length;
  return {
    created: counted('create'),
    updated: counted('update'),
    unchanged: counted('unchanged'),
    errors: [],
    changes,
    dryRun,
  };
}

/**
 * Writes the plans (in the import's one transaction): products first, then stock. Checkouts read
 * products without locks but lock stock rows, so the stock rows are locked last, in the lock
 * order and a batch per statement, and checkouts of those variants wait only for that last part.
 */
async function applyImport(
  tx: Executor,
  plans: ProductPlan[],
  actor: AuditActor,
  lowStockMail: LowStockMailSettings,
) {
  const written: { plan: ProductPlan; productId: string }[] = [];
  for (const plan of plans) {
    if (actionOf(plan) === 'unchanged') continue;
    if (!plan.current) {
      const productId = (await createProductRow(tx, plan.fields)).id;
      const levels = Object.fromEntries(plan.stock.map((level) => [level.variant, level.target]));
      await openStock(tx, productId, levels, 'CSV import', actor);
      written.push({ plan, productId });
      continue;
    }
    const productId = plan.current.id;
    if (plan.changed.length)
      await updateProductFields(
        tx,
        productId,
        Object.fromEntries(plan.changed.map((field) => [field, plan.fields[field]])),
      );
    if (plan.reshape && !(await reshapeStock(tx, productId, variantsOf(plan.fields))))
      throw conflict(`${plan.fields.handle}: ${ADMIN_CATALOG_MESSAGES.shapeChangeWithStock}`);
    written.push({ plan, productId });
  }
  await lockVariants(
    tx,
    written.flatMap(({ plan, productId }) =>
      [...plan.stock, ...plan.thresholds].map(({ variant }) => ({ productId, variant })),
    ),
  );
  for (const { plan, productId } of written) {
    const { current } = plan;
    // The plan saw enough; if a checkout held more since, or a sale moved on-hand since the
    // file's version, this answers 409 and the whole import is refused.
    if (current)
      for (const { since, ...level } of plan.stock)
        await setOnHandByImport(
          tx,
          {
            productId,
            ...level,
            since:
              since === undefined
                ? undefined
                : { stockVersion: since, moved: stockMoved(current, level.variant) },
            actor,
          },
          lowStockMail,
        );
    for (const { variant, threshold } of plan.thresholds)
      await setThreshold(tx, productId, variant, threshold, lowStockMail);
  }
}

const IMPORT_LOCK_POLL_MS = 100;

/**
 * Runs an import's transaction once no other import runs (one advisory lock for every API
 * process): each try is a short transaction of its own, so a waiting import holds no connection
 * between tries. Past `waitMs`: 409, never a timeout's 503.
 */
async function oneImportAtATime<T>(
  ctx: AdminProductsContext,
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  const giveUpAt = Date.now() + ctx.importWaitMs;
  for (;;) {
    const done = await ctx.db.transaction(async (tx) =>
      (await tryImportLock(tx)) ? { value: await work(tx) } : undefined,
    );
    if (done) return done.value;
    const left = giveUpAt - Date.now();
    if (left <= 0) throw conflict(ADMIN_CATALOG_MESSAGES.importBusy);
    await delay(Math.min(IMPORT_LOCK_POLL_MS, left));
  }
}

export type ImportOutcome =
  { status: 200; body: ImportResult } | { status: 422; body: ImportRejected };

/**
 * POST /api/admin/products/import: the whole file or nothing. Every row is checked first and
 * every bad one reported (422); otherwise, unless it is a dry run, the products are created and
 * updated, stock set by `import` movements and thresholds set, in one transaction with one audit
 * row. A dry run answers what the import would do and writes nothing.
 */
export async function importCatalogCsv(
  ctx: AdminProductsContext,
  body: Buffer | string,
  options: { dryRun: boolean },
  actor: AuditActor,
): Promise<ImportOutcome> {
  let read: ReturnType<typeof readCatalogCsv>;
  try {
    read = readCatalogCsv(body);
  } catch (error) {
    if (error instanceof UnreadableCsv) throw invalid(error.message);
    throw error;
  }
  const { dryRun } = options;
  let applied = false;
  const run = async (db: Executor): Promise<ImportOutcome> => {
    const errors = [...read.errors];
    const plans = await planImport(db, read.groups, errors);
    const bad = mergeRowErrors(errors);
    if (bad.length)
      return {
        status: 422,
        body: {
          message: ADMIN_CATALOG_MESSAGES.importRejected(bad.length),
          created: 0,
          updated: 0,
          unchanged: 0,
          errors: bad,
          changes: [],
          dryRun,
        },
      };
    const result = resultOf(plans, dryRun);
    if (dryRun) return { status: 200, body: result };
    await applyImport(db, plans, actor, ctx.lowStockMail);
    await recordAudit(db, actor, {
      action: 'products.imported',
      summary: `CSV import: ${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged`,
    });
    applied = true;
    return { status: 200, body: result };
  };
  try {
    const outcome =
      dryRun || read.errors.length ? await run(ctx.db) : await oneImportAtATime(ctx, run);
    if (applied) ctx.onCatalogChanged();
    return outcome;
  } catch (error) {
    // Another write created one of the file's handles since the plan looked.
    if (isUniqueViolation(error)) throw conflict(ADMIN_CATALOG_MESSAGES.handleTaken);
    throw error;
  }
}

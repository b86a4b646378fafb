import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  ADMIN_CATALOG_MESSAGES,
  CSV_COLUMNS,
  DEFAULT_LOW_STOCK_THRESHOLD,
  type ImportChange,
  type ImportDiff,
  type ImportRejected,
  type ImportResult,
  type ProductStatus,
} from '@shop/shared/admin-catalog';
import { productVariantsWriteSchema, type ProductVariantsWrite } from '@shop/shared/admin-variants';
import type { ProductOption, Variant } from '@shop/shared/catalog';
import { formatPrice as formatDollars, toCents } from '@shop/shared/money';
import { variantTitle } from '@shop/shared/variants';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/database-errors';
import { invalid } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/service';
import {
  allProductsByHandle,
  createProductRow,
  findSkusOfOtherProducts,
  lockVariantRows,
  productsByHandles,
  updateProductFields,
  type ProductFields,
  type ProductRow,
} from '../catalog/admin-service';
import { lockVariants, setOnHandByImport, setThreshold, stockOfProducts } from '../stock/service';
import type { LowStockMailSettings } from '../stock/low-stock-mail';
import {
  CSV_MESSAGES,
  DEFAULT_TITLE,
  SHOPIFY_STATUS,
  formatCatalogCsv,
  formatPrice,
  mergeRowErrors,
  readCatalogCsv,
  UnreadableCsv,
  type CsvRecord,
  type ImportGroup,
  type ImportVariant,
  type RowError,
} from './csv';
import { sanitizeDescription } from './description';
import { tryImportLock } from './repository';
import { changedFields, conflict, fieldLabel, type AdminProductsContext } from './service';
import { writeVariantsInTransaction } from './variants';

type StockRows = Awaited<ReturnType<typeof stockOfProducts>>;
type StockRow = StockRows[number];

/** Each product's variant rows (with their stock and stockVersion), in the options' order. */
function stockByProduct(rows: StockRows) {
  const byProduct = new Map<string, StockRow[]>();
  for (const row of rows)
    byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  for (const variants of byProduct.values())
    variants.sort(
      (a, b) => a.position - b.position || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    );
  return byProduct;
}

/** The image URLs of a product, each once: main, gallery, option A, option B. */
function imageUrls(product: ProductRow): string[] {
  const urls = [
    product.image,
    ...product.images,
    ...product.imagesOptionA,
    ...product.imagesOptionB,
  ];
  return [...new Set(urls.filter(Boolean))];
}

const EMPTY_RECORD = Object.fromEntries(CSV_COLUMNS.map((column) => [column, ''])) as CsvRecord;
const cents = (value: number | null) => (value === null ? '' : formatPrice(value));

/** A product's rows in Shopify's layout: the first with the product's fields, then the others. */
function recordsOfProduct(product: ProductRow, rows: readonly StockRow[]): CsvRecord[] {
  const images = imageUrls(product);
  const options = product.options;
  const records = rows.map((row, index): CsvRecord => {
    const first = index === 0;
    const optionCells = Object.fromEntries(
      [0, 1, 2].flatMap((o) => {
        const option = options[o];
        const name = first ? (option?.name ?? (o === 0 ? DEFAULT_TITLE.name : '')) : '';
        const value = option ? (row.optionValues[o] ?? '') : o === 0 ? DEFAULT_TITLE.value : '';
        return [
          [`Option${o + 1} Name`, name],
          [`Option${o + 1} Value`, value],
        ];
      }),
    );
    return {
      ...EMPTY_RECORD,
      Handle: product.handle,
      ...(first
        ? {
            Title: product.name,
            'Body (HTML)': product.descriptionHtml,
            Type: product.category,
            Published: product.status === 'published' ? 'TRUE' : 'FALSE',
            Status: SHOPIFY_STATUS[product.status as ProductStatus],
            'SEO Title': product.seoTitle,
            'SEO Description': product.seoDescription,
            Category: product.category,
          }
        : {}),
      ...optionCells,
      'Variant SKU': row.sku ?? '',
      'Variant Price': formatPrice(row.priceCents ?? product.priceCents),
      'Variant Compare At Price': cents(row.compareAtCents),
      'Variant Barcode': row.barcode ?? '',
      'Variant Grams': row.weightGrams === null ? '' : String(row.weightGrams),
      'Variant Inventory Qty': String(row.onHand),
      'Image Src': images[index] ?? '',
      'Variant Id': row.id,
      'Variant Stock Version': String(row.stockVersion),
      'Variant Low Stock Threshold': String(row.lowStockThreshold),
    };
  });
  // More photos than variants: Shopify's photo-only rows (the import skips them).
  for (const image of images.slice(rows.length))
    records.push({ ...EMPTY_RECORD, Handle: product.handle, 'Image Src': image });
  return records;
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
  return formatCatalogCsv(
    products.flatMap((product) => recordsOfProduct(product, stock.get(product.id) ?? [])),
  );
}

/** How the preview shows a value that is not there. */
const NOTHING = '—';
/** A long text in the preview: its start, on one line. */
const shownText = (text: string | null | undefined) => {
  if (!text) return NOTHING;
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
};
const shownCents = (cents: number | null) => (cents === null ? NOTHING : formatDollars(cents));
const shownNumber = (value: number | null) => (value === null ? NOTHING : String(value));
const shownOptions = (options: readonly ProductOption[]) =>
  options.map((option) => `${option.name}: ${option.values.join(', ')}`).join('; ') || NOTHING;

/** A product field's value as the preview shows it (descriptions as their text). */
function shownField(field: keyof ProductFields, value: ProductFields[keyof ProductFields]) {
  if (field === 'priceCents') return shownCents(typeof value === 'number' ? value : null);
  if (field === 'descriptionHtml' && typeof value === 'string')
    return shownText(value.replace(/<[^>]*>/g, ' '));
  return shownText(value === undefined || value === null ? null : String(value));
}

/** A variant of the plan: the file's row, the catalog's variant it names (if any), its key. */
interface PlannedVariant {
  file: ImportVariant;
  current: StockRow | undefined;
  /** Its key in the ledger: the current variant's, or the new variant's id. */
  key: Variant;
}

/** What the import does to one product. */
interface ProductPlan {
  group: ImportGroup;
  fields: ProductFields;
  current: ProductRow | undefined;
  changed: (keyof ProductFields)[];
  /** The options and variants to write (as PUT …/variants would), when any of them change. */
  variantsWrite: ProductVariantsWrite | undefined;
  /** The product's variant rows now (locked before the write). */
  currentVariants: StockRow[];
  /** The ids given to the write's new variants, by their place in the write. */
  newIds: Map<number, string>;
  /** `since`: the file's stockVersion of an existing variant, checked again under its lock. */
  stock: { variant: Variant; target: number; since?: number | undefined; title: string }[];
  thresholds: { variant: Variant; threshold: number }[];
  /** What changes, as the preview names it: 'price', 'options', 'stock Clay / XL'. */
  labels: string[];
  /** The same changes, each with its old and new value. */
  diffs: ImportDiff[];
}

/** 'stock Clay / XL'; a product without options has just 'stock'. */
const variantField = (kind: string, title: string) => (title ? `${kind} ${title}` : kind);

const stockMoved = (product: ProductRow, title: string) =>
  ADMIN_CATALOG_MESSAGES.stockMoved(product.name, title);

const foldedValues = (values: readonly string[]) =>
  values.map((value) => value.trim().toLowerCase()).join('\u0000');

/** No product has this id: SKUs of a new product are compared with every product's. */
const NO_PRODUCT = '00000000-0000-0000-0000-000000000000';

/**
 * The options after the import: the file's option names; per option, the values it had that a
 * variant still uses (or that no variant used before either), then the file's new values in the
 * order they first appear.
 */
function optionsAfter(
  names: readonly string[],
  current: readonly ProductOption[],
  used: readonly (readonly string[])[],
  usedBefore: readonly (readonly string[])[],
): ProductOption[] {
  const sameShape = names.length === current.length;
  return names.map((name, o) => {
    const values: string[] = [];
    const has = (value: string) =>
      values.some((known) => known.toLowerCase() === value.toLowerCase());
    const usedNow = (value: string) =>
      used.some((variant) => variant[o]?.toLowerCase() === value.toLowerCase());
    const usedThen = (value: string) =>
      usedBefore.some((variant) => variant[o]?.toLowerCase() === value.toLowerCase());
    if (sameShape)
      for (const value of current[o]?.values ?? [])
        if (usedNow(value) || !usedThen(value)) values.push(value);
    for (const variant of used) {
      const value = variant[o];
      if (value !== undefined && !has(value)) values.push(value);
    }
    return { name, values };
  });
}

/**
 * Compares the file's products with the catalog: what each would change, plus the errors only
 * the catalog can show (a Variant Id of another product, a SKU another product uses, stock below
 * what checkouts hold or moved since the export, a variant with stock an option change removes).
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
  // A SKU on two products of the file is the later row's error.
  const skuRows = new Map<string, { row: number; handle: string }>();
  const skuTwice = new Set<number>();
  for (const group of groups)
    for (const variant of group.variants) {
      if (!variant.sku) continue;
      const earlier = skuRows.get(variant.sku);
      if (earlier && earlier.handle !== group.handle) {
        errors.push({ row: variant.row, message: CSV_MESSAGES.skuTwice(variant.sku, earlier.row) });
        skuTwice.add(variant.row);
      } else if (!earlier) skuRows.set(variant.sku, { row: variant.row, handle: group.handle });
    }

  const plans: ProductPlan[] = [];
  for (const group of groups) {
    const current = existing.get(group.handle);
    const currentVariants = current ? (stock.get(current.id) ?? []) : [];
    const problems = errors.length;
    const fail = (row: number, message: string) => errors.push({ row, message });

    // Each row names a variant by its id, else by its option values; otherwise it is a new one.
    const sameOptions =
      current !== undefined && group.optionNames.length === current.options.length;
    const byId = new Map(currentVariants.map((row) => [row.id, row]));
    const byValues = new Map(
      sameOptions ? currentVariants.map((row) => [foldedValues(row.optionValues), row]) : [],
    );
    const claimed = new Map<string, number>();
    const planned: PlannedVariant[] = [];
    for (const file of group.variants) {
      let match: StockRow | undefined;
      if (file.id !== undefined) {
        match = byId.get(file.id);
        if (!match) fail(file.row, `Variant Id ${file.id} is not a variant of ${group.handle}`);
      } else match = byValues.get(foldedValues(file.values));
      if (match) {
        const earlier = claimed.get(match.id);
        if (earlier !== undefined) fail(file.row, CSV_MESSAGES.variantTwice(earlier));
        claimed.set(match.id, file.row);
      }
      const key = match?.key ?? randomUUID();
      planned.push({ file, current: match, key });
    }
    // A variant the file leaves out stays as it is, unless the options change shape: then it has
    // no value for them and goes, as PUT …/variants would (refused while it has stock).
    const missing = currentVariants.filter((row) => !claimed.has(row.id));
    const kept = sameOptions ? missing : [];
    for (const row of sameOptions ? [] : missing)
      if (row.onHand || row.held)
        fail(
          group.row,
          `${group.handle}: ${variantTitle(row.optionValues) || 'its variant'} is not in the file and would go with the change of options, but still has ${row.onHand} on hand and ${row.held} held`,
        );

    // The product's price: as it is while a variant still sells at it, else the lowest.
    const prices = [
      ...planned.map((variant) => variant.file.priceCents),
      ...kept.map((row) => row.priceCents ?? current?.priceCents ?? 0),
    ];
    const priceCents =
      current && prices.includes(current.priceCents) ? current.priceCents : Math.min(...prices);
    const storedPrice = (variant: PlannedVariant) => {
      const { file, current: row } = variant;
      if (row && current && (row.priceCents ?? current.priceCents) === file.priceCents)
        return row.priceCents ?? (priceCents === current.priceCents ? null : current.priceCents);
      return file.priceCents === priceCents ? null : file.priceCents;
    };
    const keptPrice = (row: StockRow) =>
      row.priceCents ?? (current && priceCents !== current.priceCents ? current.priceCents : null);

    const fields: ProductFields = {
      handle: group.handle,
      status: group.product.status ?? (current?.status as ProductStatus | undefined) ?? 'draft',
      name: group.product.name,
      category: group.product.category,
      descriptionHtml: sanitizeDescription(group.product.description),
      priceCents,
      hasSize: current?.hasSize ?? false,
      hasAandB: current?.hasAandB ?? false,
      seoTitle: group.product.seoTitle,
      seoDescription: group.product.seoDescription,
    };
    const changed = current ? changedFields(current, fields) : [];
    const labels = changed.map(fieldLabel);
    const diffs: ImportDiff[] = current
      ? changed.map((field) => ({
          field: fieldLabel(field),
          from: shownField(field, current[field]),
          to: shownField(field, fields[field]),
        }))
      : [];
    /** Names a change of the variants for the preview, with its old and new value. */
    const note = (field: string, from: string, to: string) => {
      labels.push(field);
      diffs.push({ field, from, to });
    };

    const dollars = (value: number | null) => (value === null ? null : value / 100);
    // The variants the catalog has keep their order (a file does not reorder them; the editor
    // does); the new ones follow, in the file's order.
    const fromFile = (variant: PlannedVariant) => ({
      ...(variant.current ? { id: variant.current.id } : {}),
      options: variant.file.values,
      sku: variant.file.sku,
      price: dollars(storedPrice(variant)),
      compareAtPrice: dollars(variant.file.compareAtCents),
      barcode: variant.file.barcode,
      weightGrams: variant.file.weightGrams,
    });
    const existingInOrder = [
      ...planned.flatMap((variant) =>
        variant.current ? [{ position: variant.current.position, write: fromFile(variant) }] : [],
      ),
      ...kept.map((row) => ({
        position: row.position,
        write: {
          id: row.id,
          options: row.optionValues,
          sku: row.sku,
          price: dollars(keptPrice(row)),
          compareAtPrice: dollars(row.compareAtCents),
          barcode: row.barcode,
          weightGrams: row.weightGrams,
        },
      })),
    ].sort((a, b) => a.position - b.position);
    const added = planned.filter((variant) => !variant.current);
    const writeVariants = [...existingInOrder.map((entry) => entry.write), ...added.map(fromFile)];
    const newIds = new Map(
      added.map((variant, i) => [existingInOrder.length + i, variant.key] as const),
    );
    const options = optionsAfter(
      group.optionNames,
      current?.options ?? [],
      writeVariants.map((variant) => variant.options),
      currentVariants.map((row) => row.optionValues),
    );
    const checked = productVariantsWriteSchema.safeParse({ options, variants: writeVariants });
    if (!checked.success)
      fail(
        group.row,
        `${group.handle}: ${checked.error.issues.map((issue) => issue.message).join('; ')}`,
      );
    const skus = planned.flatMap((variant) => variant.file.sku ?? []);
    for (const taken of await findSkusOfOtherProducts(db, current?.id ?? NO_PRODUCT, skus)) {
      const row = planned.find((variant) => variant.file.sku === taken.sku)?.file.row ?? group.row;
      if (!skuTwice.has(row)) fail(row, CSV_MESSAGES.skuTaken(taken.sku, taken.productName));
    }

    // What changes of the options and variants, named for the preview.
    let variantsChanged = !current;
    if (current) {
      if (JSON.stringify(options) !== JSON.stringify(current.options)) {
        note('options', shownOptions(current.options), shownOptions(options));
        variantsChanged = true;
      }
      writeVariants.forEach((variant, position) => {
        const row = variant.id ? byId.get(variant.id) : undefined;
        const title = variantTitle(variant.options);
        if (!row) {
          note(`new variant ${title}`, NOTHING, title || 'default');
          variantsChanged = true;
          return;
        }
        const price = variant.price === null ? null : toCents(variant.price);
        const compareAt = variant.compareAtPrice === null ? null : toCents(variant.compareAtPrice);
        const differs: [string, boolean, string, string][] = [
          [
            'option values',
            foldedValues(row.optionValues) !== foldedValues(variant.options) ||
              row.optionValues.join() !== variant.options.join(),
            variantTitle(row.optionValues),
            title,
          ],
          ['price', row.priceCents !== price, shownCents(row.priceCents), shownCents(price)],
          [
            'compare-at price',
            row.compareAtCents !== compareAt,
            shownCents(row.compareAtCents),
            shownCents(compareAt),
          ],
          ['SKU', row.sku !== variant.sku, shownText(row.sku), shownText(variant.sku)],
          [
            'barcode',
            row.barcode !== variant.barcode,
            shownText(row.barcode),
            shownText(variant.barcode),
          ],
          [
            'grams',
            row.weightGrams !== variant.weightGrams,
            shownNumber(row.weightGrams),
            shownNumber(variant.weightGrams),
          ],
          ['position', row.position !== position, String(row.position + 1), String(position + 1)],
        ];
        for (const [label, differ, from, to] of differs)
          if (differ) {
            note(variantField(label, variantTitle(row.optionValues)), from, to);
            variantsChanged = true;
          }
      });
      for (const row of sameOptions ? [] : missing) {
        note(
          `removed variant ${variantTitle(row.optionValues) || 'default'}`,
          variantTitle(row.optionValues) || 'default',
          NOTHING,
        );
        variantsChanged = true;
      }
    }

    const plan: ProductPlan = {
      group,
      fields,
      current,
      changed,
      variantsWrite: variantsChanged && checked.success ? checked.data : undefined,
      currentVariants,
      newIds,
      stock: [],
      thresholds: [],
      labels,
      diffs,
    };
    for (const { file, current: row, key } of planned) {
      const title = variantTitle(file.values);
      const held = row?.held ?? 0;
      const onHand = row?.onHand ?? 0;
      // An empty stock cell leaves on-hand as it is (a new variant's starts at 0).
      const target = file.stock ?? onHand;
      if (target < held) fail(file.row, ADMIN_CATALOG_MESSAGES.belowHeld(held));
      // The file's count was read before the variant's last movement of on-hand (a sale, a
      // delivery): setting it would undo that movement. A file without a version is a count as
      // of now (docs/decisions/024-catalog-import-stock-and-turns.md).
      const since = row ? file.stockVersion : undefined;
      if (current && row && since !== undefined && target !== onHand && since !== row.stockVersion)
        fail(file.row, stockMoved(current, variantTitle(row.optionValues)));
      if (target !== onHand) {
        plan.stock.push({
          variant: key,
          target,
          since,
          title: variantTitle(row?.optionValues ?? file.values),
        });
        if (current) note(variantField('stock', title), String(onHand), String(target));
      }
      const threshold = file.lowStockThreshold;
      if (
        threshold !== undefined &&
        threshold !== (row?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD)
      ) {
        plan.thresholds.push({ variant: key, threshold });
        if (current)
          note(
            variantField('threshold', title),
            String(row?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD),
            String(threshold),
          );
      }
    }
    if (errors.length === problems) plans.push(plan);
  }
  return plans;
}

const actionOf = (plan: ProductPlan): ImportChange['action'] =>
  !plan.current ? 'create' : plan.labels.length ? 'update' : 'unchanged';

function resultOf(plans: ProductPlan[], notes: string[], dryRun: boolean): ImportResult {
  const changes = plans.map((plan) => ({
    handle: plan.fields.handle,
    name: plan.fields.name,
    action: actionOf(plan),
    fields: [...new Set(plan.labels)],
    ...(plan.diffs.length ? { diffs: plan.diffs } : {}),
  }));
  const counted = (action: ImportChange['action']) =>
    changes.filter((change) => change.action === action).length;
  return {
    created: counted('create'),
    updated: counted('update'),
    unchanged: counted('unchanged'),
    errors: [],
    changes,
    notes,
    dryRun,
  };
}

/**
 * Writes the plans (in the import's one transaction): products first; then every variant row the
 * import will change is locked, in the lock order and a batch per statement (checkouts lock
 * variant rows, so they wait only for this last part); then options and variants, stock and
 * thresholds.
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
      written.push({ plan, productId: (await createProductRow(tx, plan.fields)).id });
      continue;
    }
    const productId = plan.current.id;
    if (plan.changed.length)
      await updateProductFields(
        tx,
        productId,
        Object.fromEntries(plan.changed.map((field) => [field, plan.fields[field]])),
      );
    written.push({ plan, productId });
  }
  await lockVariants(
    tx,
    written.flatMap(({ plan, productId }) => {
      if (!plan.current) return [];
      const keys = new Set([
        ...(plan.variantsWrite ? plan.currentVariants.map((row) => row.key) : []),
        ...[...plan.stock, ...plan.thresholds].map(({ variant }) => variant),
      ]);
      const known = new Set(plan.currentVariants.map((row) => row.key));
      return [...keys].filter((key) => known.has(key)).map((variant) => ({ productId, variant }));
    }),
  );
  for (const { plan, productId } of written) {
    if (plan.variantsWrite) {
      const current = plan.current ? await lockVariantRows(tx, productId) : [];
      await writeVariantsInTransaction(tx, productId, current, plan.variantsWrite, (index) => {
        const id = plan.newIds.get(index);
        if (!id) throw new Error('a new variant without a planned id');
        return id;
      });
    }
    const { current } = plan;
    // The plan saw enough; if a checkout held more since, or a sale moved on-hand since the
    // file's version, this answers 409 and the whole import is refused.
    for (const { since, title, ...level } of plan.stock)
      await setOnHandByImport(
        tx,
        {
          productId,
          ...level,
          since:
            since === undefined || !current
              ? undefined
              : { stockVersion: since, moved: stockMoved(current, title) },
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
    const { notes } = read;
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
          notes,
          dryRun,
        },
      };
    const result = resultOf(plans, notes, dryRun);
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

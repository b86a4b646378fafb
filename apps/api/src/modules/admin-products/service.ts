import {
  ADMIN_CATALOG_MESSAGES,
  ADMIN_PRODUCTS_PAGE_SIZE,
  handleFromName,
  variantsOf,
  type AdminProduct,
  type AdminProductListQuery,
  type AdminProductListResponse,
  type AdminProductRow,
  type ProductStatus,
  type ProductWrite,
} from '@shop/shared/admin-catalog';
import type { Category, Variant } from '@shop/shared/catalog';
import { toCents } from '@shop/shared/money';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/database-errors';
import { AppError } from '../../errors';
import { pageCounts, pageWindow } from '../../lib/search';
import { recordAudit, type AuditActor } from '../audit/service';
import {
  createProductRow,
  handlesLike,
  listProductsForBackOffice,
  lockProduct,
  productInAnyStatus,
  productsByHandles,
  updateProductFields,
  type ProductFields,
  type ProductRow,
} from '../catalog/admin-service';
import { photosOfProduct } from '../images/service';
import type { LowStockMailSettings } from '../stock/low-stock-mail';
import { openStock, reshapeStock, variantStockOf } from '../stock/service';
import { sanitizeDescription } from './description';

/** The back office's products: list, read, create and edit (owner and staff), each write audited. */

export interface AdminProductsContext {
  db: Database;
  /** After a write: this process's storefront answers are fresh (others' expire within their TTL). */
  onCatalogChanged: () => void;
  /** How long a CSV import waits for one already running before it answers 409. */
  importWaitMs: number;
  /** The low-stock mail's links, for imports that lower what is available. */
  lowStockMail: LowStockMailSettings;
}

export const productNotFound = () =>
  new AppError('not_found', ADMIN_CATALOG_MESSAGES.productNotFound);
export const conflict = (message: string) => new AppError('conflict', message);

const MAX_HANDLE_LENGTH = 80;
/** The order variants are shown in (and the CSV's rows of one product). */
const VARIANT_ORDER: readonly Variant[] = ['S/M', 'L', 'XL', 'A', 'B', 'total'];
export const variantRank = (variant: string) => VARIANT_ORDER.indexOf(variant as Variant);

export async function listAdminProducts(
  db: Executor,
  query: AdminProductListQuery,
): Promise<AdminProductListResponse> {
  const { rows, total } = await listProductsForBackOffice(
    db,
    { q: query.q || undefined, status: query.status },
    pageWindow(query.page, ADMIN_PRODUCTS_PAGE_SIZE),
  );
  return {
    products: rows.map((row) => toAdminProductRow(row, row.available)),
    ...pageCounts(query.page, total, ADMIN_PRODUCTS_PAGE_SIZE),
  };
}

function toAdminProductRow(row: ProductRow, available: number): AdminProductRow {
  return {
    _id: row.id,
    handle: row.handle,
    name: row.name,
    category: row.category as Category,
    price: row.priceCents / 100,
    status: row.status as ProductStatus,
    image: row.image,
    available,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/admin/products/:id: any status; 404 for an unknown or malformed id. */
export async function getAdminProduct(db: Executor, id: string): Promise<AdminProduct> {
  const row = await productInAnyStatus(db, id);
  if (!row) throw productNotFound();
  const [variants, photos] = await Promise.all([
    variantStockOf(db, row.id),
    photosOfProduct(db, row.id),
  ]);
  return {
    ...toAdminProductRow(
      row,
      variants.reduce((sum, variant) => sum + variant.available, 0),
    ),
    description: row.descriptionHtml,
    hasSize: row.hasSize,
    hasAandB: row.hasAandB,
    photos,
    images: row.images,
    imagesOptionA: row.imagesOptionA,
    imagesOptionB: row.imagesOptionB,
    variants,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The fields of a write as stored: the description sanitised, the price in cents. */
export function fieldsOfWrite(
  write: ProductWrite,
  kept: { handle: string; status: ProductStatus },
): ProductFields {
  return {
    handle: write.handle ?? kept.handle,
    status: write.status ?? kept.status,
    name: write.name,
    category: write.category,
    descriptionHtml: sanitizeDescription(write.description),
    priceCents: toCents(write.price),
    hasSize: write.hasSize,
    hasAandB: write.hasAandB,
    // Omitted: kept as it is (decision 037).
    ...(write.seoTitle === undefined ? {} : { seoTitle: write.seoTitle }),
    ...(write.seoDescription === undefined ? {} : { seoDescription: write.seoDescription }),
  };
}

/** What a write changes of a product, by the names the back office shows ('price', 'status'…). */
export function changedFields(current: ProductRow, next: ProductFields): (keyof ProductFields)[] {
  const changed: (keyof ProductFields)[] = [];
  for (const field of [
    'handle',
    'status',
    'name',
    'category',
    'priceCents',
    'hasSize',
    'hasAandB',
  ] as const) {
    if (current[field] !== next[field]) changed.push(field);
  }
  for (const field of ['seoTitle', 'seoDescription'] as const) {
    if (next[field] !== undefined && current[field] !== next[field]) changed.push(field);
  }
  // The sample catalog's descriptions were never through the sanitiser: compare what each means.
  if (sanitizeDescription(current.descriptionHtml) !== next.descriptionHtml)
    changed.push('descriptionHtml');
  return changed;
}

const FIELD_LABELS: Record<keyof ProductFields, string> = {
  handle: 'handle',
  status: 'status',
  name: 'name',
  category: 'category',
  descriptionHtml: 'description',
  priceCents: 'price',
  hasSize: 'hasSize',
  hasAandB: 'hasAandB',
  seoTitle: 'SEO title',
  seoDescription: 'SEO description',
};
export const fieldLabel = (field: keyof ProductFields) => FIELD_LABELS[field];

export const shapeChanged = (current: ProductRow, next: ProductFields) =>
  current.hasSize !== next.hasSize || current.hasAandB !== next.hasAandB;

/**
 * The handle made from a name, or, when that is taken, the first free of `-2`, `-3`… (cut so that
 * the handle stays within 80 characters).
 */
async function freeHandleFor(db: Executor, name: string): Promise<string> {
  const base = handleFromName(name);
  const taken = new Set(await handlesLike(db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const stem = base.slice(0, MAX_HANDLE_LENGTH - suffix.length).replace(/-+$/, '');
    const candidate = `${stem}${suffix}`;
    if (stem !== base) for (const handle of await handlesLike(db, stem)) taken.add(handle);
    if (!taken.has(candidate)) return candidate;
  }
}

async function handleIsTaken(db: Executor, handle: string, byOtherThan?: string) {
  const found = await productsByHandles(db, [handle]);
  return found.some((product) => product.id !== byOtherThan);
}

/** Stock rows at 0 for each of a product's variants (no movement: nothing moved). */
export function openEmptyStock(
  tx: Executor,
  product: ProductFields & { id: string },
  actor: AuditActor,
) {
  const levels = Object.fromEntries(variantsOf(product).map((variant) => [variant, 0]));
  return openStock(tx, product.id, levels, 'New product', actor);
}

/** POST /api/admin/products: a draft unless the status says otherwise; answers its id. */
export async function createProduct(
  ctx: AdminProductsContext,
  write: ProductWrite,
  actor: AuditActor,
): Promise<string> {
  // A made-up handle can be taken between the look-up and the insert: then look again, twice.
  for (let attempt = 1; ; attempt += 1) {
    try {
      const id = await ctx.db.transaction(async (tx) => {
        if (write.handle && (await handleIsTaken(tx, write.handle)))
          throw conflict(ADMIN_CATALOG_MESSAGES.handleTaken);
        const handle = write.handle ?? (await freeHandleFor(tx, write.name));
        const fields = fieldsOfWrite(write, { handle, status: 'draft' });
        const row = await createProductRow(tx, fields);
        await openEmptyStock(tx, { ...fields, id: row.id }, actor);
        await recordAudit(tx, actor, {
          action: 'product.created',
          productId: row.id,
          summary: `Created ${fields.name} (${fields.handle}, ${fields.status})`,
        });
        return row.id;
      });
      ctx.onCatalogChanged();
      return id;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (write.handle || attempt >= 3) throw conflict(ADMIN_CATALOG_MESSAGES.handleTaken);
    }
  }
}

/**
 * PUT /api/admin/products/:id: every field; an omitted handle or status keeps the current one.
 * Sizes and options may change only while no variant has stock on hand or held; the variants'
 * rows are then replaced by the new ones at 0. A write that changes nothing writes nothing.
 */
export async function updateProduct(
  ctx: AdminProductsContext,
  id: string,
  write: ProductWrite,
  actor: AuditActor,
): Promise<void> {
  let changed: (keyof ProductFields)[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      const current = await lockProduct(tx, id);
      if (!current) throw productNotFound();
      const next = fieldsOfWrite(write, {
        handle: current.handle,
        status: current.status as ProductStatus,
      });
      changed = changedFields(current, next);
      if (!changed.length) return;
      if (changed.includes('handle') && (await handleIsTaken(tx, next.handle, current.id)))
        throw conflict(ADMIN_CATALOG_MESSAGES.handleTaken);
      if (shapeChanged(current, next) && !(await reshapeStock(tx, id, variantsOf(next))))
        throw conflict(ADMIN_CATALOG_MESSAGES.shapeChangeWithStock);
      await updateProductFields(
        tx,
        id,
        Object.fromEntries(changed.map((field) => [field, next[field]])),
      );
      await recordAudit(tx, actor, {
        action: 'product.updated',
        productId: id,
        summary: `Updated ${next.name}: ${describeChanges(changed, next)}`,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ADMIN_CATALOG_MESSAGES.handleTaken);
    throw error;
  }
  if (changed.length) ctx.onCatalogChanged();
}

function describeChanges(changed: (keyof ProductFields)[], next: ProductFields): string {
  return changed
    .map((field) => {
      if (field === 'status') return `status ${next.status}`;
      if (field === 'priceCents') return `price ${(next.priceCents / 100).toFixed(2)}`;
      if (field === 'handle') return `handle ${next.handle}`;
      return fieldLabel(field);
    })
    .join(', ');
}

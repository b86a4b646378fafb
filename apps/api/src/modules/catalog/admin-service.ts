import type { Executor } from '../../db/client';
import { isUuid } from '../../lib/uuid';
import {
  deleteHandleRedirect,
  findAllProductsByHandle,
  findAnyProductById,
  findHandlesLike,
  findProductsByHandles,
  insertProductRow,
  listAdminProductRows,
  lockProductRow,
  updateProductRow,
  upsertHandleRedirect,
  type AdminProductFilter,
  type AdminProductListRow,
  type ProductFields,
  type ProductRow,
} from './repository';

/**
 * The catalog's products as the back office reads and writes them: every status, field by field.
 * The rules (handles, sanitising, audit, stock) are the admin-products module's; this is the
 * catalog's table behind them.
 */

export type { AdminProductFilter, AdminProductListRow, ProductFields, ProductRow };

export function listProductsForBackOffice(
  db: Executor,
  filter: AdminProductFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AdminProductListRow[]; total: number }> {
  return listAdminProductRows(db, filter, page);
}

/** A product in any status; undefined for an unknown or malformed id. */
export async function productInAnyStatus(
  db: Executor,
  id: string,
): Promise<ProductRow | undefined> {
  return isUuid(id) ? findAnyProductById(db, id) : undefined;
}

/** The same, locked until the transaction ends (edits of one product queue). */
export async function lockProduct(tx: Executor, id: string): Promise<ProductRow | undefined> {
  return isUuid(id) ? lockProductRow(tx, id) : undefined;
}

export function productsByHandles(db: Executor, handles: readonly string[]): Promise<ProductRow[]> {
  return findProductsByHandles(db, handles);
}

/** Handles in use that are `base` or start with `base-`. */
export function handlesLike(db: Executor, base: string): Promise<string[]> {
  return findHandlesLike(db, base);
}

/** Every product in any status, ordered by handle. */
export function allProductsByHandle(db: Executor): Promise<ProductRow[]> {
  return findAllProductsByHandle(db);
}

/** A new product (no photos yet); its stock rows are the stock module's. */
export async function createProductRow(tx: Executor, fields: ProductFields): Promise<ProductRow> {
  const row = await insertProductRow(tx, fields);
  // A handle that still redirected to another product is this one's now (as Shopify does).
  await deleteHandleRedirect(tx, row.handle);
  return row;
}

/**
 * Writes a product's fields. A new handle keeps the old one as a redirect to this product
 * (docs/decisions/033-product-addresses.md); the new one stops redirecting anywhere.
 */
export async function updateProductFields(
  tx: Executor,
  id: string,
  fields: Partial<ProductFields>,
): Promise<ProductRow | undefined> {
  const before = fields.handle === undefined ? undefined : await findAnyProductById(tx, id);
  const row = await updateProductRow(tx, id, fields);
  if (row && before && before.handle !== row.handle) {
    await deleteHandleRedirect(tx, row.handle);
    await upsertHandleRedirect(tx, before.handle, row.id);
  }
  return row;
}

/** A product's options and variants as the back office writes them (admin-products/variants.ts). */
export {
  clearVariantSkus,
  deleteEmptyVariant,
  findSkusOfOtherProducts,
  findVariantRows,
  insertVariant,
  lockVariantRows,
  updateVariantDescription,
  writeProductOptions,
  type VariantDescription,
  type VariantRow,
} from './repository';

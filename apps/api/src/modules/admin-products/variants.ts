import { randomUUID } from 'node:crypto';
import {
  type AdminVariant,
  type ProductVariantsResponse,
  type ProductVariantsWrite,
} from '@shop/shared/admin-variants';
import { toCents } from '@shop/shared/money';
import { variantTitle } from '@shop/shared/variants';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/database-errors';
import { AppError } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/service';
import {
  clearVariantSkus,
  deleteEmptyVariant,
  findSkusOfOtherProducts,
  findVariantRows,
  insertVariant,
  lockProduct,
  lockVariantRows,
  productInAnyStatus,
  updateVariantDescription,
  writeProductOptions,
  type VariantDescription,
  type VariantRow,
} from '../catalog/admin-service';
import { conflict, productNotFound, type AdminProductsContext } from './service';

/** The back office's options and variants of a product (decision 031). */

const dollarsOrNull = (cents: number | null) => (cents === null ? null : cents / 100);
const centsOrNull = (dollars: number | null) => (dollars === null ? null : toCents(dollars));

export function toAdminVariant(row: VariantRow): AdminVariant {
  return {
    _id: row.id,
    key: row.key,
    options: row.optionValues,
    title: variantTitle(row.optionValues),
    sku: row.sku,
    price: dollarsOrNull(row.priceCents),
    compareAtPrice: dollarsOrNull(row.compareAtCents),
    barcode: row.barcode,
    weightGrams: row.weightGrams,
    images: row.images,
    onHand: row.onHand,
    held: row.held,
    available: row.available,
    lowStockThreshold: row.lowStockThreshold,
  };
}

/** GET /api/admin/products/:id/variants: any status; 404 for an unknown product. */
export async function getProductVariants(
  db: Executor,
  productId: string,
): Promise<ProductVariantsResponse> {
  const product = await productInAnyStatus(db, productId);
  if (!product) throw productNotFound();
  const rows = await findVariantRows(db, productId);
  return { options: product.options, variants: rows.map(toAdminVariant) };
}

const blank = (text: string | null) => (text === null || text.trim() === '' ? null : text.trim());

/** Each option value as the option spells it (a variant may have sent it in another case). */
function canonicalValues(write: ProductVariantsWrite, values: readonly string[]): string[] {
  return values.map((value, o) => {
    const folded = value.trim().toLowerCase();
    return write.options[o]?.values.find((known) => known.toLowerCase() === folded) ?? value;
  });
}

/**
 * Writes a product's options and variants, whole, in the caller's transaction, which holds the
 * product's variant rows locked (`current`). A variant keeps its id, stock and ledger when its
 * values change; a variant left out is removed, refused (409) while it has units on hand or held;
 * a new one (its id from `newId`) starts with no stock. 409 when a SKU is another product's.
 * Shared by PUT /api/admin/products/:id/variants and the CSV import (decision 038).
 */
export async function writeVariantsInTransaction(
  tx: Executor,
  productId: string,
  current: readonly VariantRow[],
  write: ProductVariantsWrite,
  newId: (index: number) => string = () => randomUUID(),
): Promise<{ added: string[]; removed: VariantRow[] }> {
  const skus = write.variants.flatMap((variant) => blank(variant.sku) ?? []);
  const byId = new Map(current.map((row) => [row.id, row]));
  const unknown = write.variants.find((variant) => variant.id && !byId.has(variant.id));
  if (unknown) throw new AppError('not_found', 'That product has no such variant');

  const taken = await findSkusOfOtherProducts(tx, productId, skus);
  if (taken[0]) throw conflict(`SKU ${taken[0].sku} is already used by ${taken[0].productName}`);

  const kept = new Set(write.variants.flatMap((variant) => variant.id ?? []));
  const removed = current.filter((row) => !kept.has(row.id));
  for (const row of removed)
    if (!(await deleteEmptyVariant(tx, productId, row.id)))
      throw conflict(
        `${variantTitle(row.optionValues) || 'The variant'} still has ${row.onHand} on hand and ${row.held} held: adjust its stock to 0 before removing it`,
      );

  // SKUs may move between this product's variants: clear them first, then write each.
  await clearVariantSkus(tx, productId, [...kept]);
  const added: string[] = [];
  for (const [position, variant] of write.variants.entries()) {
    const description: VariantDescription = {
      position,
      optionValues: canonicalValues(write, variant.options),
      sku: blank(variant.sku),
      priceCents: centsOrNull(variant.price),
      compareAtCents: centsOrNull(variant.compareAtPrice),
      barcode: blank(variant.barcode),
      weightGrams: variant.weightGrams,
    };
    if (variant.id) await updateVariantDescription(tx, productId, variant.id, description);
    else {
      await insertVariant(tx, productId, newId(position), description);
      added.push(variantTitle(description.optionValues) || 'default');
    }
  }
  await writeProductOptions(
    tx,
    productId,
    write.options.map((option) => ({ name: option.name, values: [...option.values] })),
  );
  return { added, removed };
}

/**
 * PUT /api/admin/products/:id/variants: the product's options and its variants, whole, in one
 * transaction under the product's lock and its variants' locks (see writeVariantsInTransaction),
 * audited.
 */
export async function writeProductVariants(
  ctx: AdminProductsContext,
  productId: string,
  write: ProductVariantsWrite,
  actor: AuditActor,
): Promise<ProductVariantsResponse> {
  try {
    await ctx.db.transaction(async (tx) => {
      const product = await lockProduct(tx, productId);
      if (!product) throw productNotFound();
      const current = await lockVariantRows(tx, productId);
      const { added, removed } = await writeVariantsInTransaction(tx, productId, current, write);
      await recordAudit(tx, actor, {
        action: 'product.variants_set',
        productId,
        summary: describeWrite(product.name, write, added, removed),
      });
    });
  } catch (error) {
    // A SKU another product took between the check and the write.
    if (isUniqueViolation(error)) throw conflict('A SKU is already used by another product');
    throw error;
  }
  ctx.onCatalogChanged();
  return getProductVariants(ctx.db, productId);
}

function describeWrite(
  name: string,
  write: ProductVariantsWrite,
  added: string[],
  removed: VariantRow[],
): string {
  const options = write.options.length
    ? write.options.map((option) => `${option.name} (${option.values.join(', ')})`).join(' × ')
    : 'no options';
  const parts = [`Variants of ${name}: ${options}, ${write.variants.length} variants`];
  if (added.length) parts.push(`added ${added.join('; ')}`);
  if (removed.length)
    parts.push(
      `removed ${removed.map((row) => variantTitle(row.optionValues) || 'default').join('; ')}`,
    );
  return parts.join('; ');
}

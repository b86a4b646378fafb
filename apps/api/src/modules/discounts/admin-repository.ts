import { and, desc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  collections,
  discountCodes,
  discountRedemptions,
  discounts,
  orderItems,
  orders,
  products,
  refunds,
  variants,
} from '../../db/schema';
import type { DiscountRow, NewDiscount } from './repository';

/** The back office's reads and writes of discounts (the checkout's are in repository.ts). */

/** A discount with its one code (the code without a limit of its own) and how many codes it has. */
export interface AdminDiscountRow {
  discount: DiscountRow;
  code: string | null;
  codesCount: number;
}

// Drizzle writes a column of the selected table unqualified ("id"): in a subquery that would be
// the subquery's own id, so the discount's is named in full.
const discountId = sql.raw('"discounts"."id"');
const mainCode = sql<string | null>`(select c.code from ${discountCodes} c
  where c.discount_id = ${discountId} and c.usage_limit is null limit 1)`;
const codesCount = sql<number>`(select count(*)::int from ${discountCodes} c
  where c.discount_id = ${discountId})`;

export async function listDiscountRows(db: Executor): Promise<AdminDiscountRow[]> {
  return db
    .select({ discount: discounts, code: mainCode, codesCount })
    .from(discounts)
    .orderBy(desc(discounts.createdAt), desc(discounts.id));
}

export async function findDiscountRow(
  db: Executor,
  id: string,
): Promise<AdminDiscountRow | undefined> {
  const [row] = await db
    .select({ discount: discounts, code: mainCode, codesCount })
    .from(discounts)
    .where(eq(discounts.id, id));
  return row;
}

/** The discount, locked for the rest of the transaction. */
export async function lockDiscount(tx: Executor, id: string): Promise<DiscountRow | undefined> {
  const [row] = await tx.select().from(discounts).where(eq(discounts.id, id)).for('update');
  return row;
}

/** The discount's one code row (no limit of its own), if it has one. */
export async function findMainCode(
  tx: Executor,
  discountId: string,
): Promise<{ id: string; code: string } | undefined> {
  const [row] = await tx
    .select({ id: discountCodes.id, code: discountCodes.code })
    .from(discountCodes)
    .where(and(eq(discountCodes.discountId, discountId), isNull(discountCodes.usageLimit)))
    .limit(1);
  return row;
}

/** The discount that has this code (upper-cased), if any. */
export async function discountIdOfCode(tx: Executor, code: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ discountId: discountCodes.discountId })
    .from(discountCodes)
    .where(eq(discountCodes.code, code));
  return row?.discountId;
}

export async function codesLike(tx: Executor, stem: string): Promise<string[]> {
  const rows = await tx
    .select({ code: discountCodes.code })
    .from(discountCodes)
    .where(like(discountCodes.code, `${stem.replace(/[\\%_]/g, '\\$&')}%`));
  return rows.map((row) => row.code);
}

export async function titlesLike(tx: Executor, stem: string): Promise<string[]> {
  const rows = await tx
    .select({ title: discounts.title })
    .from(discounts)
    .where(like(discounts.title, `${stem.replace(/[\\%_]/g, '\\$&')}%`));
  return rows.map((row) => row.title);
}

/** Of these ids, the ones with no product, variant or collection. */
export async function missingTargets(
  tx: Executor,
  ids: { productIds: string[]; variantIds: string[]; collectionIds: string[] },
): Promise<{ productIds: string[]; variantIds: string[]; collectionIds: string[] }> {
  const found = async (
    table: typeof products | typeof variants | typeof collections,
    of: string[],
  ) =>
    of.length
      ? new Set(
          (await tx.select({ id: table.id }).from(table).where(inArray(table.id, of))).map(
            (row) => row.id,
          ),
        )
      : new Set<string>();
  // One after the other: a transaction runs one query at a time.
  const p = await found(products, ids.productIds);
  const v = await found(variants, ids.variantIds);
  const c = await found(collections, ids.collectionIds);
  return {
    productIds: ids.productIds.filter((id) => !p.has(id)),
    variantIds: ids.variantIds.filter((id) => !v.has(id)),
    collectionIds: ids.collectionIds.filter((id) => !c.has(id)),
  };
}

export async function insertDiscountRow(tx: Executor, values: NewDiscount): Promise<DiscountRow> {
  const [row] = await tx.insert(discounts).values(values).returning();
  if (!row) throw new Error('discount was not written');
  return row;
}

export async function insertCode(
  tx: Executor,
  discountId: string,
  code: string,
  usageLimit: number | null,
): Promise<void> {
  await tx.insert(discountCodes).values({ discountId, code, usageLimit });
}

export async function renameCode(tx: Executor, codeId: string, code: string): Promise<void> {
  await tx.update(discountCodes).set({ code }).where(eq(discountCodes.id, codeId));
}

/** Writes a discount's rules; its counters are never written here. */
export async function updateDiscountRow(
  tx: Executor,
  id: string,
  values: Omit<Partial<NewDiscount>, 'id' | 'usedCount' | 'createdAt'>,
): Promise<void> {
  await tx
    .update(discounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(discounts.id, id));
}

/** Inserts the codes that are free (single use each); answers those written. */
export async function insertSingleUseCodes(
  tx: Executor,
  discountId: string,
  codes: string[],
): Promise<string[]> {
  if (!codes.length) return [];
  const rows = await tx
    .insert(discountCodes)
    .values(codes.map((code) => ({ discountId, code, usageLimit: 1 })))
    .onConflictDoNothing({ target: discountCodes.code })
    .returning({ code: discountCodes.code });
  return rows.map((row) => row.code);
}

/** The discount's single-use codes, oldest first, with whether each was used. */
export async function singleUseCodes(
  db: Executor,
  discountId: string,
): Promise<{ code: string; usedCount: number }[]> {
  return db
    .select({ code: discountCodes.code, usedCount: discountCodes.usedCount })
    .from(discountCodes)
    .where(and(eq(discountCodes.discountId, discountId), eq(discountCodes.usageLimit, 1)))
    .orderBy(discountCodes.createdAt, discountCodes.code);
}

/** The report's figures, in cents, over the paid orders that used the discount (final uses). */
export async function reportFigures(db: Executor, discountId: string) {
  const paid = sql`(select r.order_id from ${discountRedemptions} r
    where r.discount_id = ${discountId} and r.status = 'final')`;
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      revenueAfterDiscount: sql<number>`coalesce(sum(${orders.itemsCents} - ${orders.discountCents}), 0)::bigint`,
      totalDiscounted: sql<number>`coalesce(sum(${orders.discountCents} + ${orders.shippingDiscountCents}), 0)::bigint`,
      itemsSold: sql<number>`coalesce((select sum(i.qty) from ${orderItems} i where i.order_id in ${paid}), 0)::bigint`,
      refunded: sql<number>`coalesce((select sum(f.amount_cents) from ${refunds} f
        where f.status = 'succeeded' and f.order_id in ${paid}), 0)::bigint`,
    })
    .from(orders)
    .where(sql`${orders.id} in ${paid}`);
  return {
    orders: Number(row?.orders ?? 0),
    revenueAfterDiscountCents: Number(row?.revenueAfterDiscount ?? 0),
    totalDiscountedCents: Number(row?.totalDiscounted ?? 0),
    itemsSold: Number(row?.itemsSold ?? 0),
    refundedCents: Number(row?.refunded ?? 0),
  };
}

/** Final uses of the discount (one per paid order). */
export async function finalUses(db: Executor, discountId: string): Promise<number> {
  const [row] = await db
    .select({ uses: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(
      and(eq(discountRedemptions.discountId, discountId), eq(discountRedemptions.status, 'final')),
    );
  return Number(row?.uses ?? 0);
}

/** What the back office calls each of these variants: 'Field Shirt — Clay / L'. */
export async function findVariantNames(
  db: Executor,
  variantIds: readonly string[],
): Promise<Map<string, string>> {
  if (!variantIds.length) return new Map();
  const rows = await db
    .select({ id: variants.id, product: products.name, values: variants.optionValues })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.id, [...variantIds]));
  return new Map(
    rows.map((row) => [
      row.id,
      row.values.length ? `${row.product} — ${row.values.join(' / ')}` : row.product,
    ]),
  );
}

import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DiscountRule } from '@shop/shared/discounts';
import type { Database, Executor } from '../../db/client';
import { preparedRead } from '../../db/prepared';
import { discountCodes, discountRedemptions, discounts } from '../../db/schema';

export type DiscountRow = typeof discounts.$inferSelect;
export type NewDiscount = typeof discounts.$inferInsert;

/** A discount row as the rules in packages/shared read it. */
export function ruleOf(row: DiscountRow, code: string | null): DiscountRule {
  return {
    id: row.id,
    code,
    title: code ?? row.title,
    kind: row.kind as DiscountRule['kind'],
    percent: row.percent,
    amountCents: row.amountCents,
    maxShippingCents: row.maxShippingCents,
    target: row.wholeOrder
      ? null
      : {
          productIds: row.productIds,
          variantIds: row.variantIds,
          collectionIds: row.collectionIds,
        },
    minItemsCents: row.minItemsCents,
    minQuantity: row.minQuantity,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    active: row.active,
  };
}

export interface CodeMatch {
  discount: DiscountRow;
  codeId: string;
  code: string;
  /** The code has a limit of its own (a generated single-use code): its own counter counts. */
  codeLimited: boolean;
  /** Used as often as it may be: the code's own limit, or its discount's. */
  usedUp: boolean;
}

/** The code a shopper typed (already upper-cased) with its discount; automatic ones have none. */
export async function findCode(db: Executor, code: string): Promise<CodeMatch | undefined> {
  const [row] = await db
    .select({ discount: discounts, code: discountCodes })
    .from(discountCodes)
    .innerJoin(discounts, eq(discounts.id, discountCodes.discountId))
    .where(and(eq(discountCodes.code, code), eq(discounts.automatic, false)));
  if (!row) return undefined;
  const over = (used: number, limit: number | null) => limit !== null && used >= limit;
  return {
    discount: row.discount,
    codeId: row.code.id,
    code: row.code.code,
    codeLimited: row.code.usageLimit !== null,
    usedUp:
      over(row.code.usedCount, row.code.usageLimit) ||
      over(row.discount.usedCount, row.discount.usageLimit),
  };
}

/** An automatic discount that is on and not used up (its dates are the rules' to judge). */
const automaticInUse = [
  eq(discounts.automatic, true),
  eq(discounts.active, true),
  sql`(${discounts.usageLimit} is null or ${discounts.usedCount} < ${discounts.usageLimit})`,
];

/** Prepared (decision 055): every checkout and quote reads it. */
const automaticDiscounts = preparedRead((db) =>
  db
    .select()
    .from(discounts)
    .where(
      and(
        ...automaticInUse,
        sql`(${sql.placeholder('customerKey')}::text is null or not (${discounts.oncePerCustomer} and exists (
          select 1 from ${discountRedemptions} r where r.discount_id = ${discounts.id}
            and r.customer_key = ${sql.placeholder('customerKey')}::text and r.status <> 'released')))`,
      ),
    )
    .prepare('discounts_automatic'),
);

/** Active automatic discounts not used up, and not already used by this customer where once. */
export async function findAutomaticDiscounts(
  db: Database,
  customerKey: string | null,
): Promise<DiscountRow[]> {
  return automaticDiscounts(db).execute({ customerKey });
}

const productSaleDiscounts = preparedRead((db) =>
  db
    .select()
    .from(discounts)
    .where(
      and(
        ...automaticInUse,
        eq(discounts.kind, 'percentage'),
        eq(discounts.oncePerCustomer, false),
      ),
    )
    .prepare('discounts_product_sales'),
);

/**
 * Active automatic percentages, not used up and for anyone: those whose price products may show
 * (decision 052; the rules in packages/shared judge their dates and minimums). Asked by every
 * catalog read, so prepared.
 */
export async function findProductSaleDiscounts(db: Database): Promise<DiscountRow[]> {
  return productSaleDiscounts(db).execute();
}

/** Whether this customer holds a live use of a once-per-customer discount. */
export async function hasUsed(
  db: Executor,
  discountId: string,
  customerKey: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: discountRedemptions.id })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.discountId, discountId),
        eq(discountRedemptions.customerKey, customerKey),
        sql`${discountRedemptions.status} <> 'released'`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type ReserveOutcome = 'reserved' | 'used_up' | 'already_used';

/**
 * Reserves one use for an order, in the checkout's transaction: each counter is raised by one
 * conditional update under its limit (never read, then written), and the redemption is written
 * unless this customer holds a live one of a once-per-customer discount. A refusal is answered
 * before anything is written, or the caller's transaction rolls back what was.
 */
export async function reserveUse(
  tx: Executor,
  use: {
    discountId: string;
    codeId: string | null;
    /** Only a code with a limit of its own has its counter raised (one statement less). */
    codeLimited: boolean;
    orderId: string;
    customerKey: string;
    oncePerCustomer: boolean;
  },
): Promise<ReserveOutcome> {
  if (use.codeId && use.codeLimited) {
    const code = await tx
      .update(discountCodes)
      .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
      .where(
        and(
          eq(discountCodes.id, use.codeId),
          sql`(${discountCodes.usageLimit} is null or ${discountCodes.usedCount} < ${discountCodes.usageLimit})`,
        ),
      )
      .returning({ id: discountCodes.id });
    if (!code.length) return 'used_up';
  }
  const discount = await tx
    .update(discounts)
    .set({ usedCount: sql`${discounts.usedCount} + 1` })
    .where(
      and(
        eq(discounts.id, use.discountId),
        sql`(${discounts.usageLimit} is null or ${discounts.usedCount} < ${discounts.usageLimit})`,
      ),
    )
    .returning({ id: discounts.id });
  if (!discount.length) return 'used_up';
  const written = await tx
    .insert(discountRedemptions)
    .values({
      discountId: use.discountId,
      codeId: use.codeId,
      orderId: use.orderId,
      customerKey: use.customerKey,
      oncePerCustomer: use.oncePerCustomer,
    })
    .onConflictDoNothing({
      target: [discountRedemptions.discountId, discountRedemptions.customerKey],
      where: sql`${discountRedemptions.oncePerCustomer} and ${discountRedemptions.status} <> 'released'`,
    })
    .returning({ id: discountRedemptions.id });
  return written.length ? 'reserved' : 'already_used';
}

/**
 * An unpaid order's use goes back (its checkout expired or was cancelled): once, however often
 * this is called, since only a reserved redemption is released.
 */
export async function releaseUse(tx: Executor, orderId: string): Promise<void> {
  const [released] = await tx
    .update(discountRedemptions)
    .set({ status: 'released', settledAt: new Date() })
    .where(
      and(eq(discountRedemptions.orderId, orderId), eq(discountRedemptions.status, 'reserved')),
    )
    .returning({ discountId: discountRedemptions.discountId, codeId: discountRedemptions.codeId });
  if (!released) return;
  await tx
    .update(discounts)
    .set({ usedCount: sql`${discounts.usedCount} - 1` })
    .where(eq(discounts.id, released.discountId));
  if (released.codeId)
    await tx
      .update(discountCodes)
      .set({ usedCount: sql`${discountCodes.usedCount} - 1` })
      // Only a code with a limit of its own was counted (reserveUse); code limits never change.
      .where(and(eq(discountCodes.id, released.codeId), isNotNull(discountCodes.usageLimit)));
}

/** The order was paid: its use is final (kept when the order is later refunded). */
export async function finalizeUse(tx: Executor, orderId: string): Promise<void> {
  await tx
    .update(discountRedemptions)
    .set({ status: 'final', settledAt: new Date() })
    .where(
      and(eq(discountRedemptions.orderId, orderId), eq(discountRedemptions.status, 'reserved')),
    );
}

/** A discount with its codes (the admin's create, and tests). */
export async function insertDiscount(
  db: Executor,
  discount: NewDiscount,
  codes: { code: string; usageLimit: number | null }[],
): Promise<DiscountRow> {
  const [row] = await db.insert(discounts).values(discount).returning();
  if (!row) throw new Error('discount was not written');
  if (codes.length)
    await db.insert(discountCodes).values(codes.map((code) => ({ ...code, discountId: row.id })));
  return row;
}

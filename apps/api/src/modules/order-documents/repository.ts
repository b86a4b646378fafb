import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invoiceCounter, invoices, shopDetails } from '../../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;

export async function findShopDetails(
  db: Executor,
): Promise<{ name: string; address: string } | undefined> {
  const [row] = await db
    .select({ name: shopDetails.name, address: shopDetails.address })
    .from(shopDetails);
  return row;
}

export async function upsertShopDetails(
  db: Executor,
  details: { name: string; address: string },
): Promise<void> {
  await db
    .insert(shopDetails)
    .values({ id: 1, ...details })
    .onConflictDoUpdate({
      target: shopDetails.id,
      set: { ...details, updatedAt: sql`now()` },
    });
}

export async function findInvoices(db: Executor, orderIds: string[]): Promise<InvoiceRow[]> {
  if (!orderIds.length) return [];
  return db.select().from(invoices).where(inArray(invoices.orderId, orderIds));
}

/**
 * Locks the invoice counter's row until the transaction ends (creating it the first time) and
 * answers the last number given: every issuer queues here, so numbers never collide or skip.
 */
export async function lockInvoiceCounter(tx: Executor): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounter)
    .values({ id: 1, lastNumber: 0 })
    .onConflictDoUpdate({
      target: invoiceCounter.id,
      set: { lastNumber: sql`${invoiceCounter.lastNumber}` },
    })
    .returning({ lastNumber: invoiceCounter.lastNumber });
  if (!row) throw new Error('the invoice counter has no row');
  return row.lastNumber;
}

/** Writes the invoices and moves the counter to the last of them (under lockInvoiceCounter). */
export async function insertInvoices(
  tx: Executor,
  rows: { orderId: string; number: number }[],
  lastNumber: number,
): Promise<InvoiceRow[]> {
  if (!rows.length) return [];
  const written = await tx.insert(invoices).values(rows).returning();
  await tx.update(invoiceCounter).set({ lastNumber });
  return written;
}

import { asc, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

/** Appends a row; there is deliberately no update or delete here (a trigger refuses both). */
export async function insertAuditRow(db: Executor, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

export async function listAuditRows(
  db: Executor,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(auditLog),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function auditRowsOfOrder(db: Executor, orderId: string): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(eq(auditLog.orderId, orderId)).orderBy(asc(auditLog.at));
}

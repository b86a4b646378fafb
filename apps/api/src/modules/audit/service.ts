import type { AuditEntry } from '@shop/shared/back-office';
import type { Executor } from '../../db/client';
import { pageCounts, pageWindow } from '../../lib/search';
import { auditRowsOfOrder, insertAuditRow, listAuditRows, type AuditRow } from './repository';

/** Who did a back-office write, from where. */
export interface AuditActor {
  user: { id: string; email: string; name: string };
  clientAddress: string;
}

export interface AuditFact {
  /** e.g. 'order.shipped', 'order.refunded', 'staff.invited', 'staff.removed'. */
  action: string;
  orderId?: string;
  targetUserId?: string;
  /** The product a catalog or stock change is about. */
  productId?: string;
  /** A short line for people; no secrets (tokens, codes, passwords). */
  summary: string;
}

/**
 * Appends the audit row of a back-office write. Call it in the write's own transaction, so the
 * row exists exactly when the change does.
 */
export async function recordAudit(tx: Executor, actor: AuditActor, fact: AuditFact): Promise<void> {
  await insertAuditRow(tx, {
    actorId: actor.user.id,
    actorEmail: actor.user.email,
    actorName: actor.user.name,
    action: fact.action,
    orderId: fact.orderId ?? null,
    targetUserId: fact.targetUserId ?? null,
    productId: fact.productId ?? null,
    summary: fact.summary,
    clientAddress: actor.clientAddress,
  });
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    actor: { _id: row.actorId, email: row.actorEmail, name: row.actorName },
    action: row.action,
    orderId: row.orderId,
    userId: row.targetUserId,
    summary: row.summary,
    clientAddress: row.clientAddress,
  };
}

export async function listAudit(
  db: Executor,
  page: number,
  pageSize: number,
): Promise<{ entries: AuditEntry[]; page: number; pages: number; total: number }> {
  const { rows, total } = await listAuditRows(db, pageWindow(page, pageSize));
  return { entries: rows.map(toAuditEntry), ...pageCounts(page, total, pageSize) };
}

/** The audit rows of one order, oldest first, for its timeline. */
export async function auditOfOrder(db: Executor, orderId: string): Promise<AuditEntry[]> {
  return (await auditRowsOfOrder(db, orderId)).map(toAuditEntry);
}

import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** The catalog import's own SQL. */

/**
 * Takes the catalog import's advisory lock for the caller's transaction if no other transaction
 * (of any API process) holds it; answers whether it did. Commit or rollback frees it.
 */
export async function tryImportLock(tx: Executor): Promise<boolean> {
  const result = await tx.execute(
    sql`select pg_try_advisory_xact_lock(hashtext('shop:catalog-import')) as locked`,
  );
  // Both drivers (pg, PGlite) answer { rows }.
  const [row] = (result as unknown as { rows: { locked: boolean }[] }).rows;
  return row?.locked === true;
}

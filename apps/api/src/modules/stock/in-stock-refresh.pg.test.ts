import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, productIdByHandle } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * A product's in-stock row (and the listings' counts it feeds, decision 059) is refreshed at
 * commit. Two checkouts that take a product's last two variants to zero each refresh it: the
 * second waits for the first's lock and must then read what the first committed. Read in the
 * statement that waited, from the snapshot it took before waiting, the product stayed 'in stock'
 * with nothing left to buy.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({});
});
afterAll(() => t.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('the in-stock refresh (PostgreSQL, two transactions)', () => {
  it('reads what a refresh it waited for committed', async () => {
    const handle = await addProduct(t.database.db, {
      hasSize: true,
      stock: { 'S/M': 1, L: 1, XL: 0 },
    });
    const productId = await productIdByHandle(t.database.db, handle);
    const [first, second] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select id from variants
        where product_id = ${productId} and on_hand > 0 order by position`),
    );
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstHoldsRow!: () => void;
    const firstHolds = new Promise<void>((resolve) => (firstHoldsRow = resolve));

    // The first sells its variant out and refreshes the product now, holding its row until told.
    const firstDone = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update variants set on_hand = 0 where id = ${first!.id}`);
      await tx.execute(sql`select product_in_stock_refresh(array[${productId}]::uuid[])`);
      firstHoldsRow();
      await firstMayCommit;
    });
    await firstHolds;
    // The second sells the other out; its refresh at commit waits for the first's row.
    const secondDone = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update variants set on_hand = 0 where id = ${second!.id}`);
    });
    for (;;) {
      const waiting = rowsOf<{ n: number }>(
        await t.database.db.execute(sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`),
      )[0]!.n;
      if (waiting > 0) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    releaseFirst();
    await Promise.all([firstDone, secondDone]);

    const [row] = rowsOf<{ in_stock: boolean; stock_facets: string[] }>(
      await t.database.db.execute(sql`select in_stock, stock_facets from product_in_stock
        where product_id = ${productId}`),
    );
    expect(row).toEqual({ in_stock: false, stock_facets: [] });
  });
});

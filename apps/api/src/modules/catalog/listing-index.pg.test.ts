import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_FILTERS } from '@shop/shared/listing';
import { addProduct, productIdByHandle } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ListingIndex } from './listing-index';
import { cardPriceSql, findListingFacets, onSaleSql } from './listing-repository';

/**
 * The listing index reads the rows written since the oldest transaction its last read could not
 * see (decision 061), not since the newest it saw: a transaction that started first and commits
 * last is read too. Two transactions at once on PostgreSQL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({});
});
afterAll(() => t.close());

const db = () => t.database.db;
const inStockOnly = { ...NO_FILTERS, inStock: true };
const live = async () =>
  findListingFacets(db(), {
    scope: {},
    filters: inStockOnly,
    onSale: onSaleSql([]),
    cardPrice: cardPriceSql([]),
    sort: 'newest',
    bestSellingFrom: '2026-01-01',
  });
const totalOf = (rows: { facet: string; count: number }[] | undefined) =>
  rows?.find((row) => row.facet === 'total')?.count;

describe('the listing index (PostgreSQL, two transactions)', () => {
  it('reads a write that committed after a later one it had read', async () => {
    const ids: string[] = [];
    for (const n of [1, 2]) {
      const handle = await addProduct(db(), {
        handle: `index-race-${n}`,
        hasSize: true,
        stock: { 'S/M': 1, L: 0, XL: 0 },
      });
      ids.push(await productIdByHandle(db(), handle));
    }
    const index = new ListingIndex(db());
    const read = () => index.facets({ scope: {}, filters: inStockOnly, rules: [] });
    const before = totalOf(await read());
    expect(before).toBe(totalOf(await live()));

    // The first sells its product out and waits, uncommitted: it has its transaction id.
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstWrote!: () => void;
    const firstHasWritten = new Promise<void>((resolve) => (firstWrote = resolve));
    const firstDone = db().transaction(async (tx) => {
      await tx.execute(sql`update variants set on_hand = held where product_id = ${ids[0]!}`);
      firstWrote();
      await firstMayCommit;
    });
    await firstHasWritten;
    // The second starts later, sells the other out and commits; the index reads it.
    await db().execute(sql`update variants set on_hand = held where product_id = ${ids[1]!}`);
    expect(totalOf(await read())).toBe(before! - 1);

    // The first commits last; the next read still finds it.
    releaseFirst();
    await firstDone;
    expect(totalOf(await read())).toBe(before! - 2);
    expect(totalOf(await read())).toBe(totalOf(await live()));
  });
});

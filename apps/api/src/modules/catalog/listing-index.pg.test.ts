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

/**
 * Writes `first` in a transaction that waits, uncommitted (it has its transaction id), while
 * `second` is written and committed by a transaction that started later and `between` runs; then
 * commits it.
 */
async function firstCommitsLast(
  first: ReturnType<typeof sql>,
  second: ReturnType<typeof sql>,
  between: () => Promise<void>,
) {
  let releaseFirst!: () => void;
  const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
  let firstWrote!: () => void;
  const firstHasWritten = new Promise<void>((resolve) => (firstWrote = resolve));
  const firstDone = db().transaction(async (tx) => {
    await tx.execute(first);
    firstWrote();
    await firstMayCommit;
  });
  await firstHasWritten;
  await db().execute(second);
  try {
    await between();
  } finally {
    releaseFirst();
    await firstDone;
  }
}

async function addProducts(prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (const n of [1, 2]) {
    const handle = await addProduct(db(), {
      handle: `${prefix}-${n}`,
      hasSize: true,
      stock: { 'S/M': 1, L: 0, XL: 0 },
    });
    ids.push(await productIdByHandle(db(), handle));
  }
  return ids;
}

describe('the listing index (PostgreSQL, two transactions)', () => {
  it('reads a write that committed after a later one it had read', async () => {
    const ids = await addProducts('index-race');
    const index = new ListingIndex(db());
    const read = () => index.facets({ scope: {}, filters: inStockOnly, rules: [] });
    const before = totalOf(await read());
    expect(before).toBe(totalOf(await live()));

    // The first sells its product out and waits; the second sells the other out and commits.
    await firstCommitsLast(
      sql`update variants set on_hand = held where product_id = ${ids[0]!}`,
      sql`update variants set on_hand = held where product_id = ${ids[1]!}`,
      async () => expect(totalOf(await read())).toBe(before! - 1),
    );
    // The first committed last; the next read still finds it.
    expect(totalOf(await read())).toBe(before! - 2);
    expect(totalOf(await read())).toBe(totalOf(await live()));
  });

  it('reads a name that committed after a later one it had read (decision 068)', async () => {
    const ids = await addProducts('words-race');
    const index = new ListingIndex(db());
    const named = async (word: string) => [...(await index.matchingNumbers({ word }))];
    expect(await named('quokka')).toEqual([]);
    await firstCommitsLast(
      sql`update products set name = 'Quokka' where id = ${ids[0]!}`,
      sql`update products set name = 'Narwhal' where id = ${ids[1]!}`,
      async () => {
        expect(await named('narwhal')).toHaveLength(1);
        expect(await named('quokka')).toEqual([]);
      },
    );
    expect(await named('quokka')).toHaveLength(1);
  });
});

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscountRule } from '@shop/shared/discounts';
import { NO_FILTERS, type ListingFilters } from '@shop/shared/listing';
import { discounts } from '../../db/schema';
import {
  addChangeableCatalog,
  applyCatalogChange,
  catalogChange,
  comparedScopes,
  facetLines,
} from '../../test/catalog-changes';
import { addProduct, openCheckout, productIdByHandle } from '../../test/fixtures';
import { TEST_DATABASE_URL, createTestApp, type TestApp } from '../../test/test-app';
import { insertDiscount, productSaleRules } from '../discounts/service';
import { keptFacetsOf } from './kept-facets';
import {
  cardPriceSql,
  findListingFacets,
  foldKeptFacets,
  onSaleSql,
  type ListingQuery,
  type ListingScope,
} from './listing-repository';
import { seedSampleCatalogIfEmpty } from './seed';

// The facets of the listings with no filter chosen (or 'In stock only'), from the counts the
// database keeps (decision 059), equal the facets counted live from the products, whatever happened to the products
// before: stock crossing zero, prices, categories, publishing, compare-at prices, collections
// joined and left and unpublished, deletion, folds in between.

let t: TestApp;
const db = () => t.database.db;
const run = (statement: ReturnType<typeof sql>) => db().execute(statement);
let productIds: string[] = [];
let collectionIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', ACTION_LIMIT_SCALE: '100000' });
  await seedSampleCatalogIfEmpty(db());
  ({ productIds, collectionIds } = await addChangeableCatalog(db(), 'kept'));
}, 60_000);
afterAll(() => t.close());

const SCOPES = () => comparedScopes(collectionIds);
const lines = facetLines;

/** A listing's facets both ways: counted live from its products, and from the kept counts. */
async function bothWays(
  scope: ListingScope,
  rules: readonly DiscountRule[] = [],
  filters: ListingFilters = NO_FILTERS,
) {
  const query: ListingQuery = {
    scope,
    filters,
    onSale: onSaleSql(rules.map((rule) => rule.target)),
    cardPrice: cardPriceSql(rules),
    sort: 'newest',
    bestSellingFrom: '2026-01-01',
  };
  const kept = await keptFacetsOf(db(), query, rules);
  expect(kept, 'a listing with no filter reads the kept counts').toBeDefined();
  return { live: lines(await findListingFacets(db(), query)), kept: lines(kept ?? []) };
}

/** With no filter, and with 'In stock only', the one filter the kept counts also serve. */
const FILTERS: ListingFilters[] = [NO_FILTERS, { ...NO_FILTERS, inStock: true }];

async function expectKeptEqualsLive(rules: readonly DiscountRule[] = []) {
  for (const scope of SCOPES())
    for (const filters of FILTERS) {
      const { live, kept } = await bothWays(scope, rules, filters);
      expect(kept, JSON.stringify({ scope, inStock: filters.inStock })).toEqual(live);
    }
}

const deltaRows = async () =>
  (
    (await run(sql`select count(*)::int as n from listing_facet_deltas`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;

describe(`kept listing facets (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('equal the live counts on the sample catalog, and a fold leaves no delta and changes nothing', async () => {
    await expectKeptEqualsLive();
    await foldKeptFacets(db());
    expect(await deltaRows()).toBe(0);
    await expectKeptEqualsLive();
  });

  it('equal the live counts after any sequence of catalog changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(catalogChange, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const step of steps)
          await applyCatalogChange(db(), { productIds, collectionIds }, step);
        await expectKeptEqualsLive();
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('price every product under a sale for the whole shop, and the products a narrower sale covers', async () => {
    await run(sql`insert into collection_products (collection_id, product_id, position)
      values (${collectionIds[1]!}, ${productIds[1]!}, 1) on conflict do nothing`);
    await run(
      sql`update products set status = 'published' where id in (${productIds[0]!}, ${productIds[1]!})`,
    );
    // One covered product sold out: 'In stock only' leaves it out of the sale's correction.
    await run(sql`update variants set on_hand = held where product_id = ${productIds[1]!}`);
    // Not on sale before: no compare-at price left by the changes above.
    await run(sql`update variants set compare_at_cents = null
      where product_id in (${productIds[0]!}, ${productIds[1]!})`);
    const [variant] = (
      (await run(sql`select id from variants where product_id = ${productIds[1]!}
        order by position limit 1`)) as unknown as { rows: { id: string }[] }
    ).rows;
    const sale = { kind: 'percentage', automatic: true, wholeOrder: false } as const;
    const narrower = [
      { ...sale, title: 'One product', percent: 30, productIds: [productIds[0]!] },
      { ...sale, title: 'One collection', percent: 45, collectionIds: [collectionIds[1]!] },
      { ...sale, title: 'One variant', percent: 60, variantIds: [variant!.id] },
    ];
    const whole = { ...sale, title: 'Everything', percent: 35, wholeOrder: true };
    try {
      // Each narrower sale alone, all of them, then with a sale for the whole shop besides.
      for (const written of [...narrower.map((rule) => [rule]), narrower, [...narrower, whole]]) {
        await db().delete(discounts);
        for (const rule of written) await insertDiscount(db(), rule, []);
        const rules = await productSaleRules(db(), new Date());
        expect(rules).toHaveLength(written.length);
        await expectKeptEqualsLive(rules);
      }
    } finally {
      await db().delete(discounts);
    }
  });

  it('equal the live counts after sixteen checkouts and four folds at once take every variant to zero', async () => {
    const handles = await Promise.all(
      [0, 1, 2, 3].map((n) =>
        addProduct(db(), {
          handle: `kept-rush-${n}`,
          category: 'hoodies',
          hasSize: true,
          stock: { 'S/M': 1, L: 2, XL: 1 },
        }),
      ),
    );
    const ids = await Promise.all(handles.map((handle) => productIdByHandle(db(), handle)));
    // Sixteen checkouts at once for sixteen units, each taking a variant to zero or nearer it,
    // while four folds (as two API processes' sweeps would) run among them. A refusal throws.
    const folds = [0, 1, 2, 3].map(() => foldKeptFacets(db()));
    await Promise.all(
      ids.flatMap((id, n) =>
        ['S/M', 'L', 'L', 'XL'].map((size, k) =>
          openCheckout(
            t,
            { email: `rush-${n}-${k}@example.com` },
            [{ product: id, size, qty: 1 }],
            `10.62.${n}.${k}`,
          ),
        ),
      ),
    );
    await Promise.all(folds);
    const rows = (await run(sql`select count(*)::int as n from product_in_stock
      where product_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and in_stock`)) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(0);
    await expectKeptEqualsLive();
  });

  it('lose what a deleted product counted for', async () => {
    await run(sql`insert into collection_products (collection_id, product_id, position)
      values (${collectionIds[0]!}, ${productIds[2]!}, 9) on conflict do nothing`);
    await run(sql`update products set status = 'published' where id = ${productIds[2]!}`);
    await run(sql`delete from products where id = ${productIds[2]!}`);
    productIds = productIds.slice(0, 2);
    await expectKeptEqualsLive();
    await foldKeptFacets(db());
    await expectKeptEqualsLive();
  });
});

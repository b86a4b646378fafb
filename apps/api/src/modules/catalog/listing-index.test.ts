import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '@shop/shared/catalog';
import { CATEGORIES } from '@shop/shared/catalog-constants';
import type { DiscountRule } from '@shop/shared/discounts';
import { NO_FILTERS, type ListingFilters } from '@shop/shared/listing';
import { discounts } from '../../db/schema';
import {
  addBackOfficeUser,
  addPublishedProductWithVariants,
} from '../../test/back-office-fixtures';
import {
  addChangeableCatalog,
  applyCatalogChange,
  catalogChange,
  comparedScopes,
  facetLines,
} from '../../test/catalog-changes';
import { addProduct, productIdByHandle } from '../../test/fixtures';
import { TEST_DATABASE_URL, createTestApp, type TestApp } from '../../test/test-app';
import { insertDiscount, productSaleRules } from '../discounts/service';
import { findSearchMatchNumbers } from '../search/repository';
import { searchAttempts, searchMatchesOf, searchScopeOf } from '../search/service';
import { ListingIndex } from './listing-index';
import {
  cardPriceSql,
  findListingFacets,
  onSaleSql,
  type ListingQuery,
  type ListingScope,
} from './listing-repository';
import { seedSampleCatalogIfEmpty } from './seed';

// The facets of filtered listings counted by the listing index in memory (decision 061) equal
// the facets the database counts, for any filters, after any changes to the catalog, under sales.

let t: TestApp;
const db = () => t.database.db;
const run = (statement: ReturnType<typeof sql>) => db().execute(statement);
let productIds: string[] = [];
let collectionIds: string[] = [];
/** Every option value some product has, by option ('size' → ['L', …]). */
const optionValues = new Map<string, string[]>();

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', ACTION_LIMIT_SCALE: '100000' });
  await seedSampleCatalogIfEmpty(db());
  const staff = await addBackOfficeUser(t, 'owner');
  ({ productIds, collectionIds } = await addChangeableCatalog(db(), 'indexed'));
  // Colour × Size with some pairs missing, and a product with a third option.
  await addPublishedProductWithVariants(t, staff.token, {
    name: 'Indexed Two-Way Tee',
    price: 31,
    options: { Colour: ['Sand', 'Ink'], Size: ['M', 'L'] },
    combos: [
      ['Sand', 'M'],
      ['Sand', 'L'],
      ['Ink', 'L'],
    ],
  });
  await addPublishedProductWithVariants(t, staff.token, {
    name: 'Indexed Three-Way Tee',
    price: 44,
    options: { Colour: ['Rust', 'Ink'], Size: ['XS'], Fit: ['Boxy', 'Slim'] },
    combos: [
      ['Rust', 'XS', 'Boxy'],
      ['Ink', 'XS', 'Slim'],
    ],
  });
  await run(sql`update variants set on_hand = held + 3 where on_hand = 0 and product_id in (
    select id from products where name like 'Indexed %')`);
  const facets = (await run(
    sql`select distinct unnest(facets) as facet from product_in_stock`,
  )) as unknown as { rows: { facet: string }[] };
  for (const { facet } of facets.rows) {
    const [param, value] = facet.split('=') as [string, string];
    optionValues.set(param, [...(optionValues.get(param) ?? []), value].sort());
  }
}, 60_000);
afterAll(() => t.close());

const SCOPES = () => comparedScopes(collectionIds);
const lines = facetLines;

/** Filters a shopper could choose: any mix of types, collections, a price range, options. */
const filtersArbitrary = () =>
  fc.record({
    types: fc.subarray<Category>(['totes', 'hoodies', 'selflove_men_tshirts', 'belts']),
    collections: fc.subarray(['indexed-collection-1', 'indexed-collection-2', 'unknown']),
    price: fc.option(
      fc.record({
        minCents: fc.option(fc.integer({ min: 0, max: 6000 }), { nil: null }),
        maxCents: fc.option(fc.integer({ min: 1000, max: 10_000 }), { nil: null }),
      }),
      { nil: undefined },
    ),
    inStock: fc.boolean(),
    onSale: fc.boolean(),
    options: fc
      .subarray([...optionValues.keys()], { maxLength: 3 })
      .chain((params) =>
        fc.tuple(
          ...params.map((param) =>
            fc
              .subarray(optionValues.get(param)!, { minLength: 1 })
              .map((values) => ({ param, values })),
          ),
        ),
      ),
  }) satisfies fc.Arbitrary<ListingFilters>;

/** Both counts of a listing: undefined from the index when it leaves the listing to the database. */
async function bothWays(
  index: ListingIndex,
  scope: ListingScope,
  filters: ListingFilters,
  rules: readonly DiscountRule[] = [],
) {
  const query: ListingQuery = {
    scope,
    filters,
    onSale: onSaleSql(rules.map((rule) => rule.target)),
    cardPrice: cardPriceSql(rules),
    sort: 'newest',
    bestSellingFrom: '2026-01-01',
  };
  const indexed = await index.facets({ scope, filters, rules });
  return {
    live: lines(await findListingFacets(db(), query)),
    indexed: indexed && lines(indexed),
  };
}

let compared = 0;
let leftToDatabase = 0;
async function expectIndexEqualsLive(
  index: ListingIndex,
  filters: ListingFilters,
  rules: readonly DiscountRule[] = [],
) {
  for (const scope of SCOPES()) {
    const { live, indexed } = await bothWays(index, scope, filters, rules);
    if (indexed === undefined) {
      leftToDatabase += 1;
      continue;
    }
    compared += 1;
    expect(indexed, JSON.stringify({ scope, filters })).toEqual(live);
  }
}

describe(`the listing index (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('counts as the database counts, for any filters on the sample catalog', async () => {
    const index = new ListingIndex(db());
    await fc.assert(
      fc.asyncProperty(filtersArbitrary(), (filters) => expectIndexEqualsLive(index, filters)),
      { numRuns: 60 },
    );
    await expectIndexEqualsLive(index, NO_FILTERS);
    // Every value of Colour and of Size alone, and every two of them together.
    const colours = optionValues.get('colour')!;
    const sizes = optionValues.get('size')!;
    for (const colour of [undefined, ...colours])
      for (const size of [undefined, ...sizes]) {
        const options = [
          ...(colour ? [{ param: 'colour', values: [colour] }] : []),
          ...(size ? [{ param: 'size', values: [size] }] : []),
        ];
        await expectIndexEqualsLive(index, { ...NO_FILTERS, options });
        await expectIndexEqualsLive(index, { ...NO_FILTERS, options: options.reverse() });
      }
    // Several values of one option: a value paired with two of them counts once.
    await expectIndexEqualsLive(index, {
      ...NO_FILTERS,
      options: [{ param: 'size', values: ['L', 'M'] }],
    });
    // Most listings were counted by the index; those with three options chosen were not.
    expect(compared).toBeGreaterThan(200);
    expect(leftToDatabase).toBeGreaterThan(0);
  }, 120_000);

  it('counts as the database counts after any changes, read as they come or all at once', async () => {
    const index = new ListingIndex(db());
    await index.catchUp();
    await fc.assert(
      fc.asyncProperty(
        fc.array(catalogChange, { minLength: 1, maxLength: 6 }),
        fc.array(filtersArbitrary(), { minLength: 1, maxLength: 3 }),
        async (steps, filtersList) => {
          for (const step of steps)
            await applyCatalogChange(db(), { productIds, collectionIds }, step);
          const fresh = new ListingIndex(db());
          for (const filters of filtersList) {
            await expectIndexEqualsLive(index, filters);
            await expectIndexEqualsLive(fresh, filters);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 180_000);

  it('counts a product that moved between two categories of one page once', async () => {
    const index = new ListingIndex(db());
    await index.catchUp();
    const moved = (await run(
      sql`select id from products where category = 'selflove_women_tshirts' limit 1`,
    )) as unknown as { rows: { id: string }[] };
    const id = moved.rows[0]!.id;
    const move = (category: Category) =>
      run(sql`update products set category = ${category} where id = ${id}`);
    const eachTee = ['selflove_women_tshirts', 'selflove_men_tshirts'] as const;
    const expectEachTeeCounted = async () => {
      for (const category of eachTee) {
        const { live, indexed } = await bothWays(index, { categories: [category] }, NO_FILTERS);
        expect(indexed, category).toEqual(live);
      }
    };
    // Counted once before the move: the index knows each category's products (slotsIn).
    await expectEachTeeCounted();
    await move('selflove_men_tshirts');
    try {
      // The scopes include the page of both tees: the product is in one of its categories.
      await expectIndexEqualsLive(index, NO_FILTERS);
      await expectIndexEqualsLive(index, { ...NO_FILTERS, inStock: true });
      // And it is counted in its new category, not in its old one.
      await expectEachTeeCounted();
    } finally {
      await move('selflove_women_tshirts');
    }
  });

  it('counts a search’s matches as the database counts them', async () => {
    const index = new ListingIndex(db());
    const before = compared;
    const some = fc.sample(filtersArbitrary(), { numRuns: 8, seed: 61 });
    for (const keyword of ['tee', 'tote', 'hodie', 'sand', 'black tote', 'strap', 'indexed tee']) {
      const { attempts } = await searchAttempts(db(), keyword);
      expect(attempts.length, keyword).toBeGreaterThan(0);
      for (const filter of attempts)
        for (const categories of [undefined, ['hoodies', 'selflove_men_tshirts'] as Category[]])
          for (const filters of [NO_FILTERS, { ...NO_FILTERS, inStock: true }, ...some]) {
            const query: ListingQuery = {
              scope: { categories, ...searchScopeOf(filter) },
              filters,
              onSale: onSaleSql([]),
              cardPrice: cardPriceSql([]),
              sort: 'relevance',
              bestSellingFrom: '2026-01-01',
            };
            const indexed = await index.facets({
              scope: { categories, searchMatches: () => searchMatchesOf(db(), filter) },
              filters,
              rules: [],
            });
            if (!indexed) continue;
            compared += 1;
            expect(lines(indexed), JSON.stringify({ keyword, categories, filters })).toEqual(
              lines(await findListingFacets(db(), query)),
            );
          }
    }
    expect(compared - before).toBeGreaterThan(100);
  });

  it('matches a search’s words as the database does, after any changes, read as they come or all at once', async () => {
    const index = new ListingIndex(db());
    await index.catchUp();
    const keywords = [
      ...['tee', 'tote', 'hodie', 'hoodies', 't-shirt', 'black tote', 'flowr tote', 'strap'],
      ...['indexed collection', 'changed ember', 'sunrise weave', 'the', 'soft tote bag'],
    ];
    let matched = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(catalogChange, { minLength: 1, maxLength: 6 }),
        fc.subarray(keywords, { minLength: 1, maxLength: 4 }),
        async (steps, searched) => {
          for (const step of steps)
            await applyCatalogChange(db(), { productIds, collectionIds }, step);
          const fresh = new ListingIndex(db());
          for (const keyword of searched) {
            const { attempts } = await searchAttempts(db(), keyword);
            for (const filter of attempts) {
              const matches = await searchMatchesOf(db(), filter);
              if (!('query' in matches)) throw new Error(`${keyword}: not matched by words`);
              const live = (await findSearchMatchNumbers(db(), filter)).sort((a, b) => a - b);
              const context = JSON.stringify({ keyword, query: matches.query });
              const numbers = async (of: ListingIndex) =>
                [...(await of.matchingNumbers(matches.query))].sort((a, b) => a - b);
              expect(await numbers(index), context).toEqual(live);
              expect(await numbers(fresh), context).toEqual(live);
              if (live.length) matched += 1;
            }
          }
        },
      ),
      { numRuns: 30 },
    );
    expect(matched).toBeGreaterThan(30);
  }, 120_000);

  it('prices and marks the products that sales cover, and leaves a sale on variants to the database', async () => {
    await run(
      sql`update products set status = 'published' where id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    await run(sql`insert into collection_products (collection_id, product_id, position)
      values (${collectionIds[1]!}, ${productIds[1]!}, 1) on conflict do nothing`);
    const [variant] = (
      (await run(sql`select id from variants where product_id = ${productIds[1]!}
        order by position limit 1`)) as unknown as { rows: { id: string }[] }
    ).rows;
    const sale = { kind: 'percentage', automatic: true, wholeOrder: false } as const;
    const onProduct = { ...sale, title: 'One product', percent: 30, productIds: [productIds[0]!] };
    const onCollection = {
      ...sale,
      title: 'One collection',
      percent: 45,
      collectionIds: [collectionIds[1]!],
    };
    const whole = { ...sale, title: 'Everything', percent: 35, wholeOrder: true };
    const onVariant = { ...sale, title: 'One variant', percent: 60, variantIds: [variant!.id] };
    // 30 % off 10.05 is 3.015, rounded half up to 3.02: the card shows 7.03, under 7.04.
    await run(sql`update products set price_cents = 1005 where id = ${productIds[0]!}`);
    const index = new ListingIndex(db());
    const filtered: ListingFilters[] = [
      { ...NO_FILTERS, price: { minCents: null, maxCents: 704 } },
      { ...NO_FILTERS, onSale: true },
      { ...NO_FILTERS, price: { minCents: 1000, maxCents: 3000 } },
      { ...NO_FILTERS, types: ['hoodies', 'totes'], onSale: true },
    ];
    try {
      for (const written of [[onProduct], [onCollection], [onProduct, onCollection, whole]]) {
        await db().delete(discounts);
        for (const rule of written) await insertDiscount(db(), rule, []);
        const rules = await productSaleRules(db(), new Date());
        for (const filters of filtered) await expectIndexEqualsLive(index, filters, rules);
      }
      await insertDiscount(db(), onVariant, []);
      const rules = await productSaleRules(db(), new Date());
      expect(await index.facets({ scope: {}, filters: filtered[0]!, rules })).toBeUndefined();
    } finally {
      await db().delete(discounts);
    }
  });

  it('forgets a deleted product, and reads everything again after an hour without a read', async () => {
    let clock = Date.parse('2026-11-27T12:00:00Z');
    const index = new ListingIndex(db(), () => clock);
    const inStockOnly = { ...NO_FILTERS, inStock: true };
    const extra = await productIdByHandle(
      db(),
      await addProduct(db(), {
        handle: 'indexed-extra',
        category: 'hoodies',
        hasSize: true,
        stock: { 'S/M': 1, L: 1, XL: 1 },
      }),
    );
    await run(
      sql`update products set status = 'published' where id in (${productIds[2]!}, ${extra})`,
    );
    await expectIndexEqualsLive(index, inStockOnly);
    await run(sql`delete from products where id = ${productIds[2]!}`);
    productIds = productIds.slice(0, 2);
    await expectIndexEqualsLive(index, inStockOnly);

    // A deletion it cannot read (its trace removed by hand): within the hour it still counts the
    // product; after an hour without a read it reads every product again, and forgets it.
    await run(sql`delete from products where id = ${extra}`);
    await run(sql`delete from product_in_stock_gone`);
    clock += 30 * 60 * 1000;
    const stale = await bothWays(index, { categories: ['hoodies'] }, inStockOnly);
    expect(stale.indexed).not.toEqual(stale.live);
    clock += 2 * 60 * 60 * 1000;
    await expectIndexEqualsLive(index, inStockOnly);
  });

  it('counts a product added after a count in its category, whatever the category', async () => {
    const index = new ListingIndex(db());
    const expectEachCategoryCounted = async () => {
      for (const category of CATEGORIES) {
        const { live, indexed } = await bothWays(index, { categories: [category] }, NO_FILTERS);
        expect(indexed, category).toEqual(live);
      }
    };
    await expectEachCategoryCounted();
    // One at a time: the first product of the index's first category counts too.
    for (const category of CATEGORIES) {
      const handle = await addProduct(db(), { handle: `indexed-new-${category}`, category });
      await run(sql`update products set status = 'published' where handle = ${handle}`);
      await expectEachCategoryCounted();
    }
  });
});

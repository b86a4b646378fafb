import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salePriceOf } from '@shop/shared/sale-prices';
import { discountRule } from '@shop/shared/testing/discount-rule';
import { productListSchema, type ProductList } from '@shop/shared/catalog';
import { collectionPageSchema } from '@shop/shared/collections';
import { collectionProducts, collections, discounts, products, variants } from '../../db/schema';
import {
  addBackOfficeUser,
  addPublishedProductWithVariants,
} from '../../test/back-office-fixtures';
import { addProduct, productIdByHandle } from '../../test/fixtures';
import { placePaidOrder } from '../../test/paid-orders';
import { TEST_DATABASE_URL, createTestApp, type TestApp } from '../../test/test-app';
import { insertDiscount } from '../discounts/service';
import { cardPriceSql } from './listing-repository';
import { SAMPLE_CATALOG } from './sample-catalog';
import { seedSampleCatalogIfEmpty } from './seed';

// Sort and filters with their facet counts on every listing (issue 22, decision 057), on the
// sample catalog and two tees in Colour × Size written by the back office.

let t: TestApp;
let staff: { token: string };
const TEES = ['selflove_women_tshirts', 'selflove_men_tshirts'];
const sampleTees = SAMPLE_CATALOG.filter((sample) => TEES.includes(sample.category));

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', ACTION_LIMIT_SCALE: '1000' });
  await seedSampleCatalogIfEmpty(t.database.db);
  staff = await addBackOfficeUser(t, 'staff');
}, 60_000);
afterAll(() => t.close());

async function list(query: string): Promise<ProductList> {
  const response = await t.app.inject(`/api/products?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return productListSchema.parse(response.json());
}
const names = (page: ProductList) => page.products.map((product) => product.name);
const counts = (values: { value: string; count: number }[] | undefined) =>
  Object.fromEntries((values ?? []).map(({ value, count }) => [value, count]));
const optionCounts = (page: ProductList, param: string) =>
  counts(page.facets?.options.find((option) => option.param === param)?.values);

const call = (method: 'POST' | 'PUT', url: string, body: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${staff.token}` },
    payload: body as object,
  });

/** A published tee in Colour × Size: `stock` units of each combination given, none of the rest. */
async function colourBySizeTee(name: string, price: number, stock: Record<string, number>) {
  const combos = Object.keys(stock).map((key) => key.split('/') as [string, string]);
  const { id, variants } = await addPublishedProductWithVariants(t, staff.token, {
    name,
    price,
    options: {
      Colour: [...new Set(combos.map(([colour]) => colour))],
      Size: [...new Set(combos.map(([, size]) => size))],
    },
    combos,
  });
  for (const v of variants) {
    const units = stock[v.options.join('/')] ?? 0;
    if (!units) continue;
    const adjusted = await call('POST', '/api/admin/stock/adjust', {
      product: id,
      variant: v._id,
      change: units,
      reason: 'received',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
  }
  return id;
}

describe(`sort and filters (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps the spec’s { products, page, pages } and answers the facets beside them', async () => {
    const page = await list('');
    expect(Object.keys(page).sort()).toEqual(['facets', 'page', 'pages', 'products']);
    expect(page.facets?.types.map((type) => type.label)).toContain('Flower totes');
  });

  it('sorts a category by price both ways, and says which are dearer first', async () => {
    const query = `category=${TEES.join(',')}`;
    const prices = sampleTees.map((tee) => tee.priceCents / 100);
    const ascending = await list(`${query}&sort=price-asc`);
    expect(ascending.products.map((p) => p.price)).toEqual([...prices].sort((a, b) => a - b));
    const descending = await list(`${query}&sort=price-desc`);
    expect(descending.products.map((p) => p.price)).toEqual([...prices].sort((a, b) => b - a));
  });

  it('counts each size’s tees that can be bought in it, and filters by one', async () => {
    const query = `category=${TEES.join(',')}`;
    const inStockIn = (size: string) =>
      sampleTees.filter((tee) => ((tee.stock as Record<string, number>)[size] ?? 0) > 0);
    const all = await list(query);
    expect(optionCounts(all, 'size')).toEqual({
      'S/M': inStockIn('S/M').length,
      L: inStockIn('L').length,
      XL: inStockIn('XL').length,
    });
    const xl = await list(`${query}&size=XL`);
    expect(names(xl).sort()).toEqual(
      inStockIn('XL')
        .map((tee) => tee.name)
        .sort(),
    );
    // The size facet still counts every size (its own choice does not narrow it).
    expect(optionCounts(xl, 'size')).toEqual(optionCounts(all, 'size'));
  });

  it('counts one option’s values with the other options chosen, not its own', async () => {
    const one = await colourBySizeTee('Facet Tee One', 30, {
      'Sand/L': 2,
      'Sand/XL': 1,
      'Clay/L': 0,
      'Clay/M': 4,
    });
    await colourBySizeTee('Facet Tee Two', 36, { 'Sand/M': 3, 'Clay/L': 5 });
    const scope = 'keyword=facet%20tee';
    const both = await list(scope);
    expect(optionCounts(both, 'colour')).toEqual({ Sand: 2, Clay: 2 });
    expect(optionCounts(both, 'size')).toEqual({ L: 2, XL: 1, M: 2 });

    // The counts follow the stock: One's last Sand XL leaves and comes back (decision 058).
    const [sandXl] = await t.database.db
      .select({ id: variants.id })
      .from(variants)
      .where(and(eq(variants.productId, one), eq(variants.optionValues, ['Sand', 'XL'])));
    const adjust = async (change: number) => {
      const adjusted = await call('POST', '/api/admin/stock/adjust', {
        product: one,
        variant: sandXl!.id,
        change,
        reason: change < 0 ? 'damaged' : 'received',
      });
      expect(adjusted.statusCode, adjusted.body).toBe(200);
    };
    await adjust(-1);
    expect(optionCounts(await list(scope), 'size')).toEqual({ L: 2, XL: 0, M: 2 });
    await adjust(1);
    expect(optionCounts(await list(scope), 'size')).toEqual({ L: 2, XL: 1, M: 2 });

    // Size L: only One's Sand L and Two's Clay L can be bought; the colours count those.
    const sizeL = await list(`${scope}&size=L`);
    expect(names(sizeL).sort()).toEqual(['Facet Tee One', 'Facet Tee Two']);
    expect(optionCounts(sizeL, 'colour')).toEqual({ Sand: 1, Clay: 1 });
    expect(optionCounts(sizeL, 'size')).toEqual(optionCounts(both, 'size'));

    // Size L and Sand: one variant must be both (Two has Sand M and Clay L, neither).
    const sandL = await list(`${scope}&size=L&colour=Sand`);
    expect(names(sandL)).toEqual(['Facet Tee One']);
    expect(optionCounts(sandL, 'size')).toEqual({ L: 1, XL: 1, M: 1 });
    expect(optionCounts(sandL, 'colour')).toEqual({ Sand: 1, Clay: 1 });
    // A price band narrows both, and counts with the options chosen.
    const cheap = await list(`${scope}&size=L&price=30-35`);
    expect(names(cheap)).toEqual(['Facet Tee One']);
    expect(counts(cheap.facets?.prices)).toEqual({ '30-35': 1, '35-': 1 });
  });

  it('filters by price band, in stock and on sale, with counts', async () => {
    const query = `category=${TEES.join(',')}`;
    const band = await list(`${query}&price=30-`);
    const expected = sampleTees.filter((tee) => tee.priceCents >= 3000);
    expect(band.products.every((p) => p.price >= 30)).toBe(true);
    expect(band.products.length).toBeGreaterThanOrEqual(Math.min(12, expected.length));

    const onSaleId = await productIdByHandle(
      t.database.db,
      await addProduct(t.database.db, { name: 'Discounted Filter Tote' }),
    );
    await insertDiscount(
      t.database.db,
      {
        title: 'Filter sale',
        kind: 'percentage',
        percent: 10,
        automatic: true,
        wholeOrder: false,
        productIds: [onSaleId],
      },
      [],
    );
    try {
      const onSale = await list('on-sale=1');
      expect(onSale.products.map((p) => p._id)).toContain(onSaleId);
      expect(onSale.facets?.onSale).toBe(onSale.products.length);
    } finally {
      await t.database.db.delete(discounts);
    }
    await addProduct(t.database.db, { name: 'Sold Out Filter Tote', stock: { total: 0 } });
    const inStock = await list('in-stock=1&keyword=sold%20out%20filter%20tote');
    expect(names(inStock)).not.toContain('Sold Out Filter Tote');
    const any = await list('keyword=sold%20out%20filter%20tote');
    expect(names(any)).toContain('Sold Out Filter Tote');
  });

  it('sorts, bands and filters by the price a card shows: a sale’s, when one covers the product', async () => {
    const query = `category=${TEES.join(',')}`;
    const shown = (page: ProductList) => page.products.map((p) => p.sale?.price ?? p.price);
    const saleId = await productIdByHandle(
      t.database.db,
      await addProduct(t.database.db, {
        name: 'Sale Sort Tee',
        category: 'selflove_men_tshirts',
        priceCents: 9000,
      }),
    );
    const [variant] = await t.database.db
      .select({ id: variants.id })
      .from(variants)
      .where(eq(variants.productId, saleId));
    const sale = { kind: 'percentage', automatic: true, wholeOrder: false } as const;
    // 75% off the product: $90.00 shows as $22.50. 90% off one variant moves no card.
    await insertDiscount(
      t.database.db,
      { ...sale, title: 'Sort sale', percent: 75, productIds: [saleId] },
      [],
    );
    await insertDiscount(
      t.database.db,
      { ...sale, title: 'Variant sale', percent: 90, variantIds: [variant!.id] },
      [],
    );
    try {
      const ascending = await list(`${query}&sort=price-asc`);
      expect(ascending.products[0]?.name).toBe('Sale Sort Tee');
      expect(ascending.products[0]?.sale?.price).toBe(22.5);
      expect(shown(ascending)).toEqual([...shown(ascending)].sort((a, b) => a - b));
      const descending = await list(`${query}&sort=price-desc`);
      expect(shown(descending)).toEqual([...shown(descending)].sort((a, b) => b - a));

      expect(names(await list(`${query}&price=-25`))).toContain('Sale Sort Tee');
      expect(names(await list(`${query}&price=30-`))).not.toContain('Sale Sort Tee');
      // The bands are drawn from the prices cards show: the first starts at or under $22.
      const [cheapest] = (await list(query)).facets?.prices ?? [];
      expect(Number(cheapest?.value.split('-')[0] || 0)).toBeLessThanOrEqual(22);
    } finally {
      await t.database.db.delete(discounts);
      await t.database.db.update(products).set({ status: 'draft' }).where(eq(products.id, saleId));
    }
  });

  it('prices a card under sales in SQL as salePriceOf does, to the cent (property)', async () => {
    const rule = (percent: number) => discountRule({ code: null, percent, target: null });
    const cases = fc.record({
      priceCents: fc.integer({ min: 0, max: 10_000_000 }),
      percents: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(cases, { minLength: 1, maxLength: 40 }), async (batch) => {
        const statement = sql.join(
          batch.map(
            ({ priceCents, percents }, i) =>
              sql`select ${i}::int as i, ${cardPriceSql(percents.map(rule))} as price
                from (select ${priceCents}::int as price_cents, gen_random_uuid() as id) p`,
          ),
          sql` union all `,
        );
        const { rows } = (await t.database.db.execute(statement)) as unknown as {
          rows: { i: number; price: number }[];
        };
        const expected = batch.map(
          ({ priceCents, percents }) =>
            salePriceOf(percents.map(rule), {
              priceCents,
              productId: 'p',
              variantId: null,
              collectionIds: [],
            })?.priceCents ?? priceCents,
        );
        expect(rows.sort((a, b) => a.i - b.i).map((row) => row.price)).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });

  it('sorts by best selling from the units paid in the last 90 days', async () => {
    const low = await addProduct(t.database.db, {
      name: 'Seller Low',
      category: 'hoodies',
      stock: { total: 20 },
    });
    const high = await addProduct(t.database.db, {
      name: 'Seller High',
      category: 'hoodies',
      stock: { total: 20 },
    });
    await addProduct(t.database.db, {
      name: 'Seller None',
      category: 'hoodies',
      stock: { total: 20 },
    });
    await placePaidOrder(t, {
      lines: [{ product: await productIdByHandle(t.database.db, low), qty: 1 }],
    });
    await placePaidOrder(t, {
      lines: [{ product: await productIdByHandle(t.database.db, high), qty: 2 }],
    });
    await placePaidOrder(t, {
      lines: [{ product: await productIdByHandle(t.database.db, high), qty: 1 }],
    });
    const best = await list('keyword=seller&sort=best-selling');
    expect(names(best).filter((name) => name.startsWith('Seller '))).toEqual([
      'Seller High',
      'Seller Low',
      'Seller None',
    ]);
    // Newest first would have put them the other way round.
    const newest = await list('keyword=seller&sort=newest');
    expect(names(newest).filter((name) => name.startsWith('Seller '))).toEqual([
      'Seller None',
      'Seller High',
      'Seller Low',
    ]);
  });

  it('sorts by top rating, unrated last', async () => {
    const page = await list(`category=${TEES.join(',')}&sort=top-rated`);
    const ratings = page.products.map((p) => (p.numReviews ? p.rating : -1));
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('filters a collection and sorts it, the owner’s order by default', async () => {
    const db = t.database.db;
    const [drop] = await db
      .insert(collections)
      .values({ handle: 'filter-drop', name: 'Filter Drop', status: 'published' })
      .returning({ id: collections.id });
    const tees = sampleTees.slice(0, 3);
    const ids = await Promise.all(tees.map((tee) => productIdByHandle(db, tee.slug)));
    await db
      .insert(collectionProducts)
      .values(ids.map((productId, position) => ({ collectionId: drop!.id, productId, position })));
    const read = async (query: string) => {
      const response = await t.app.inject(`/api/collections/filter-drop?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return collectionPageSchema.parse(response.json());
    };
    expect((await read('')).products.map((p) => p.name)).toEqual(tees.map((tee) => tee.name));
    const cheapest = await read('sort=price-asc');
    expect(cheapest.products.map((p) => p.price)).toEqual(
      tees.map((tee) => tee.priceCents / 100).sort((a, b) => a - b),
    );
    expect(cheapest.facets?.options.find((o) => o.param === 'size')).toBeDefined();
    // The home list's collection facet names it.
    const home = await list('');
    expect(home.facets?.collections).toContainEqual({
      value: 'filter-drop',
      label: 'Filter Drop',
      count: 3,
    });
    expect(names(await list('collection=filter-drop')).sort()).toEqual(
      tees.map((tee) => tee.name).sort(),
    );
  });

  it('reads a key no product’s option has as no filter (tags added by other sites, cache busters)', async () => {
    const query = `category=${TEES.join(',')}`;
    const plain = await list(query);
    for (const extra of ['utm_source=news&fbclid=abc', 'bust=1', 'shoe-size=42'])
      expect(names(await list(`${query}&${extra}`)), extra).toEqual(names(plain));
  });

  it.each([
    ['sort=cheapest', 'Unknown sort: cheapest'],
    ['price=cheap', 'Price must be a range in whole dollars, such as 20-40, -40 or 20-'],
    ['price=40-20', 'Price must be a range in whole dollars, such as 20-40, -40 or 20-'],
    ['type=shoes', 'Unknown type: shoes'],
  ])('refuses %s with a 400 and a message', async (query, message) => {
    const response = await t.app.inject(`/api/products?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

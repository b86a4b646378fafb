import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema, type ProductList } from '@shop/shared/catalog';
import { products, variants } from '../../db/schema';
import {
  addBackOfficeUser,
  addPublishedProductWithVariants,
} from '../../test/back-office-fixtures';
import { TEST_DATABASE_URL, createTestApp, type TestApp } from '../../test/test-app';
import { seedSampleCatalogIfEmpty } from './seed';

// Option filters and their counts read from each product's pairs of values in stock (decision
// 060), checked against the variants themselves: whatever the stock and whichever options are
// chosen, a value counts the products with one variant that can be bought in it and in a chosen
// value of every other chosen option. Products with one, two and three options, so the counts
// mix the pairs (one or two options) with the variants (a third option).

let t: TestApp;
let staff: { token: string };

/** The test's products: each option's values; every combination is a variant. */
const SHAPES = [
  { name: 'Pair Tee Duo', options: { Colour: ['Sand', 'Night'], Size: ['S', 'M', 'L'] } },
  {
    name: 'Pair Tee Trio',
    options: { Colour: ['Sand', 'Clay'], Size: ['M', 'L'], Fit: ['Slim', 'Relaxed'] },
  },
  { name: 'Pair Tee Solo', options: { Size: ['S', 'L'] } },
  { name: 'Pair Tee Other', options: { Colour: ['Clay', 'Night'], Fit: ['Slim'] } },
] as const;
const combos = (options: Record<string, readonly string[]>): string[][] =>
  Object.values(options).reduce<string[][]>(
    (all, values) => all.flatMap((combo) => values.map((value) => [...combo, value])),
    [[]],
  );
const PARAMS: Record<string, string[]> = {
  colour: ['Sand', 'Night', 'Clay'],
  size: ['S', 'M', 'L'],
  fit: ['Slim', 'Relaxed'],
};

let variantIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', ACTION_LIMIT_SCALE: '1000' });
  await seedSampleCatalogIfEmpty(t.database.db);
  staff = await addBackOfficeUser(t, 'staff');
  for (const shape of SHAPES)
    await addPublishedProductWithVariants(t, staff.token, {
      name: shape.name,
      price: 30,
      options: shape.options,
      combos: combos(shape.options),
    });
  const rows = await t.database.db
    .select({ id: variants.id })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      inArray(
        products.name,
        SHAPES.map((shape) => shape.name),
      ),
    )
    .orderBy(variants.id);
  variantIds = rows.map((row) => row.id);
}, 60_000);
afterAll(() => t.close());

type Chosen = Record<string, string[]>;

/** What the counts must be, from every listed product's variants as they stand. */
async function expectedCounts(chosen: Chosen) {
  const rows = await t.database.db
    .select({
      productId: variants.productId,
      facets: variants.facets,
      available: variants.available,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(products.status, 'published'));
  const byProduct = new Map<string, { facets: string[]; available: number }[]>();
  for (const row of rows)
    byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  const paramOf = (facet: string) => facet.slice(0, facet.indexOf('='));
  /** A variant that can be bought with a chosen value of each chosen option but `except`. */
  const matches = (variant: { facets: string[]; available: number }, except?: string) =>
    variant.available > 0 &&
    Object.entries(chosen).every(
      ([param, values]) =>
        param === except || values.some((value) => variant.facets.includes(`${param}=${value}`)),
    );
  const options: Record<string, Record<string, number>> = {};
  let total = 0;
  for (const product of byProduct.values()) {
    // With no option chosen every listed product counts, sold out or not.
    if (!Object.keys(chosen).length || product.some((variant) => matches(variant))) total += 1;
    for (const facet of new Set(product.flatMap((variant) => variant.facets))) {
      const param = paramOf(facet);
      const counted = product.some(
        (variant) => variant.facets.includes(facet) && matches(variant, param),
      );
      const values = (options[param] ??= {});
      values[facet.slice(param.length + 1)] =
        (values[facet.slice(param.length + 1)] ?? 0) + (counted ? 1 : 0);
    }
  }
  return { total, options };
}

async function actualCounts(chosen: Chosen) {
  const query = Object.entries(chosen)
    .flatMap(([param, values]) => values.map((value) => `${param}=${encodeURIComponent(value)}`))
    .join('&');
  const response = await t.app.inject(`/api/products?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const list: ProductList = productListSchema.parse(response.json());
  const options = Object.fromEntries(
    (list.facets?.options ?? []).map((option) => [
      option.param,
      Object.fromEntries(option.values.map(({ value, count }) => [value, count])),
    ]),
  );
  return { total: list.facets?.total, options };
}

const chosenArbitrary: fc.Arbitrary<Chosen> = fc
  .record(
    Object.fromEntries(
      Object.entries(PARAMS).map(([param, values]) => [
        param,
        fc.option(fc.subarray(values, { minLength: 1 }), { nil: undefined }),
      ]),
    ),
  )
  .map((record) =>
    Object.fromEntries(Object.entries(record).filter(([, values]) => values !== undefined)),
  ) as fc.Arbitrary<Chosen>;

describe(`option filters from pairs of values in stock (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('count as the variants say, whatever the stock and the options chosen (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(0, 0, 1, 3), {
          minLength: variantIds.length,
          maxLength: variantIds.length,
        }),
        fc.array(chosenArbitrary, { minLength: 1, maxLength: 3 }),
        async (stock, choices) => {
          for (const [i, id] of variantIds.entries())
            await t.database.db
              .update(variants)
              .set({ onHand: stock[i]!, held: 0 })
              .where(eq(variants.id, id));
          for (const chosen of choices)
            expect(await actualCounts(chosen), JSON.stringify(chosen)).toEqual(
              await expectedCounts(chosen),
            );
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});

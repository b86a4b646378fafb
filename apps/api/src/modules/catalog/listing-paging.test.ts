import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readListingFilters, sortsOf, type ListingKind } from '@shop/shared/listing';
import { collectionProducts, collections, products } from '../../db/schema';
import { TEST_DATABASE_URL, createTestApp, type TestApp } from '../../test/test-app';
import { readListing, type ListingPage, type ListingRequest } from './listing';
import { pageWindowOf } from './listing-repository';
import { addProduct, productIdByHandle } from '../../test/fixtures';
import { SAMPLE_CATALOG } from './sample-catalog';
import { seedSampleCatalogIfEmpty } from './seed';

// A page in the back half of a listing is read from its end, in the reverse order (issue 23): the
// pages must be the very pages read from the start, for every listing, sort and page size.

let t: TestApp;
const NOW = new Date('2026-11-27T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await seedSampleCatalogIfEmpty(db);
  // Two products with the same time of creation and the same price: only name and id part them.
  const [first, second] = SAMPLE_CATALOG;
  const twins = [];
  for (const n of [0, 1]) {
    await addProduct(db, {
      name: 'Twin Tee',
      handle: `twin-tee-${n}`,
      category: first!.category,
      priceCents: second!.priceCents,
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    twins.push({ id: await productIdByHandle(db, `twin-tee-${n}`) });
  }
  const [drop] = await db
    .insert(collections)
    .values({ handle: 'paging-drop', name: 'Paging Drop', status: 'published' })
    .returning({ id: collections.id });
  const all = await db.select({ id: products.id }).from(products);
  await db.insert(collectionProducts).values(
    [...twins, ...all.slice(0, 9)].map((product, position) => ({
      collectionId: drop!.id,
      productId: product.id,
      position: position % 4, // positions repeat: the id parts them
    })),
  );
}, 60_000);
afterAll(() => t.close());

const filtersOf = (params: Record<string, string>) => readListingFilters(params).filters;

async function listings(): Promise<[string, ListingKind, Omit<ListingRequest, 'filters'>][]> {
  const [drop] = await t.database.db.select({ id: collections.id }).from(collections);
  return [
    ['home', 'catalog', { page: 1 }],
    ['hoodies and totes', 'catalog', { page: 1, categories: ['hoodies', 'totes'] }],
    ['a collection', 'collection', { page: 1, collectionId: drop!.id }],
    ['search "tee"', 'search', { page: 1, keyword: 'tee' }],
    // One word: the first pages are read from the top score alone (name, in stock) while it fills them.
    ['search "tote"', 'search', { page: 1, keyword: 'tote' }],
    ['search "hodie"', 'search', { page: 1, keyword: 'hodie' }],
    [
      'search "hoodies" among hoodies',
      'search',
      { page: 1, keyword: 'hoodies', categories: ['hoodies'] },
    ],
  ];
}

const idsOf = (found: ListingPage) => found.products.map((product) => product.id);

/** Every product of a listing, page by page, in pages of `size`. */
async function pageByPage(request: ListingRequest, size: number) {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const found = await readListing(t.database.db, { ...request, page }, size, NOW);
    if (!found.products.length) return { ids, total: found.total };
    expect(found.products.length).toBe(Math.min(size, found.total - (page - 1) * size));
    ids.push(...idsOf(found));
  }
}

describe(`listing pages read from either end (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('are the pages read from the start, for every listing, sort and page size', async () => {
    let compared = 0;
    for (const [label, kind, request] of await listings()) {
      for (const sort of sortsOf(kind)) {
        for (const extra of [{}, { stock: 'in' }, { price: '20-60' }] as Record<string, string>[]) {
          const whole = { ...request, filters: filtersOf({ sort, ...extra }) };
          const all = await readListing(t.database.db, whole, 1000, NOW);
          expect(all.products.length, `${label}, ${sort}`).toBe(all.total);
          for (const size of [1, 5, 12]) {
            const paged = await pageByPage(whole, size);
            expect(
              paged.ids,
              `${label}, ${sort}, ${JSON.stringify(extra)}, pages of ${size}`,
            ).toEqual(idsOf(all));
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  }, 120_000);

  it('reads a page from the nearer end, the rows the forward page would read', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 30 }),
        (total, limit, pageIndex) => {
          const rows = Array.from({ length: total }, (_, n) => n);
          const page = { limit, offset: pageIndex * limit };
          const window = pageWindowOf(total, page);
          const read = window.reversed
            ? [...rows]
                .reverse()
                .slice(window.offset, window.offset + window.limit)
                .reverse()
            : rows.slice(window.offset, window.offset + window.limit);
          expect(read).toEqual(rows.slice(page.offset, page.offset + limit));
          // The walk past rows thrown away is never longer than the forward one, nor than half.
          expect(window.offset).toBeLessThanOrEqual(page.offset);
          if (page.offset < total)
            expect(window.offset).toBeLessThanOrEqual(Math.max(0, Math.ceil((total - limit) / 2)));
        },
      ),
    );
  });
});

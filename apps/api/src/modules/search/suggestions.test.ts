import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suggestionsSchema, type Suggestions } from '@shop/shared/search';
import { discounts, products } from '../../db/schema';
import { insertDiscount } from '../discounts/service';
import {
  findPrefixCandidates,
  findSuggestedProducts,
  suggestedProductsSql,
  type SearchFilter,
} from './repository';
import { addProduct } from '../../test/fixtures';
import { TEST_DATABASE_URL, createTestApp, type TestApp } from '../../test/test-app';
import { SAMPLE_CATALOG } from '../catalog/sample-catalog';
import { seedSampleCatalogIfEmpty } from '../catalog/seed';

// The header search box's suggestions on the sample catalog, as a shopper types (issue 22).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSampleCatalogIfEmpty(t.database.db);
  // A draft is nobody's suggestion, not even typed exactly.
  const handle = await addProduct(t.database.db, { name: 'Zephyrine Draft Hoodie' });
  await t.database.db.update(products).set({ status: 'draft' }).where(eq(products.handle, handle));
}, 60_000);
afterAll(() => t.close());

const ask = (q: string) => t.app.inject(`/api/search/suggestions?q=${encodeURIComponent(q)}`);

async function suggestionsFor(q: string): Promise<Suggestions> {
  const response = await ask(q);
  expect(response.statusCode, q).toBe(200);
  return suggestionsSchema.parse(response.json());
}
const names = (suggestions: Suggestions) => suggestions.products.map((product) => product.name);
/** Every sample product of these categories, by name. */
const sampleNames = (...categories: string[]) =>
  SAMPLE_CATALOG.filter((sample) => categories.includes(sample.category)).map(
    (sample) => sample.name,
  );

describe(`search suggestions on the sample catalog (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('suggests the hoodies for "hodi", a typo in the start of the word', async () => {
    const suggestions = await suggestionsFor('hodi');
    const hoodies = sampleNames('hoodies');
    expect(suggestions.products.length).toBe(Math.min(6, hoodies.length));
    for (const name of names(suggestions)) expect(hoodies).toContain(name);
    expect(suggestions.completions[0]).toBe('hoodie');
    expect(suggestions.completions.length).toBeLessThanOrEqual(4);
  });

  it('completes "tot" to the totes, totes first among up to 6 products', async () => {
    const suggestions = await suggestionsFor('tot');
    expect(suggestions.products).toHaveLength(6);
    for (const name of names(suggestions)) expect(name).toMatch(/Tote$/);
    expect(suggestions.completions).toContain('tote');
    // What a suggestion shows: its photo, name and price, and its address.
    const first = suggestions.products[0]!;
    const sample = SAMPLE_CATALOG.find((product) => product.name === first.name)!;
    expect(first.price).toBe(sample.priceCents / 100);
    expect(first.image).toBeTruthy();
    expect(first.handle).toBeTruthy();
  });

  it('suggests the flower totes for "flowr"', async () => {
    const suggestions = await suggestionsFor('flowr');
    // The flower totes first (their name and category), then what only mentions flowers.
    const flowerTotes = sampleNames('flower_totes');
    expect(names(suggestions).slice(0, flowerTotes.length).sort()).toEqual(flowerTotes.sort());
    expect(suggestions.completions[0]).toBe('flower');
  });

  it('completes the last word after whole ones: "flower to"', async () => {
    const suggestions = await suggestionsFor('flower to');
    for (const name of names(suggestions)) expect(sampleNames('flower_totes')).toContain(name);
    expect(suggestions.completions).toContain('flower tote');
  });

  it('finds the top-scored names in stock, then sold out, in the order the full ranking gives', async () => {
    // Six 'Quokka' tees: four in stock, two sold out, each newer than the last; and a tote
    // whose description alone says it (a lower score).
    for (const [i, total] of [5, 0, 3, 0, 2, 1].entries())
      await addProduct(t.database.db, {
        name: `Quokka Tee ${i}`,
        stock: { total },
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
    await addProduct(t.database.db, {
      name: 'Plain Tote',
      descriptionHtml: '<p>Quokka print.</p>',
    });
    const filters: SearchFilter[] = [
      { terms: [[{ prefix: 'quok' }]], every: true },
      { terms: [['quokka'], [{ prefix: 'te' }]], every: true },
      { terms: [[{ prefix: 'hood' }]], every: true },
      { terms: [[{ prefix: 'tot' }]], every: true },
      { terms: [['tote'], [{ prefix: 'flo' }]], every: true },
      { terms: [[{ prefix: 'self' }]], every: true },
    ];
    for (const filter of filters)
      for (const limit of [1, 4, 6, 8]) {
        const ranked = (await t.database.db.execute(suggestedProductsSql(filter, limit))) as {
          rows: unknown[];
        };
        expect(await findSuggestedProducts(t.database.db, filter, limit)).toEqual(ranked.rows);
      }
    const quokkas = await findSuggestedProducts(t.database.db, filters[0]!, 6);
    expect(quokkas.map((row) => row.name)).toEqual([
      'Quokka Tee 5',
      'Quokka Tee 4',
      'Quokka Tee 2',
      'Quokka Tee 0',
      'Quokka Tee 3',
      'Quokka Tee 1',
    ]);
  });

  it('offers every word of a stem some product has, none of a draft', async () => {
    // 'hoodie' and 'hoodies' stem alike: one question of the index answers both.
    const candidates = await findPrefixCandidates(t.database.db, 'hood');
    expect(candidates).toEqual(expect.arrayContaining(['hoodie', 'hoodies']));
    expect(await findPrefixCandidates(t.database.db, 'zephyr')).toEqual([]);
  });

  it('suggests nothing for gibberish, nor drafts', async () => {
    expect(await suggestionsFor('qxzvbn')).toEqual({ products: [], completions: [] });
    expect(await suggestionsFor('zephyrine')).toEqual({ products: [], completions: [] });
  });

  it('answers stop words, joined words and punctuation without failing', async () => {
    for (const q of ['the', 'and to', 't-sh', "o'ne", '%%', 'a:*', "'t':* | x", 'ÉTÉ'])
      expect((await ask(q)).statusCode, q).toBe(200);
    expect(await suggestionsFor('%%')).toEqual({ products: [], completions: [] });
    expect(names(await suggestionsFor('t-shirt')).length).toBeGreaterThan(0);
  });

  it('refuses fewer than 2 characters or more than 100, with a message', async () => {
    for (const q of ['h', ' h ', 'x'.repeat(101)]) {
      const response = await ask(q);
      expect(response.statusCode, q).toBe(400);
      expect(response.json()).toMatchObject({ message: expect.any(String) });
    }
    const missing = await t.app.inject('/api/search/suggestions');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: expect.any(String) });
  });

  it('names the sale price a product’s card shows under an automatic discount', async () => {
    const handle = await addProduct(t.database.db, {
      name: 'Quillwort Sale Tote',
      priceCents: 4000,
    });
    const [row] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.handle, handle));
    await insertDiscount(
      t.database.db,
      {
        title: 'Tote week',
        kind: 'percentage',
        percent: 25,
        automatic: true,
        wholeOrder: false,
        productIds: [row!.id],
      },
      [],
    );
    try {
      const [first] = (await suggestionsFor('quillwort')).products;
      expect(first).toMatchObject({
        name: 'Quillwort Sale Tote',
        price: 40,
        sale: { price: 30, title: 'Tote week' },
      });
    } finally {
      await t.database.db.delete(discounts);
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema, type ProductList } from '@shop/shared/catalog';
import { partialMatchMessage, synonymListSchema } from '@shop/shared/search';
import { auditLog, collectionProducts, collections, products, variants } from '../../db/schema';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { addProduct, productIdByHandle } from '../../test/fixtures';
import { TEST_DATABASE_URL, createTestApp, type TestApp } from '../../test/test-app';
import { SAMPLE_CATALOG } from '../catalog/sample-catalog';
import { seedSampleCatalogIfEmpty } from '../catalog/seed';

// The storefront's search on the sample catalog, as a shopper tries it (issue 22, decision 050).

let t: TestApp;
let owner: { token: string };
let staff: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  await seedSampleCatalogIfEmpty(t.database.db);
  owner = await addBackOfficeUser(t, 'owner');
  staff = await addBackOfficeUser(t, 'staff');
}, 60_000);
afterAll(() => t.close());

async function search(keyword: string, page = 1): Promise<ProductList> {
  const response = await t.app.inject(
    `/api/products?keyword=${encodeURIComponent(keyword)}&pageNumber=${page}`,
  );
  expect(response.statusCode).toBe(200);
  return productListSchema.parse(response.json());
}
const names = (list: ProductList) => list.products.map((product) => product.name);
const namesOf = (keyword: string) => search(keyword).then(names);
/** Every sample product of these categories, by name. */
const sampleNames = (...categories: string[]) =>
  SAMPLE_CATALOG.filter((sample) => categories.includes(sample.category))
    .map((sample) => sample.name)
    .sort();
const soldOut = (list: ProductList) =>
  list.products.map((product) => product.countInStock.total === 0);

describe(`searching the sample catalog (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('never matches the markup of descriptions: tags, attributes and entities', async () => {
    // Every description has <li> or <strong>, links have href; none of it is text.
    for (const keyword of ['li', 'href', 'nbsp', 'ul', 'amp', 'quot'])
      expect(await search(keyword), keyword).toMatchObject({ products: [], pages: 0 });
    // 'strong' is found where a shopper reads it: a name, and 'strong enough for a weekend tote'.
    expect(await namesOf('strong')).toEqual(['Strong & Kind Tee', 'Dune Triangle Strap']);
  });

  it('lists the totes first for "tote": in stock before sold out, newer first', async () => {
    const first = await search('tote');
    const second = await search('tote', 2);
    const all = [...first.products, ...second.products];
    const totes = sampleNames('totes', 'flower_totes');
    expect(
      all
        .slice(0, totes.length)
        .map((product) => product.name)
        .sort(),
    ).toEqual(totes);
    // Among the totes, the two sold out ones come last, and the others in the catalog's order
    // (the sample catalog is written newest first).
    const toteList = { ...first, products: all.slice(0, totes.length) };
    expect(soldOut(toteList)).toEqual([...Array(totes.length - 2).fill(false), true, true]);
    const inStockOrder = SAMPLE_CATALOG.filter(
      (sample) => totes.includes(sample.name) && Object.values(sample.stock).some((n) => n),
    ).map((sample) => sample.name);
    expect(names(toteList).slice(0, inStockOrder.length)).toEqual(inStockOrder);
    // Straps whose text mentions a tote or a bag follow.
    expect(all.slice(totes.length).every((product) => product.category === 'belts')).toBe(true);
    expect(first.search).toEqual({ matched: 'all', didYouMean: [] });
  });

  it('finds word forms and plurals: "totes", "hoodies"', async () => {
    expect((await namesOf('totes')).slice(0, 10)).toEqual((await namesOf('tote')).slice(0, 10));
    expect((await namesOf('hoodies')).sort()).toEqual(sampleNames('hoodies'));
  });

  it('tolerates typos in longer words: "hodie", "flowr tote"', async () => {
    const hoodies = await search('hodie');
    expect(names(hoodies).sort()).toEqual(sampleNames('hoodies'));
    expect(soldOut(hoodies)).toEqual([false, false, false, true]);
    expect((await namesOf('flowr tote')).sort()).toEqual(sampleNames('flower_totes'));
    // Short words are taken as typed: 'tot' corrects nothing.
    expect((await search('tot')).products).toEqual([]);
  });

  it('finds the tees for "t-shirt", "tshirt" and "tee" (the shop’s synonyms)', async () => {
    const tees = sampleNames('selflove_women_tshirts', 'selflove_men_tshirts');
    for (const keyword of ['t-shirt', 'tshirt', 'tee', 'T-Shirts'])
      expect((await namesOf(keyword)).sort(), keyword).toEqual(tees);
    expect((await namesOf('sweatshirt')).sort()).toEqual(sampleNames('hoodies'));
  });

  it('folds accents: "hoodié" is "hoodie"', async () => {
    expect((await namesOf('hoodié')).sort()).toEqual(sampleNames('hoodies'));
  });

  it('finds products with every word, totes first, for "black tote"', async () => {
    const list = await search('black tote');
    expect(list.search?.matched).toBe('all');
    const found = names(list);
    expect(found[0]).toMatch(/Tote$/);
    // Each product found says black somewhere and is a tote, a bag or a strap for one.
    const firstStrap = found.findIndex((name) => name.endsWith('Strap'));
    expect(found.slice(0, firstStrap).every((name) => name.endsWith('Tote'))).toBe(true);
  });

  it('falls back to any word, ranked, when no product has them all, and says so', async () => {
    const list = await search('zebra hoodie');
    expect(list.search).toEqual({ matched: 'some', didYouMean: [] });
    expect(names(list).sort()).toEqual(sampleNames('hoodies'));
    expect(partialMatchMessage('zebra hoodie')).toBe(
      'No products match all of "zebra hoodie", showing products that match some of it',
    );
  });

  it('offers the closest words of the shop when nothing matches, even with typos', async () => {
    const list = await search('tot');
    expect(list).toMatchObject({ products: [], page: 1, pages: 0 });
    expect(list.search?.matched).toBe('none');
    expect(list.search?.didYouMean).toContain('tote');
    // Each word offered finds something.
    for (const word of list.search?.didYouMean ?? [])
      expect((await search(word)).products.length, word).toBeGreaterThan(0);
    expect((await search('qqqqqq')).search).toEqual({ matched: 'none', didYouMean: [] });
  });

  it('finds option values and ranks a name above the rest: "xl"', async () => {
    const list = await search('xl');
    expect(list.products.every((product) => product.hasSize)).toBe(true);
  });

  it('answers punctuation and stop words alone with nothing, never an error', async () => {
    for (const keyword of ['%', '_', '&', 'the', '"'])
      expect(await search(keyword), keyword).toMatchObject({ products: [], pages: 0 });
  });

  it('keeps the spec’s paging: 12 a page, pages counted, past the end empty', async () => {
    const first = await search('tote');
    expect(first.products).toHaveLength(12);
    expect(first.pages).toBe(2);
    const last = await search('tote', 2);
    expect(last.page).toBe(2);
    const ids = new Set([...first.products, ...last.products].map((product) => product._id));
    expect(ids.size).toBe(first.products.length + last.products.length);
    expect(await search('tote', 9)).toMatchObject({ products: [], page: 9, pages: 2 });
  });
});

describe('the search follows the catalog', () => {
  it('reads a description as a shopper does: visible text, inline tags joined, no attributes', async () => {
    await addProduct(t.database.db, {
      name: 'Harbour Band',
      category: 'belts',
      descriptionHtml:
        '<p>Made by <a href="https://weavers.example/zanzibar" rel="noopener">Qasr weavers</a> in <b>M</b>uscat &amp; Sur.</p>',
    });
    expect(await namesOf('muscat')).toEqual(['Harbour Band']);
    expect(await namesOf('qasr')).toEqual(['Harbour Band']);
    for (const keyword of ['zanzibar', 'noopener', 'uscat', 'weavers.example'])
      expect(await namesOf(keyword), keyword).toEqual([]);
  });

  it('reads a product’s new name, its SKUs and its collections at once; never a draft', async () => {
    const handle = await addProduct(t.database.db, {
      name: 'Quilted Saddle Pouch',
      category: 'totes',
      descriptionHtml: '<p>Roomy.</p>',
    });
    const id = await productIdByHandle(t.database.db, handle);
    expect(await namesOf('saddle')).toEqual(['Quilted Saddle Pouch']);

    await t.database.db
      .update(products)
      .set({ name: 'Quilted Camel Pouch' })
      .where(eq(products.id, id));
    expect(await namesOf('saddle')).toEqual([]);
    expect(await namesOf('camel')).toEqual(['Quilted Camel Pouch']);

    await t.database.db.update(variants).set({ sku: 'QCP-0042' }).where(eq(variants.productId, id));
    expect(await namesOf('QCP-0042')).toEqual(['Quilted Camel Pouch']);

    const [collection] = await t.database.db
      .insert(collections)
      .values({ handle: 'nomad-edit', name: 'Nomad Edit', status: 'draft' })
      .returning({ id: collections.id });
    if (!collection) throw new Error('no collection');
    await t.database.db
      .insert(collectionProducts)
      .values({ collectionId: collection.id, productId: id, position: 0 });
    // A draft collection's name is nobody's text yet; published, it is.
    expect(await namesOf('nomad')).toEqual([]);
    await t.database.db
      .update(collections)
      .set({ status: 'published' })
      .where(eq(collections.id, collection.id));
    expect(await namesOf('nomad')).toEqual(['Quilted Camel Pouch']);
    await t.database.db.delete(collectionProducts).where(eq(collectionProducts.productId, id));
    expect(await namesOf('nomad')).toEqual([]);

    await t.database.db.update(products).set({ status: 'draft' }).where(eq(products.id, id));
    expect(await namesOf('camel')).toEqual([]);
  });
});

describe('sold out products rank below those that can be bought', () => {
  it('moves a tote down when its last unit goes, and back when stock arrives', async () => {
    const product = await productIdByHandle(t.database.db, 'jasmine-garden-tote');
    const adjust = (option: 'A' | 'B', change: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/stock/adjust',
        headers: { authorization: `Bearer ${owner.token}` },
        payload: { product, option, change, reason: 'correction' },
      });
    const totes = async () =>
      [...(await search('tote')).products, ...(await search('tote', 2)).products]
        .filter((found) => found.name.endsWith('Tote'))
        .map((found) => found.name);
    const inStockOrder = await totes();
    // It has 3 of A and 19 of B; the tote still ranks as it did while B is left.
    expect((await adjust('A', -3)).statusCode).toBe(200);
    expect(await totes()).toEqual(inStockOrder);
    expect((await adjust('B', -19)).statusCode).toBe(200);
    const soldOut = await totes();
    // After every tote that can be bought, among the sold out ones by age (newest first).
    expect(soldOut.slice(-3)).toEqual([
      'Mini Canvas Tote',
      'Jasmine Garden Tote',
      'Poppy Field Tote',
    ]);
    expect((await adjust('A', 3)).statusCode).toBe(200);
    expect((await adjust('B', 19)).statusCode).toBe(200);
    expect(await totes()).toEqual(inStockOrder);
  });
});

describe('the owner’s synonyms', () => {
  const call = (method: 'GET' | 'PUT', token: string | undefined, body?: unknown) =>
    t.app.inject({
      method,
      url: '/api/admin/search/synonyms',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });

  it('starts with the shop’s list, which staff may read', async () => {
    const response = await call('GET', staff.token);
    expect(response.statusCode).toBe(200);
    expect(synonymListSchema.parse(response.json()).groups).toEqual([
      ['tee', 't-shirt', 'tshirt', 'shirt'],
      ['strap', 'belt'],
      ['tote', 'bag'],
      ['hoodie', 'sweatshirt'],
    ]);
    expect((await call('GET', undefined)).statusCode).toBe(401);
  });

  it('takes effect for the next search when the owner replaces the list, audited', async () => {
    expect(await namesOf('carryall')).toEqual([]);
    const before = (await call('GET', owner.token)).json().groups as string[][];
    const response = await call('PUT', owner.token, {
      groups: [...before, ['  Carryall ', 'TOTE', 'carryall']],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().groups.at(-1)).toEqual(['carryall', 'tote']);
    expect((await namesOf('carryall')).slice(0, 10).sort()).toEqual(
      sampleNames('totes', 'flower_totes'),
    );
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'search.synonyms_replaced'));
    expect(audit?.summary).toContain('carryall = tote');
    // Taken away again, it finds nothing.
    await call('PUT', owner.token, { groups: before });
    expect(await namesOf('carryall')).toEqual([]);
  });

  it('reads a synonym of several words as one, its words in a row, both ways', async () => {
    await addProduct(t.database.db, { name: 'Market Shopper', category: 'belts' });
    await addProduct(t.database.db, { name: 'Canvas Tote Bag', category: 'belts' });
    expect(await namesOf('tote bag')).not.toContain('Market Shopper');
    const before = (await call('GET', owner.token)).json().groups as string[][];
    const replaced = await call('PUT', owner.token, {
      groups: [...before, ['Tote Bag', 'shopper']],
    });
    expect(replaced.statusCode).toBe(200);

    const found = await search('tote bag');
    expect(found.search).toMatchObject({ matched: 'all' });
    const all = [...names(found), ...names(await search('tote bag', 2))];
    expect(all).toContain('Market Shopper');
    // The phrase's own words still read as before: every tote (tote = bag).
    for (const tote of sampleNames('totes', 'flower_totes')) expect(all).toContain(tote);
    // The other way: 'shopper' finds what has both words of 'tote bag'.
    expect(await namesOf('shopper')).toEqual(
      expect.arrayContaining(['Canvas Tote Bag', 'Market Shopper']),
    );
    // Apart or turned round, the words are no phrase.
    expect(await namesOf('bag tote')).not.toContain('Market Shopper');

    await call('PUT', owner.token, { groups: before });
    expect(await namesOf('tote bag')).not.toContain('Market Shopper');
  });

  it('refuses staff writes and lists a shopper could not mean, with a message', async () => {
    expect((await call('PUT', staff.token, { groups: [] })).statusCode).toBe(403);
    for (const groups of [
      [['tee']],
      [['tee', ' TEE ']],
      [['tee', '']],
      'tee',
      [['a\u0000', 'b']],
    ]) {
      const response = await call('PUT', owner.token, { groups });
      expect(response.statusCode, JSON.stringify(groups)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});

describe('a word the shop has is taken as typed', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp();
    await addProduct(shop.database.db, { name: 'Marlow Pouch', category: 'totes' });
    await addProduct(shop.database.db, { name: 'Barlow Pouch', category: 'totes' });
  }, 60_000);
  afterAll(() => shop.close());

  const namesFound = async (keyword: string) => {
    const response = await shop.app.inject(`/api/products?keyword=${keyword}&pageNumber=1`);
    return names(productListSchema.parse(response.json())).sort();
  };

  it('even when another word of the shop is one typo away; a word it lacks is corrected', async () => {
    // 'marlow' is a word of the shop: never read as 'barlow', one letter off.
    expect(await namesFound('marlow')).toEqual(['Marlow Pouch']);
    // 'varlow' is none: both words one letter off stand for it, and 'marlowe' is nearest 'marlow'.
    expect(await namesFound('varlow')).toEqual(['Barlow Pouch', 'Marlow Pouch']);
    expect(await namesFound('marlowe')).toEqual(['Marlow Pouch']);
    expect(await namesFound('pouch')).toEqual(['Barlow Pouch', 'Marlow Pouch']);
  });
});

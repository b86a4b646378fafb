import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTS_PAGE_SIZE, productListSchema, productSchema } from '@shop/shared/catalog';
import { addProduct, productIdByHandle } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await addProduct(db, {
    handle: 'sized-shirt',
    name: 'Self Love Tee',
    category: 'selflove_women_tshirts',
    priceCents: 2499,
    hasSize: true,
    stock: { 'S/M': 4, L: 0, XL: 2 },
    descriptionHtml: '<p>Soft <strong>cotton</strong>.\\nMachine wash cold.</p>',
    reviews: [
      {
        name: 'Ana',
        email: 'ana@example.com',
        rating: 5,
        comment: 'Love it',
        createdAt: new Date('2026-01-01'),
      },
      {
        name: 'Ben',
        email: 'ben@example.com',
        rating: 4,
        comment: 'Nice fit',
        createdAt: new Date('2026-03-01'),
      },
    ],
  });
  await addProduct(db, {
    handle: 'option-tote',
    name: 'Poppy Flower Tote',
    category: 'flower_totes',
    priceCents: 3450,
    hasAandB: true,
    imagesOptionA: ['/images/products/a.svg'],
    imagesOptionB: ['/images/products/b.svg'],
    stock: { A: 0, B: 7 },
  });
  await addProduct(db, {
    handle: 'percent-strap',
    name: '100% Wool Strap',
    category: 'belts',
    priceCents: 1999,
    stock: { total: 3 },
  });
  await addProduct(db, {
    handle: 'underscore-strap',
    name: 'Strap_with_underscores',
    category: 'belts',
    stock: { total: 0 },
  });
  for (let i = 0; i < 22; i += 1) {
    await addProduct(db, {
      handle: `filler-${i}`,
      name: `Plain Hoodie ${i}`,
      category: 'hoodies',
      descriptionHtml: '<p>Warm.</p>',
    });
  }
});
afterAll(() => t.close());

describe('GET /api/products', () => {
  it('answers the first page of 12 with page and pages, every product in the contract shape', async () => {
    const response = await get('/api/products');
    expect(response.statusCode).toBe(200);
    const body = productListSchema.parse(response.json());
    expect(body.page).toBe(1);
    expect(body.pages).toBe(Math.ceil(26 / PRODUCTS_PAGE_SIZE));
    expect(body.products).toHaveLength(PRODUCTS_PAGE_SIZE);
    expect(body.products[0]).not.toHaveProperty('reviews');
  });

  it('compresses the list for clients that accept it, and only for them', async () => {
    const plain = await get('/api/products');
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(
      plain.json(),
    );
  });

  it('treats the spec client’s single-space defaults as no keyword and page 1', async () => {
    const body = productListSchema.parse(
      (await get('/api/products?keyword=%20&pageNumber=%20')).json(),
    );
    expect(body.page).toBe(1);
    expect(body.pages).toBe(3);
  });

  it('pages through the whole catalog without repeating or losing a product', async () => {
    const ids = new Set<string>();
    for (const page of [1, 2, 3]) {
      const body = productListSchema.parse((await get(`/api/products?pageNumber=${page}`)).json());
      expect(body.page).toBe(page);
      body.products.forEach((product) => ids.add(product._id));
    }
    expect(ids.size).toBe(26);
  });

  it('answers an empty page with the right pages past the end', async () => {
    const body = productListSchema.parse((await get('/api/products?pageNumber=99')).json());
    expect(body).toMatchObject({ products: [], page: 99, pages: 3 });
  });

  it.each(['abc', '-2', '0', '1e999', '99999999999999999999'])(
    'answers page 1 for the page number %j',
    async (page) => {
      const response = await get(`/api/products?pageNumber=${encodeURIComponent(page)}`);
      expect(response.statusCode).toBe(200);
      expect(productListSchema.parse(response.json()).page).toBe(1);
    },
  );

  it('matches the keyword in name, category and description, case-insensitively', async () => {
    const byName = productListSchema.parse(
      (await get('/api/products?keyword=FLOWER%20tote')).json(),
    );
    expect(byName.products.map((p) => p.name)).toEqual(['Poppy Flower Tote']);
    const byCategory = productListSchema.parse((await get('/api/products?keyword=tshirts')).json());
    expect(byCategory.products.map((p) => p.name)).toEqual(['Self Love Tee']);
    const byDescription = productListSchema.parse(
      (await get('/api/products?keyword=COTTON')).json(),
    );
    expect(byDescription.products.map((p) => p.name)).toEqual(['Self Love Tee']);
  });

  it('searches words, not LIKE patterns: % and _ alone find nothing (decision 050)', async () => {
    for (const keyword of ['%25', '_'])
      expect(
        productListSchema.parse((await get(`/api/products?keyword=${keyword}`)).json()),
      ).toMatchObject({ products: [], pages: 0 });
    const withNumber = productListSchema.parse((await get('/api/products?keyword=100%25')).json());
    expect(withNumber.products.map((p) => p.name)).toEqual(['100% Wool Strap']);
  });

  it('answers no products and no pages for a keyword nothing matches', async () => {
    const body = productListSchema.parse((await get('/api/products?keyword=zebra')).json());
    expect(body).toEqual({
      products: [],
      page: 1,
      pages: 0,
      search: { matched: 'none', didYouMean: [] },
      facets: {
        total: 0,
        types: [],
        collections: [],
        options: [],
        prices: [],
        inStock: 0,
        onSale: 0,
      },
    });
  });

  it('filters by one category or several, comma-separated, combined with the keyword', async () => {
    const belts = productListSchema.parse((await get('/api/products?category=belts')).json());
    expect(belts.products.map((p) => p.name).sort()).toEqual([
      '100% Wool Strap',
      'Strap_with_underscores',
    ]);
    const shirtsAndTotes = productListSchema.parse(
      (
        await get(
          '/api/products?category=selflove_women_tshirts,flower_totes,selflove_women_tshirts',
        )
      ).json(),
    );
    expect(shirtsAndTotes.products.map((p) => p.name).sort()).toEqual([
      'Poppy Flower Tote',
      'Self Love Tee',
    ]);
    const both = productListSchema.parse(
      (await get('/api/products?category=belts&keyword=wool')).json(),
    );
    expect(both.products.map((p) => p.name)).toEqual(['100% Wool Strap']);
  });

  it('answers 400 with a message for an unknown category', async () => {
    const response = await get('/api/products?category=belts,shoes');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Unknown category: shoes' });
  });

  it('answers 400 with a message, never 500, for malformed query strings', async () => {
    for (const url of [
      '/api/products?keyword=a&keyword=b',
      `/api/products?keyword=${'x'.repeat(300)}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it('shows stock per variant and the total of the variants', async () => {
    const body = productListSchema.parse(
      (await get('/api/products?category=selflove_women_tshirts,flower_totes')).json(),
    );
    const shirt = body.products.find((p) => p.name === 'Self Love Tee');
    const tote = body.products.find((p) => p.name === 'Poppy Flower Tote');
    expect(shirt?.countInStock).toEqual({
      total: 6,
      countA: 0,
      countB: 0,
      smallMed: 4,
      large: 0,
      xlarge: 2,
    });
    expect(tote?.countInStock).toEqual({
      total: 7,
      countA: 0,
      countB: 7,
      smallMed: 0,
      large: 0,
      xlarge: 0,
    });
  });
});

describe('GET /api/products/:id', () => {
  it('answers every field of the Product entity, price in dollars, reviews newest first', async () => {
    const id = await productIdByHandle(t.database.db, 'sized-shirt');
    const response = await get(`/api/products/${id}`);
    expect(response.statusCode).toBe(200);
    const product = productSchema.parse(response.json());
    expect(product).toMatchObject({
      _id: id,
      name: 'Self Love Tee',
      image: '/images/products/test.svg',
      images: ['/images/products/test.svg'],
      imagesOptionA: [],
      imagesOptionB: [],
      price: 24.99,
      category: 'selflove_women_tshirts',
      description: '<p>Soft <strong>cotton</strong>.\\nMachine wash cold.</p>',
      hasSize: true,
      hasAandB: false,
      countInStock: { total: 6, countA: 0, countB: 0, smallMed: 4, large: 0, xlarge: 2 },
      rating: 4.5,
      numReviews: 2,
    });
    expect(product.reviews.map((r) => [r.name, r.rating, r.comment])).toEqual([
      ['Ben', 4, 'Nice fit'],
      ['Ana', 5, 'Love it'],
    ]);
    expect(product.reviews[0]?.createdAt).toBe('2026-03-01T00:00:00.000Z');
    expect(product.reviews[0]).not.toHaveProperty('email');
  });

  it('answers rating 0 and no reviews for a product nobody has reviewed', async () => {
    const id = await productIdByHandle(t.database.db, 'option-tote');
    const product = productSchema.parse((await get(`/api/products/${id}`)).json());
    expect(product).toMatchObject({
      rating: 0,
      numReviews: 0,
      reviews: [],
      hasAandB: true,
      price: 34.5,
    });
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1234', "x' or '1'='1", '%00'])(
    'answers 404 Product not found for the id %j',
    async (id) => {
      const response = await get(`/api/products/${encodeURIComponent(id)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Product not found' });
    },
  );
});

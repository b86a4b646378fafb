import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  productCardListSchema,
  productCardPageSchema,
  productListSchema,
} from '@shop/shared/catalog';
import { products } from '../../db/schema';
import { addProduct, productIdByHandle } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  for (let i = 0; i < 14; i += 1) {
    await addProduct(db, {
      category: 'belts',
      stock: { total: i % 3 },
      createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
    });
  }
  await addProduct(db, { category: 'totes' });
  const draft = await addProduct(db, { category: 'belts', createdAt: new Date(Date.UTC(2027, 0)) });
  await db
    .update(products)
    .set({ status: 'draft' })
    .where(eq(products.id, await productIdByHandle(db, draft)));
});
afterAll(() => t.close());

describe('GET /api/product-cards', () => {
  it('answers the first cards of a category in the listing’s order, with what a card shows only', async () => {
    const response = await get('/api/product-cards?category=belts&limit=8');
    expect(response.statusCode).toBe(200);
    const { products: cards } = productCardListSchema.parse(response.json());
    expect(cards).toHaveLength(8);
    const listing = productListSchema.parse(
      (await get('/api/products?category=belts')).json(),
    ).products;
    expect(cards.map((card) => card._id)).toEqual(listing.slice(0, 8).map((p) => p._id));
    for (const [i, card] of cards.entries()) {
      expect(Object.keys(card).sort()).toEqual(
        ['_id', 'countInStock', 'handle', 'image', 'name', 'numReviews', 'price', 'rating'].sort(),
      );
      expect(card.countInStock).toEqual(listing[i]!.countInStock);
      expect(card.price).toBe(listing[i]!.price);
    }
  });

  it('answers a listing page’s worth without a limit, published products only', async () => {
    const { products: cards } = productCardListSchema.parse(
      (await get('/api/product-cards?category=belts')).json(),
    );
    expect(cards).toHaveLength(12);
    const { products: all } = productCardListSchema.parse(
      (await get('/api/product-cards?category=totes&limit=12')).json(),
    );
    expect(all).toHaveLength(1);
  });

  it('answers 400 with a message for a missing or unknown category and a limit out of 1…12', async () => {
    const cases: [string, RegExp][] = [
      ['/api/product-cards', /./],
      ['/api/product-cards?category=shoes', /Unknown category/],
      ['/api/product-cards?category=belts&limit=0', /Limit must be a whole number from 1 to 12/],
      ['/api/product-cards?category=belts&limit=13', /Limit must be a whole number from 1 to 12/],
      ['/api/product-cards?category=belts&limit=two', /Limit must be a whole number from 1 to 12/],
    ];
    for (const [url, message] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toMatch(message);
    }
  });
});

describe('GET /api/product-cards/listing', () => {
  it('answers GET /api/products’s page and paging, each product as its card', async () => {
    for (const query of ['', '?pageNumber=2', '?category=belts&pageNumber=2', '?keyword=test']) {
      const cards = productCardPageSchema.parse(
        (await get(`/api/product-cards/listing${query}`)).json(),
      );
      const listing = productListSchema.parse((await get(`/api/products${query}`)).json());
      expect(cards.page, query).toBe(listing.page);
      expect(cards.pages, query).toBe(listing.pages);
      expect(cards.products.map((card) => card._id)).toEqual(listing.products.map((p) => p._id));
      for (const card of cards.products) expect(card).not.toHaveProperty('variants');
    }
  });

  it('answers 400 with a message for an unknown category, as the listing does', async () => {
    const response = await get('/api/product-cards/listing?category=shoes');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Unknown category: shoes');
  });
});

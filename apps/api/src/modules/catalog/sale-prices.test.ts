import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  productCardListSchema,
  productCardPageSchema,
  productListSchema,
  productSchema,
  type ProductSummary,
} from '@shop/shared/catalog';
import { collectionPageSchema } from '@shop/shared/collections';
import { shippingQuoteSchema } from '@shop/shared/shipping-settings';
import { collectionProducts, collections, discounts } from '../../db/schema';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { addProduct, productIdByHandle } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertDiscount, type NewDiscount } from '../discounts/service';

/**
 * Decision 050: a product covered by an automatic discount shows its discounted price on its card
 * and page; the shop's caches follow the discount's writes and its start and end times.
 */
let t: TestApp;
/** The same shop with the catalog cache on, as in production, and a clock the test moves. */
let cached: TestApp;
let clockOffsetMs = 0;
let teeId: string;
let strapId: string;
let hoodieId: string;
let owner: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await addProduct(db, { handle: 'sale-tee', name: 'Sale Tee', priceCents: 3200 });
  await addProduct(db, { handle: 'sale-strap', name: 'Sale Strap', priceCents: 4850 });
  await addProduct(db, {
    handle: 'sale-hoodie',
    name: 'Sale Hoodie',
    priceCents: 6999,
    hasSize: true,
    stock: { 'S/M': 3, L: 3, XL: 3 },
  });
  teeId = await productIdByHandle(db, 'sale-tee');
  strapId = await productIdByHandle(db, 'sale-strap');
  hoodieId = await productIdByHandle(db, 'sale-hoodie');
  const [drop] = await db
    .insert(collections)
    .values({ handle: 'sale-drop', name: 'Sale Drop', status: 'published' })
    .returning({ id: collections.id });
  await db
    .insert(collectionProducts)
    .values({ collectionId: drop!.id, productId: teeId, position: 0 });
  cached = await createTestApp(
    { CATALOG_CACHE_MS: '60000' },
    { database: t.database, now: () => Date.now() + clockOffsetMs },
  );
  owner = await addBackOfficeUser(cached, 'owner');
}, 60_000);
afterAll(async () => {
  await cached.app.close(); // its database is t's, closed with t
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(discounts);
});

const HOUR = 3_600_000;

async function automatic(over: Partial<NewDiscount>) {
  const row = await insertDiscount(
    t.database.db,
    { title: 'Summer sale', kind: 'percentage', percent: 20, automatic: true, ...over },
    [],
  );
  return row.id;
}

async function listed(app = t): Promise<Map<string, ProductSummary>> {
  const response = await app.app.inject({ method: 'GET', url: '/api/products' });
  expect(response.statusCode).toBe(200);
  const list = productListSchema.parse(response.json());
  return new Map(list.products.map((product) => [product._id, product]));
}

async function product(id: string, app = t) {
  const response = await app.app.inject({ method: 'GET', url: `/api/products/${id}` });
  expect(response.statusCode).toBe(200);
  return productSchema.parse(response.json());
}

describe('automatic discounts on product cards and pages', () => {
  it('shows a whole-shop percentage on every card and page, rounded as a one-unit cart is', async () => {
    await automatic({ percent: 15 });
    const cards = await listed();
    // 15 % of $32.00 is $4.80; of $48.50, $7.275, rounded half up to $7.28; of $69.99, $10.4985 → $10.50.
    expect(cards.get(teeId)?.sale).toEqual({ price: 27.2, title: 'Summer sale' });
    expect(cards.get(strapId)?.sale).toEqual({ price: 41.22, title: 'Summer sale' });
    const hoodie = await product(hoodieId);
    expect(hoodie.sale).toEqual({ price: 59.49, title: 'Summer sale' });
    expect(hoodie.variants.map((variant) => variant.sale?.price)).toEqual([59.49, 59.49, 59.49]);
    // The storefront's listings and carousels read cards (decision 051): they carry it too.
    const cardPage = productCardPageSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/product-cards/listing' })).json(),
    );
    expect(cardPage.products.find((card) => card._id === teeId)?.sale?.price).toBe(27.2);
    const carousel = productCardListSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/product-cards?category=totes&limit=8' })
      ).json(),
    );
    expect(carousel.products.find((card) => card._id === strapId)?.sale?.price).toBe(41.22);
  });

  it('shows a collection sale only on the collection’s products, on the listing and the collection page', async () => {
    const [drop] = await t.database.db
      .select({ id: collections.id })
      .from(collections)
      .where(eq(collections.handle, 'sale-drop'));
    await automatic({ wholeOrder: false, collectionIds: [drop!.id] });
    const cards = await listed();
    expect(cards.get(teeId)?.sale?.price).toBe(25.6);
    expect(cards.get(strapId)?.sale).toBeUndefined();
    const page = await t.app.inject({ method: 'GET', url: '/api/collections/sale-drop' });
    const [card] = collectionPageSchema.parse(page.json()).products;
    expect(card?.sale).toEqual({ price: 25.6, title: 'Summer sale' });
  });

  it('shows a variant sale on that variant only, never on the card', async () => {
    const before = await product(hoodieId);
    const xl = before.variants.find((variant) => variant.options.includes('XL'));
    await automatic({ wholeOrder: false, variantIds: [xl!._id] });
    const after = await product(hoodieId);
    expect(after.sale).toBeUndefined();
    expect(after.variants.filter((variant) => variant.sale).map((variant) => variant._id)).toEqual([
      xl!._id,
    ]);
    expect((await listed()).get(hoodieId)?.sale).toBeUndefined();
  });

  it('shows no price that depends on the cart or the shopper', async () => {
    await automatic({ title: 'Spend more', minItemsCents: 5000 });
    await automatic({ title: 'Two or more', minQuantity: 2 });
    await automatic({ title: 'First order', oncePerCustomer: true });
    await automatic({ title: 'Ten off', kind: 'fixed', percent: null, amountCents: 1000 });
    await automatic({ title: 'Ship free', kind: 'free_shipping', percent: null });
    await automatic({ title: 'Paused', active: false });
    await automatic({ title: 'Used up', usageLimit: 2, usedCount: 2 });
    const cards = await listed();
    expect([...cards.values()].filter((card) => card.sale)).toEqual([]);
  });

  it('shows the best of two sales', async () => {
    await automatic({ title: 'Ten percent', percent: 10 });
    await automatic({ title: 'Strap week', percent: 30, wholeOrder: false, productIds: [strapId] });
    const cards = await listed();
    expect(cards.get(strapId)?.sale).toEqual({ price: 33.95, title: 'Strap week' });
    expect(cards.get(teeId)?.sale).toEqual({ price: 28.8, title: 'Ten percent' });
  });
});

describe('automatic discounts with the catalog cache on', () => {
  it('starts and ends at its times, with no write in between', async () => {
    clockOffsetMs = 10 * HOUR;
    await automatic({
      startsAt: new Date(Date.now() + 11 * HOUR),
      endsAt: new Date(Date.now() + 13 * HOUR),
    });
    expect((await listed(cached)).get(teeId)?.sale).toBeUndefined();
    // A cached answer lasts at most the cache's period: past it, the sale has started.
    clockOffsetMs = 12 * HOUR;
    expect((await listed(cached)).get(teeId)?.sale?.price).toBe(25.6);
    expect((await product(teeId, cached)).sale?.price).toBe(25.6);
    clockOffsetMs = 14 * HOUR;
    expect((await listed(cached)).get(teeId)?.sale).toBeUndefined();
  });

  it('follows the owner’s writes at once', async () => {
    clockOffsetMs = 20 * HOUR;
    expect((await listed(cached)).get(teeId)?.sale).toBeUndefined();
    const write = {
      title: 'Flash sale',
      automatic: true,
      bulk: false,
      kind: 'percentage',
      percent: 25,
      amount: null,
      maxShippingPrice: null,
      appliesTo: 'order',
      productIds: [],
      variantIds: [],
      collectionIds: [],
      minItemsPrice: null,
      minQuantity: null,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      oncePerCustomer: false,
      active: true,
    };
    const created = await cached.app.inject({
      method: 'POST',
      url: '/api/admin/discounts',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: write,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await listed(cached)).get(teeId)?.sale).toEqual({ price: 24, title: 'Flash sale' });
    const paused = await cached.app.inject({
      method: 'POST',
      url: `/api/admin/discounts/${created.json<{ _id: string }>()._id}/deactivate`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(paused.statusCode, paused.body).toBeLessThan(300);
    expect((await listed(cached)).get(teeId)?.sale).toBeUndefined();
  });
});

describe('a sale price and the cart', () => {
  it('shows the price a one-unit cart is charged', async () => {
    await automatic({ percent: 15 });
    const shown = (await listed()).get(strapId)?.sale?.price;
    const query = new URLSearchParams({
      items: JSON.stringify([{ product: strapId, qty: 1 }]),
      country: 'US',
      state: 'IL',
    });
    const response = await t.app.inject({ method: 'GET', url: `/api/shipping/quote?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    const charged = shippingQuoteSchema.parse(response.json());
    expect(Number(charged.itemsPrice) - Number(charged.discountPrice)).toBeCloseTo(shown ?? 0, 2);
    expect(charged.discount?.title).toBe('Summer sale');
  });
});

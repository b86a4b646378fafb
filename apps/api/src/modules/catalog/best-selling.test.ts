import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema } from '@shop/shared/catalog';
import { productSalesDays } from '../../db/schema';
import { openAnotherApp } from '../../test/another-app';
import {
  addProduct,
  deliverTestEvent,
  productIdByHandle,
  testCheckoutSigner,
} from '../../test/fixtures';
import { placeUnpaidOrder } from '../../test/paid-orders';
import { TEST_DATABASE_URL, createTestApp, type TestApp } from '../../test/test-app';

// 'Best selling' counts units paid (decision 057): each order once, however many times and on
// however many API processes its payment arrives at once, and two payments of the same products
// in crossing order never deadlock (the trigger writes rows in product order).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', ACTION_LIMIT_SCALE: '1000' });
}, 60_000);
afterAll(() => t.close());

describe(`units paid per product (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('counts each paid order once when its payment arrives twice at once on two processes', async () => {
    const db = t.database.db;
    const a = await productIdByHandle(
      db,
      await addProduct(db, { name: 'Crossing A', stock: { total: 50 } }),
    );
    const b = await productIdByHandle(
      db,
      await addProduct(db, { name: 'Crossing B', stock: { total: 50 } }),
    );
    const sessions: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const lines =
        i % 2
          ? [
              { product: a, qty: 1 },
              { product: b, qty: 2 },
            ]
          : [
              { product: b, qty: 2 },
              { product: a, qty: 1 },
            ];
      sessions.push((await placeUnpaidOrder(t, { lines })).sessionId);
    }
    const signer = testCheckoutSigner(t.env.JWT_SECRET ?? '');
    const other = await openAnotherApp(
      t,
      { JWT_SECRET: t.env.JWT_SECRET ?? '' },
      { paymentProvider: signer, now: Date.now },
    );
    try {
      const answers = await Promise.all(
        sessions.flatMap((session) =>
          [t.app, other.app].map((app) =>
            deliverTestEvent(app, signer.signedEvent('checkout.completed', session)),
          ),
        ),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(300);
    } finally {
      await other.close();
    }
    const units = async (productId: string) =>
      (await db.select().from(productSalesDays).where(eq(productSalesDays.productId, productId)))
        .map((row) => row.units)
        .reduce((sum, n) => sum + n, 0);
    expect(await units(a)).toBe(6);
    expect(await units(b)).toBe(12);

    const response = await t.app.inject('/api/products?keyword=crossing&sort=best-selling');
    expect(productListSchema.parse(response.json()).products.map((p) => p.name)).toEqual([
      'Crossing B',
      'Crossing A',
    ]);
  });
});

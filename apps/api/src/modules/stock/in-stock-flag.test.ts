import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productInStock } from '../../db/schema';
import { SAMPLE_ADDRESS, addProduct, productIdByHandle } from '../../test/fixtures';
import { TEST_DATABASE_URL, createTestApp, type TestApp } from '../../test/test-app';

/**
 * The search's in-stock flag (decision 050) is written at commit, after every variant a checkout
 * changes is locked. Written at once it deadlocked two checkouts: one took S/M to zero (locking
 * the flag) and then wanted XL; the other held XL, taking it to zero, and wanted the flag.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', ACTION_LIMIT_SCALE: '100000' });
});
afterAll(() => t.close());

let counter = 0;
const checkout = (productId: string, lines: { size: string; qty: number }[]) => {
  counter += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/orders/guest-checkout-session',
    remoteAddress: `10.61.${counter >> 8}.${counter & 255}`,
    payload: {
      orderItems: lines.map((line) => ({ product: productId, ...line })),
      shippingAddress: SAMPLE_ADDRESS,
      email: `flag-${counter}@example.com`,
    },
  });
};

describe(`the in-stock flag (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('never deadlocks two checkouts that take different variants to zero in crossing order', async () => {
    for (let round = 0; round < 20; round += 1) {
      const handle = `flag-${round}`;
      await addProduct(t.database.db, {
        handle,
        hasSize: true,
        stock: { 'S/M': 2, L: 2, XL: 2 },
      });
      const productId = await productIdByHandle(t.database.db, handle);
      // Lock order is by variant: L < S/M < XL. The first takes S/M to zero, then one XL; the
      // second takes one L, then both XL. Whichever reaches XL first has it; the other is told
      // it is sold out (409). Neither may fail.
      const answers = await Promise.all([
        checkout(productId, [
          { size: 'S/M', qty: 2 },
          { size: 'XL', qty: 1 },
        ]),
        checkout(productId, [
          { size: 'L', qty: 1 },
          { size: 'XL', qty: 2 },
        ]),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      // L is never taken to zero: the product is still in stock.
      const [flag] = await t.database.db
        .select({ inStock: productInStock.inStock })
        .from(productInStock)
        .where(eq(productInStock.productId, productId));
      expect(flag?.inStock).toBe(true);
    }
  }, 120_000);
});

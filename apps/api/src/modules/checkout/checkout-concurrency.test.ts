import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, variants } from '../../db/schema';
import { openApiClient, type ApiClient } from '../../test/api-client';
import { SAMPLE_ADDRESS as ADDRESS, addProduct, productIdByHandle } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
/** In process on PGlite; on PostgreSQL, two API processes of their own on the test's database. */
let api: ApiClient;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  await addProduct(t.database.db, {
    handle: 'scarce',
    name: 'Scarce Strap',
    priceCents: 2000,
    hasAandB: true,
    stock: { A: 5, B: 100 },
  });
  api = await openApiClient(t);
}, 60_000);
afterAll(async () => {
  await api.stop();
  await t.close();
});

describe('concurrent checkouts', () => {
  it('hold exactly the stock there is: 40 at once for 5 units (in process on PGlite, or two API processes on PostgreSQL)', async () => {
    const productId = await productIdByHandle(t.database.db, 'scarce');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        api.call('POST', '/api/orders/guest-checkout-session', {
          body: {
            orderItems: [{ product: productId, qty: 1, option: 'A' }],
            shippingAddress: ADDRESS,
            email: `rush${i}@example.com`,
          },
          ip: `10.30.0.${i + 1}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(35);
    expect(answers.find((answer) => answer.status === 409)?.body.message).toBe(
      'Sorry, Scarce Strap (option A) is sold out.',
    );

    const [row] = await t.database.db
      .select({ available: variants.available })
      .from(variants)
      .where(and(eq(variants.productId, productId), eq(variants.key, 'A')));
    expect(row?.available).toBe(0);
    const placed = await t.database.db.select().from(orders);
    expect(placed).toHaveLength(5);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { orders, stock } from '../../db/schema';
import { SAMPLE_ADDRESS as ADDRESS, addProduct, productIdBySlug } from '../../test/fixtures';
import { TEST_DATABASE_URL, createTestApp, type TestApp } from '../../test/test-app';

let first: TestApp;
/** On PostgreSQL a second API with its own connection pool on the same database; PGlite has one connection. */
let second: { app: TestApp['app']; database: DatabaseHandle } | undefined;

beforeAll(async () => {
  first = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  if (TEST_DATABASE_URL) {
    const url = await currentDatabaseUrl(first.database);
    const database = await openDatabase({ databaseUrl: url, poolSize: 10 });
    const app = await buildApp({ env: first.env, database });
    await app.ready();
    second = { app, database };
  }
  await addProduct(first.database.db, {
    slug: 'scarce',
    name: 'Scarce Strap',
    priceCents: 2000,
    hasAandB: true,
    stock: { A: 5, B: 100 },
  });
});
afterAll(async () => {
  await second?.app.close();
  await second?.database.close();
  await first.close();
});

async function currentDatabaseUrl(database: DatabaseHandle): Promise<string> {
  const result = await database.db.execute<{ name: string }>('select current_database() as name');
  const url = new URL(TEST_DATABASE_URL ?? '');
  url.pathname = `/${(result as unknown as { rows: { name: string }[] }).rows[0]?.name}`;
  return url.toString();
}

describe('concurrent checkouts', () => {
  it(`hold exactly the stock there is: 40 at once for 5 units (${TEST_DATABASE_URL ? 'two APIs on PostgreSQL' : 'PGlite'})`, async () => {
    const productId = await productIdBySlug(first.database.db, 'scarce');
    const apps = second ? [first.app, second.app] : [first.app];
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (apps[i % apps.length] ?? first.app).inject({
          method: 'POST',
          url: '/api/orders/guest-checkout-session',
          payload: {
            orderItems: [{ product: productId, qty: 1, option: 'A' }],
            shippingAddress: ADDRESS,
            email: `rush${i}@example.com`,
          },
          remoteAddress: `10.30.0.${i + 1}`,
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(35);
    expect(responses.find((response) => response.statusCode === 409)?.json().message).toBe(
      'Sorry, Scarce Strap (option A) is sold out.',
    );

    const [row] = await first.database.db
      .select({ available: stock.available })
      .from(stock)
      .where(and(eq(stock.productId, productId), eq(stock.variant, 'A')));
    expect(row?.available).toBe(0);
    const placed = await first.database.db.select().from(orders);
    expect(placed).toHaveLength(5);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { orders, stock } from '../../db/schema';
import { startApiProcess, type ApiProcess } from '../../test/api-process';
import { SAMPLE_ADDRESS as ADDRESS, addProduct, productIdBySlug } from '../../test/fixtures';
import { TEST_DATABASE_URL, createTestApp, type TestApp } from '../../test/test-app';

type Answer = { status: number; message?: string };
/** Sends one guest checkout for one unit of option A, as the shopper at `address`. */
type Checkout = (body: unknown, address: string, i: number) => Promise<Answer>;

let t: TestApp;
/** On PostgreSQL: two API processes of their own on the test's database, as in production. */
let processes: ApiProcess[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  await addProduct(t.database.db, {
    slug: 'scarce',
    name: 'Scarce Strap',
    priceCents: 2000,
    hasAandB: true,
    stock: { A: 5, B: 100 },
  });
  if (TEST_DATABASE_URL) {
    const url = await currentDatabaseUrl(t.database);
    const env = { RATE_LIMIT_PER_MINUTE: '100000', TRUST_PROXY: '1' };
    processes = await Promise.all([startApiProcess(url, env), startApiProcess(url, env)]);
  }
}, 60_000);
afterAll(async () => {
  await Promise.all(processes.map((api) => api.stop()));
  await t.close();
});

async function currentDatabaseUrl(database: DatabaseHandle): Promise<string> {
  const result = await database.db.execute<{ name: string }>('select current_database() as name');
  const url = new URL(TEST_DATABASE_URL ?? '');
  url.pathname = `/${(result as unknown as { rows: { name: string }[] }).rows[0]?.name}`;
  return url.toString();
}

/** In this process, through app.inject (PGlite is one embedded database, one process). */
const inProcess: Checkout = async (payload, address) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders/guest-checkout-session',
    payload: payload as object,
    remoteAddress: address,
  });
  return { status: response.statusCode, message: response.json<{ message?: string }>().message };
};

/** Over HTTP, alternating between the two API processes. */
const acrossProcesses: Checkout = async (payload, address, i) => {
  const api = processes[i % processes.length]!;
  const response = await fetch(`${api.origin}/api/orders/guest-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(payload),
  });
  const body = (await response.json()) as { message?: string };
  return { status: response.status, message: body.message };
};

describe('concurrent checkouts', () => {
  it(`hold exactly the stock there is: 40 at once for 5 units (${TEST_DATABASE_URL ? 'two API processes on PostgreSQL' : 'PGlite'})`, async () => {
    const productId = await productIdBySlug(t.database.db, 'scarce');
    const checkout = TEST_DATABASE_URL ? acrossProcesses : inProcess;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        checkout(
          {
            orderItems: [{ product: productId, qty: 1, option: 'A' }],
            shippingAddress: ADDRESS,
            email: `rush${i}@example.com`,
          },
          `10.30.0.${i + 1}`,
          i,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(35);
    expect(answers.find((answer) => answer.status === 409)?.message).toBe(
      'Sorry, Scarce Strap (option A) is sold out.',
    );

    const [row] = await t.database.db
      .select({ available: stock.available })
      .from(stock)
      .where(and(eq(stock.productId, productId), eq(stock.variant, 'A')));
    expect(row?.available).toBe(0);
    const placed = await t.database.db.select().from(orders);
    expect(placed).toHaveLength(5);
  });
});

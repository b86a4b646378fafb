import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LINE_LIMIT_MESSAGE,
  OPEN_CHECKOUTS_MESSAGE,
  ORDER_LIMIT_MESSAGE,
} from '@shop/shared/order-limits';
import { addressKeyOf } from '../../lib/address-key';
import { orderItems, orders } from '../../db/schema';
import { openApiClient, type ApiClient } from '../../test/api-client';
import { SAMPLE_ADDRESS, addProduct, productIdByHandle } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Stock hoarding (security review, finding 1): how much one client address can hold at once. */
let t: TestApp;
let api: ApiClient;
const ids: string[] = [];
let counter = 0;
const newAddress = () => `10.88.${Math.floor(counter / 250)}.${(counter++ % 250) + 1}`;
/** A new /64 of its own, and addresses in it (as a client with a /64 picks them). */
const newNetwork = () => {
  const network = `2001:db8:${(counter++).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
  return (host: number) => `${network}:${host.toString(16)}:0:0:1`;
};
const HELD_20 =
  /^Your checkouts waiting for payment hold 20 items until \d\d:\d\d UTC \(3[45] minutes\), and one address can hold at most 20 at once\./;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', CATALOG_CACHE_MS: '1000' });
  for (let i = 0; i < 6; i += 1) {
    const handle = await addProduct(t.database.db, { stock: { total: 500 } });
    ids.push(await productIdByHandle(t.database.db, handle));
  }
  api = await openApiClient(t, { CATALOG_CACHE_MS: '1000' });
}, 60_000);
afterAll(async () => {
  await api.stop();
  await t.close();
});

const guestCheckout = (orderItems: unknown[], ip: string) =>
  api.call('POST', '/api/orders/guest-checkout-session', {
    body: { orderItems, shippingAddress: SAMPLE_ADDRESS, email: 'hoarder@example.com' },
    ip,
  });

/** Units held by unpaid checkouts from an address (and the rest of its /64). */
async function heldFrom(ip: string): Promise<number> {
  const key = addressKeyOf(ip);
  const [row] = await t.database.db
    .select({ units: sql<number>`coalesce(sum(${orderItems.qty}), 0)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.clientAddress, key), eq(orders.status, 'pending_payment')));
  return row?.units ?? 0;
}

/** Whatever a hoarder might send: many lines, big quantities, the same variant split in pieces. */
const greedyCarts = (): unknown[][] => [
  ids.map((product) => ({ product, qty: 99 })),
  ids.map((product) => ({ product, qty: 10 })),
  Array.from({ length: 50 }, () => ({ product: ids[0], qty: 1 })),
  [
    { product: ids[0], qty: 6 },
    { product: ids[0], qty: 6 },
  ],
  [
    { product: ids[0], qty: 10 },
    { product: ids[1], qty: 10 },
  ],
  [
    { product: ids[2], qty: 10 },
    { product: ids[3], qty: 10 },
  ],
  [
    { product: ids[4], qty: 10 },
    { product: ids[5], qty: 10 },
  ],
  [{ product: ids[1], qty: 1 }],
];

describe('stock hoarding', () => {
  it('refuses a line above 10 and an order above 20 with a message that names the limit', async () => {
    const ip = newAddress();
    const line = await guestCheckout([{ product: ids[0], qty: 11 }], ip);
    expect(line.status).toBe(400);
    expect(line.body.message).toBe(LINE_LIMIT_MESSAGE);
    expect(line.body.message).toContain('10');
    // The same variant in two lines counts as one line.
    const split = await guestCheckout(
      [
        { product: ids[0], qty: 6 },
        { product: ids[0], qty: 5 },
      ],
      ip,
    );
    expect(split.status).toBe(400);
    expect(split.body.message).toBe(LINE_LIMIT_MESSAGE);
    const order = await guestCheckout(
      [
        { product: ids[0], qty: 10 },
        { product: ids[1], qty: 10 },
        { product: ids[2], qty: 1 },
      ],
      ip,
    );
    expect(order.status).toBe(400);
    expect(order.body.message).toBe(ORDER_LIMIT_MESSAGE);
    expect(order.body.message).toContain('20');
    expect(await heldFrom(ip)).toBe(0);
  });

  it('lets one address hold at most 20 units in all its open checkouts, whatever it sends', async () => {
    const ip = newAddress();
    const answers = [];
    for (const cart of greedyCarts()) answers.push(await guestCheckout(cart, ip));
    expect(answers.map((answer) => answer.status)).toEqual([
      400, 400, 400, 400, 200, 429, 429, 429,
    ]);
    for (const refused of answers.slice(5)) expect(refused.body.message).toMatch(HELD_20);
    expect(await heldFrom(ip)).toBe(20);
    // Another address is not affected.
    expect((await guestCheckout([{ product: ids[1], qty: 1 }], newAddress())).status).toBe(200);
  });

  it('refuses a third checkout of 10 units while two of 10 are open, saying how many are held until when', async () => {
    const ip = newAddress();
    expect((await guestCheckout([{ product: ids[0], qty: 10 }], ip)).status).toBe(200);
    expect((await guestCheckout([{ product: ids[1], qty: 10 }], ip)).status).toBe(200);
    const third = await guestCheckout([{ product: ids[2], qty: 10 }], ip);
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(HELD_20);
    expect(await heldFrom(ip)).toBe(20);
  });

  it('keeps at most 3 checkouts open per address, however small', async () => {
    const ip = newAddress();
    const answers = [];
    for (let i = 0; i < 4; i += 1)
      answers.push(await guestCheckout([{ product: ids[i], qty: 1 }], ip));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3]?.body.message).toBe(OPEN_CHECKOUTS_MESSAGE);
  });

  it('counts every address of one IPv6 /64 as one address; another /64 is another', async () => {
    const inNetwork = newNetwork();
    expect((await guestCheckout([{ product: ids[0], qty: 10 }], inNetwork(1))).status).toBe(200);
    expect((await guestCheckout([{ product: ids[1], qty: 10 }], inNetwork(2))).status).toBe(200);
    const third = await guestCheckout([{ product: ids[2], qty: 1 }], inNetwork(3));
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(HELD_20);
    expect(await heldFrom(inNetwork(4))).toBe(20);
    // The open-checkouts count too: three small ones from three addresses of another /64.
    const other = newNetwork();
    const small = [];
    for (let host = 1; host <= 4; host += 1)
      small.push(await guestCheckout([{ product: ids[3], qty: 1 }], other(host)));
    expect(small.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(small[3]?.body.message).toBe(OPEN_CHECKOUTS_MESSAGE);
    // An IPv4 client seen through a dual-stack socket is that IPv4 address.
    const ip = newAddress();
    expect(
      (
        await guestCheckout(
          [
            { product: ids[4], qty: 10 },
            { product: ids[5], qty: 10 },
          ],
          ip,
        )
      ).status,
    ).toBe(200);
    expect((await guestCheckout([{ product: ids[0], qty: 1 }], `::ffff:${ip}`)).status).toBe(429);
  });

  it(`holds the units cap for checkouts sent at once (in process on PGlite, or two API processes on PostgreSQL)`, async () => {
    const ip = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        guestCheckout(
          [
            { product: ids[i % 6], qty: 10 },
            { product: ids[(i + 1) % 6], qty: 10 },
          ],
          ip,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
    expect(await heldFrom(ip)).toBe(20);
    // Ten checkouts of 10 from ten addresses of one /64 at once: two fit.
    const inNetwork = newNetwork();
    const spread = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        guestCheckout([{ product: ids[i % 6], qty: 10 }], inNetwork(i + 1)),
      ),
    );
    expect(spread.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(spread.filter((answer) => answer.status === 429)).toHaveLength(8);
    expect(await heldFrom(inNetwork(99))).toBe(20);
  });

  it('shows released stock in the API within the catalog cache’s second, in every process', async () => {
    const handle = await addProduct(t.database.db, { stock: { total: 10 } });
    const product = await productIdByHandle(t.database.db, handle);
    const inStock = async () =>
      (await api.call('GET', `/api/products/${product}`)).body.countInStock as { total: number };
    // Warm the cache of both processes.
    expect((await inStock()).total).toBe(10);
    expect((await inStock()).total).toBe(10);

    const ip = newAddress();
    const opened = await guestCheckout([{ product, qty: 10 }], ip);
    expect(opened.status).toBe(200);
    const [order] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.clientAddress, ip));
    // The shopper leaves through the cancel link the provider was given.
    const left = await api.call('POST', `${new URL(String(opened.body.url)).pathname}/cancel`);
    const cancelUrl = new URL(String(left.headers.location), 'http://shop.test');
    expect(cancelUrl.searchParams.get('order')).toBe(order?.id);
    const cancelled = await api.call('POST', `/api/orders/${order?.id}/cancel-checkout`, {
      body: { token: cancelUrl.searchParams.get('token') },
    });
    expect(cancelled.body).toEqual({ status: 'cancelled' });
    const releasedAt = Date.now();

    // Both processes (alternating) show the stock back within about a second.
    let seen = 0;
    while (seen < 2) {
      seen = (await inStock()).total === 10 ? seen + 1 : 0;
      expect(Date.now() - releasedAt, 'stock shown again within the cache second').toBeLessThan(
        2000,
      );
    }
  });
});

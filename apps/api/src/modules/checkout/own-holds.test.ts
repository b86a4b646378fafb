import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessionResponseSchema, ownHoldsResponseSchema } from '@shop/shared/orders';
import {
  SAMPLE_ADDRESS as ADDRESS,
  addProduct,
  addVerifiedCustomer,
  productIdByHandle,
  stockLevel,
  variantIdOf,
} from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * A shopper's own open checkout: the browser that started it gets its proof, can ask what it
 * holds (so the cart's re-check does not count the shopper's own hold against them), and a new
 * checkout for the same cart replaces it instead of holding the stock twice.
 */
let t: TestApp;
const variantId = (productId: string, key: string) => variantIdOf(t.database.db, productId, key);
let hoodie: string;
let cap: string;
let tote: string;
let ipCounter = 0;
const nextIp = () => `10.31.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

type Proof = { orderId: string; token: string };

async function guestCheckout(orderItems: unknown[], replaces?: Proof[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders/guest-checkout-session',
    payload: { orderItems, shippingAddress: ADDRESS, email: 'guest@example.com', replaces },
    remoteAddress: nextIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
  const { checkout } = checkoutSessionResponseSchema.parse(response.json());
  if (!checkout) throw new Error('no checkout proof in the answer');
  return checkout;
}

function ownHoldsCall(payload: unknown, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders/own-holds',
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function ownHolds(checkouts: Proof[], token?: string) {
  const response = await ownHoldsCall({ checkouts }, token);
  expect(response.statusCode, response.body).toBe(200);
  return ownHoldsResponseSchema.parse(response.json()).checkouts;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  hoodie = await productIdByHandle(
    db,
    await addProduct(db, {
      name: 'Desert Hoodie',
      priceCents: 6000,
      hasSize: true,
      stock: { 'S/M': 2, L: 3, XL: 0 },
    }),
  );
  cap = await productIdByHandle(
    db,
    await addProduct(db, { name: 'Plain Cap', priceCents: 1000, stock: { total: 9 } }),
  );
  tote = await productIdByHandle(
    db,
    await addProduct(db, { name: 'Race Tote', priceCents: 2000, stock: { total: 4 } }),
  );
});
afterAll(async () => {
  await t.close();
});

describe('a guest browser’s own checkout', () => {
  it('answers what the checkout holds to the browser holding its proof, and nothing to others', async () => {
    const proof = await guestCheckout([
      { product: hoodie, size: 'S/M', qty: 2 },
      { product: cap, qty: 1 },
    ]);
    expect(await stockLevel(t.database.db, hoodie, 'S/M')).toBe(0);

    const [held, ...others] = await ownHolds([proof]);
    expect(others).toEqual([]);
    expect(held?.orderId).toBe(proof.orderId);
    expect(held?.items).toEqual(
      expect.arrayContaining([
        {
          product: hoodie,
          size: 'S/M',
          option: 'NA',
          variant: await variantId(hoodie, 'S/M'),
          qty: 2,
        },
        { product: cap, size: 'NA', option: 'NA', variant: await variantId(cap, 'total'), qty: 1 },
      ]),
    );
    expect(held?.items).toHaveLength(2);

    // Without the proof, with another order's proof or a forged one: nothing.
    const other = await guestCheckout([{ product: cap, qty: 1 }]);
    expect(await ownHolds([])).toEqual([]);
    expect(await ownHolds([{ orderId: proof.orderId, token: other.token }])).toEqual([]);
    expect(await ownHolds([{ orderId: proof.orderId, token: 'forged' }])).toEqual([]);
    expect(await ownHolds([{ orderId: 'not-an-id', token: proof.token }])).toEqual([]);

    // Ended: it holds nothing any more.
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${proof.orderId}/cancel-checkout`,
      payload: { token: proof.token },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${other.orderId}/cancel-checkout`,
      payload: { token: other.token },
    });
    expect(await ownHolds([proof])).toEqual([]);
    expect(await stockLevel(t.database.db, hoodie, 'S/M')).toBe(2);
  });

  it('placing the order again replaces the earlier checkout: the stock is held once', async () => {
    const first = await guestCheckout([{ product: hoodie, size: 'L', qty: 3 }]);
    expect(await stockLevel(t.database.db, hoodie, 'L')).toBe(0);

    const second = await guestCheckout([{ product: hoodie, size: 'L', qty: 3 }], [first]);
    expect(second.orderId).not.toBe(first.orderId);
    expect(await stockLevel(t.database.db, hoodie, 'L')).toBe(0);
    const holds = await ownHolds([first, second]);
    expect(holds.map((hold) => hold.orderId)).toEqual([second.orderId]);

    // A proof of someone else's checkout does not end it.
    const forged = await guestCheckout(
      [{ product: cap, qty: 1 }],
      [{ orderId: second.orderId, token: first.token }],
    );
    expect((await ownHolds([second])).map((hold) => hold.orderId)).toEqual([second.orderId]);
    for (const proof of [second, forged])
      await t.app.inject({
        method: 'POST',
        url: `/api/orders/${proof.orderId}/cancel-checkout`,
        payload: { token: proof.token },
      });
    expect(await stockLevel(t.database.db, hoodie, 'L')).toBe(3);
  });
});

describe('a signed-in shopper’s own checkout', () => {
  it('is answered to the account without any proof, and to no other account', async () => {
    const ana = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Ana Holder',
      email: 'ana.holder@example.com',
    });
    const ben = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Ben Else',
      email: 'ben.else@example.com',
    });
    const start = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/create-checkout-session',
        headers: { authorization: `Bearer ${ana.token}` },
        payload: { orderItems: [{ product: cap, qty: 4 }], shippingAddress: ADDRESS },
        remoteAddress: nextIp(),
      });
    const first = await start();
    expect(first.statusCode, first.body).toBe(200);
    const again = await start();
    expect(again.statusCode, again.body).toBe(200);
    // Placed twice, held once.
    expect(await stockLevel(t.database.db, cap, 'total')).toBe(5);

    const holds = await ownHolds([], ana.token);
    expect(holds).toHaveLength(1);
    expect(holds[0]?.items).toEqual([
      { product: cap, size: 'NA', option: 'NA', variant: await variantId(cap, 'total'), qty: 4 },
    ]);
    expect(await ownHolds([], ben.token)).toEqual([]);
  });
});

describe('POST /api/orders/own-holds', () => {
  it('refuses a malformed body or a bad sign-in with a message', async () => {
    for (const payload of [
      { checkouts: 'x' },
      { checkouts: [{ orderId: 'a' }] },
      { checkouts: Array.from({ length: 6 }, () => ({ orderId: 'a', token: 'b' })) },
    ]) {
      const response = await ownHoldsCall(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const badToken = await ownHoldsCall({ checkouts: [] }, 'not-a-token');
    expect(badToken.statusCode).toBe(401);
    expect(badToken.json().message).toEqual(expect.any(String));
  });
});

describe('replacing a checkout from many requests at once', () => {
  it('gives its stock back once: one of eight replacing checkouts gets it, the others are refused', async () => {
    const first = await guestCheckout([{ product: tote, qty: 4 }]);
    expect(await stockLevel(t.database.db, tote, 'total')).toBe(0);

    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders/guest-checkout-session',
          payload: {
            orderItems: [{ product: tote, qty: 4 }],
            shippingAddress: ADDRESS,
            email: 'guest@example.com',
            replaces: [first],
          },
          remoteAddress: nextIp(),
        }),
      ),
    );
    const placed = answers.filter((answer) => answer.statusCode === 200);
    expect(placed).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode, refused.body).toBeLessThan(500);
      expect(refused.json()).toHaveProperty('message');
    }
    expect(await stockLevel(t.database.db, tote, 'total')).toBe(0);

    // The first checkout's units came back once: ending the one placed gives back 4, not 8.
    const { checkout } = checkoutSessionResponseSchema.parse(placed[0]!.json());
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${checkout!.orderId}/cancel-checkout`,
      payload: { token: checkout!.token },
    });
    expect(await stockLevel(t.database.db, tote, 'total')).toBe(4);
  });
});

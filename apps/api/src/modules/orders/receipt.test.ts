import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_MESSAGES,
  RECEIPT_WINDOW_MS,
  orderNumber,
  orderReceiptSchema,
} from '@shop/shared/orders';
import {
  SAMPLE_ADDRESS,
  addProduct,
  addVerifiedCustomer,
  payTestCheckout,
  productIdByHandle,
} from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The thank-you page's look-up: POST /api/orders/receipt with the checkout's receipt token. */

const JWT_SECRET = 'receipt-test-secret-0123456789-abcdefghijk';
let t: TestApp;
/** The app's clock runs this far ahead of the real one (the database stamps paid_at). */
let clockAhead = 0;
let strap: string;
let ip = 0;

/** A checkout as the storefront starts it: the session id (from the success URL) and the receipt. */
async function startCheckout(buyer: { email: string } | { token: string }) {
  ip += 1;
  const response = await t.app.inject({
    method: 'POST',
    remoteAddress: `10.61.0.${ip}`,
    ...('token' in buyer
      ? {
          url: '/api/orders/create-checkout-session',
          headers: { authorization: `Bearer ${buyer.token}` },
          payload: { orderItems: [{ product: strap, qty: 2 }], shippingAddress: SAMPLE_ADDRESS },
        }
      : {
          url: '/api/orders/guest-checkout-session',
          payload: {
            orderItems: [{ product: strap, qty: 2 }],
            shippingAddress: SAMPLE_ADDRESS,
            email: buyer.email,
          },
        }),
  });
  expect(response.statusCode, response.body).toBe(200);
  const { url, receipt } = response.json<{ url: string; receipt: string }>();
  return { url, receipt, sessionId: new URL(url).pathname.split('/').pop() ?? '' };
}

async function paidCheckout(buyer: { email: string } | { token: string }) {
  const checkout = await startCheckout(buyer);
  await payTestCheckout(t.app, JWT_SECRET, checkout.sessionId);
  return checkout;
}

const readReceipt = (payload: { sessionId?: string; receipt?: string }) =>
  t.app.inject({ method: 'POST', url: '/api/orders/receipt', payload });

beforeAll(async () => {
  t = await createTestApp(
    { APP_URL: 'http://shop.test', JWT_SECRET },
    {
      now: () => Date.now() + clockAhead,
    },
  );
  await addProduct(t.database.db, {
    handle: 'strap',
    name: 'Dune Strap',
    priceCents: 1999,
    stock: { total: 100 },
  });
  strap = await productIdByHandle(t.database.db, 'strap');
});
afterAll(async () => {
  await t.close();
});

describe('the thank-you page reads its order with the receipt token', () => {
  it("answers the guest's order: its number, items, total and the signed link that opens it", async () => {
    const { sessionId, receipt, url } = await paidCheckout({ email: 'receipt@example.com' });
    // The token travels in answers and bodies only, never in the provider's URLs.
    expect(url).not.toContain(receipt);

    const response = await readReceipt({ sessionId, receipt });
    expect(response.statusCode, response.body).toBe(200);
    const summary = orderReceiptSchema.parse(response.json());
    expect(summary.number).toBe(orderNumber(summary._id));
    expect(summary.orderItems).toEqual([
      expect.objectContaining({ product: strap, name: 'Dune Strap', qty: 2, price: 19.99 }),
    ]);
    // $39.98 + $5 shipping (under $50) + $2.80 tax (7%).
    expect(summary).toMatchObject({
      itemsPrice: 39.98,
      shippingPrice: 5,
      taxPrice: 2.8,
      totalPrice: 47.78,
    });
    expect(summary.orderPath).toMatch(new RegExp(`^/order/${summary._id}\\?token=[\\w-]+$`));

    // The storefront's /order/:id?token=… reads GET /api/orders/:id?token=…
    const apiPath = summary.orderPath.replace(/^\/order\//, '/api/orders/');
    const order = await t.app.inject({ method: 'GET', url: apiPath });
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json()).toMatchObject({ _id: summary._id, number: summary.number, isPaid: true });
  });

  it("links a customer's order to its page, which their sign-in opens", async () => {
    const customer = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Layla',
      email: 'layla.receipt@example.com',
    });
    const { sessionId, receipt } = await paidCheckout({ token: customer.token });
    const response = await readReceipt({ sessionId, receipt });
    expect(response.statusCode, response.body).toBe(200);
    const summary = orderReceiptSchema.parse(response.json());
    expect(summary.orderPath).toBe(`/order/${summary._id}`);
    const order = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${summary._id}`,
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(order.statusCode, order.body).toBe(200);
  });

  it('still answers 59 minutes after the payment', async () => {
    const { sessionId, receipt } = await paidCheckout({ email: 'late@example.com' });
    clockAhead = RECEIPT_WINDOW_MS - 60_000;
    try {
      expect((await readReceipt({ sessionId, receipt })).statusCode).toBe(200);
    } finally {
      clockAhead = 0;
    }
  });
});

describe('anything else is the same 404, which tells nothing', () => {
  const notFound = { message: ORDER_MESSAGES.notFound };

  it('refuses a wrong token, another order’s token and an unknown session', async () => {
    const mine = await paidCheckout({ email: 'mine@example.com' });
    const theirs = await paidCheckout({ email: 'theirs@example.com' });
    for (const payload of [
      { sessionId: mine.sessionId, receipt: `${mine.receipt.slice(0, -1)}x` },
      { sessionId: mine.sessionId, receipt: 'not-a-receipt' },
      { sessionId: mine.sessionId, receipt: theirs.receipt },
      { sessionId: 'tcs_unknown_session', receipt: mine.receipt },
    ]) {
      const response = await readReceipt(payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
  });

  it('refuses an order that is not paid yet', async () => {
    const { sessionId, receipt } = await startCheckout({ email: 'unpaid@example.com' });
    const response = await readReceipt({ sessionId, receipt });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(notFound);
  });

  it('refuses once the payment is more than an hour old', async () => {
    const { sessionId, receipt } = await paidCheckout({ email: 'old@example.com' });
    clockAhead = RECEIPT_WINDOW_MS + 60_000;
    try {
      const response = await readReceipt({ sessionId, receipt });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    } finally {
      clockAhead = 0;
    }
  });

  it('answers 400 with a message when the token or the session is missing', async () => {
    for (const payload of [{ sessionId: 'tcs_x' }, { receipt: 'abc' }, {}]) {
      const response = await readReceipt(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: expect.any(String) });
    }
  });
});

import * as z from 'zod/mini';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '@shop/shared/orders';
import { mailOutbox, orders, paymentEvents } from '../../db/schema';
import {
  SAMPLE_ADDRESS as ADDRESS,
  addProduct,
  addVerifiedCustomer,
  deliverTestEvent,
  productIdByHandle,
  stockLevel,
  testCheckoutSigner,
} from '../../test/fixtures';
import { SmtpInbox, linkIn } from '../../test/smtp-inbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { deriveKey } from '../../lib/keys';
import { checkoutCancelToken, orderAccessToken } from '../orders/order-access';
import { createTestCheckoutProvider } from '../payments/test-checkout-provider';

const APP_URL = 'http://shop.test';
const JWT_SECRET = 'checkout-test-secret-0123456789-abcdefghij';
let t: TestApp;
let inbox: SmtpInbox;
let ids: Record<'shirt' | 'tote' | 'strap' | 'cap', string>;
let ipCounter = 0;
const nextIp = () => `10.20.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const signer = testCheckoutSigner(JWT_SECRET);

const stockOf = (productId: string, variant: string) =>
  stockLevel(t.database.db, productId, variant);

function guestCheckout(
  orderItems: unknown[],
  email = 'guest@example.com',
  shippingAddress: unknown = ADDRESS,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders/guest-checkout-session',
    payload: { orderItems, shippingAddress, email },
    remoteAddress: nextIp(),
  });
}

/** Starts a guest checkout and answers its order and test-checkout session. */
async function openGuestOrder(orderItems: unknown[], email = 'guest@example.com') {
  const response = await guestCheckout(orderItems, email);
  expect(response.statusCode, response.body).toBe(200);
  const sessionId = new URL(response.json().url).pathname.split('/').pop() ?? '';
  const [order] = await t.database.db
    .select()
    .from(orders)
    .where(eq(orders.paymentSessionId, sessionId));
  if (!order) throw new Error('no order for the session');
  return { sessionId, order, url: response.json().url as string };
}

function sendEvent(
  type: 'checkout.completed' | 'checkout.cancelled' | 'checkout.expired',
  sessionId: string,
) {
  const { body, signature } = signer.signedEvent(type, sessionId);
  return deliver(body, signature);
}

const deliver = (body: string, signature?: string) => deliverTestEvent(t.app, { body, signature });

beforeAll(async () => {
  inbox = new SmtpInbox();
  t = await createTestApp({
    SMTP_URL: await inbox.start(),
    APP_URL,
    JWT_SECRET,
    HOLD_SWEEP_MS: '200',
  });
  const db = t.database.db;
  await addProduct(db, {
    handle: 'shirt',
    name: 'Self Love Tee',
    priceCents: 3000,
    hasSize: true,
    stock: { 'S/M': 5, L: 5, XL: 0 },
  });
  await addProduct(db, {
    handle: 'tote',
    name: 'Poppy Tote',
    priceCents: 2450,
    hasAandB: true,
    imagesOptionA: ['/images/a.svg'],
    imagesOptionB: ['/images/b.svg'],
    stock: { A: 5, B: 5 },
  });
  await addProduct(db, {
    handle: 'strap',
    name: 'Dune Strap',
    priceCents: 1999,
    stock: { total: 5 },
  });
  await addProduct(db, {
    handle: 'cap',
    name: 'Plain Cap',
    priceCents: 1000,
    stock: { total: 50 },
  });
  ids = {
    shirt: await productIdByHandle(db, 'shirt'),
    tote: await productIdByHandle(db, 'tote'),
    strap: await productIdByHandle(db, 'strap'),
    cap: await productIdByHandle(db, 'cap'),
  };
});
afterAll(async () => {
  await t.close();
  await inbox.stop();
});

describe('a guest buys through the test checkout', () => {
  it('prices on the server, holds stock, takes the payment once, mails a working order link', async () => {
    const { sessionId, order, url } = await openGuestOrder(
      [
        // The client's price, name and stock figures are ignored.
        {
          product: ids.shirt,
          qty: 1,
          size: 'L',
          option: 'NA',
          price: 0.01,
          name: 'Free shirt',
          countInStock: 999,
        },
        { product: ids.tote, qty: 2, size: 'NA', option: 'B', price: 0.01 },
      ],
      'Buyer@Example.com',
    );
    expect(url).toBe(`${APP_URL}/test-checkout/${sessionId}`);
    expect(order).toMatchObject({
      status: 'pending_payment',
      email: 'buyer@example.com',
      itemsCents: 3000 + 2 * 2450,
      shippingCents: 0,
      taxCents: 553,
      totalCents: 7900 + 553,
      paymentProvider: 'test-checkout',
    });
    expect(await stockOf(ids.shirt, 'L')).toBe(4);
    expect(await stockOf(ids.tote, 'B')).toBe(3);

    const page = await t.app.inject(`/test-checkout/${sessionId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TEST MODE: this checkout takes no money.');
    // In red, on the banner that carries it.
    const css = (await t.app.inject('/test-checkout/style.css')).body;
    expect(css).toMatch(/\.banner\{[^}]*color:#991b1b/);
    expect(page.body).toContain('$84.53');
    expect(page.body).toMatch(/Shipping<\/th><td class="num">Free</);

    const paid = await t.app.inject({
      method: 'POST',
      url: `/test-checkout/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/successfulorder?session_id=${sessionId}`);

    const mail = await inbox.waitFor('buyer@example.com');
    expect(mail.subject).toMatch(/^Your Sadu Sands order [0-9A-F]{8} is confirmed$/);
    expect(mail.text).toContain('2 × Poppy Tote (option B): $49.00');
    expect(mail.text).toContain('Total $84.53');
    const link = new URL(linkIn(mail, '/order/'));
    expect(link.pathname).toBe(`/order/${order.id}`);

    const viewed = await t.app.inject(
      `/api/orders/${order.id}?token=${link.searchParams.get('token')}`,
    );
    expect(viewed.statusCode).toBe(200);
    const body = orderSchema.parse(viewed.json());
    expect(body).toMatchObject({
      isPaid: true,
      isDelivered: false,
      status: 'paid',
      itemsPrice: 79,
      shippingPrice: 0,
      taxPrice: 5.53,
      totalPrice: 84.53,
      paymentMethod: 'Stripe',
      user: { name: 'Guest', email: 'buyer@example.com' },
      shippingAddress: ADDRESS,
    });
    expect(
      body.orderItems.map((item) => [item.name, item.size, item.option, item.qty, item.price]),
    ).toEqual([
      ['Poppy Tote', 'NA', 'B', 2, 24.5],
      ['Self Love Tee', 'L', 'NA', 1, 30],
    ]);
    expect(body.orderItems[0]?.image).toBe('/images/b.svg');
    expect(Date.parse(body.paidAt ?? '')).not.toBeNaN();
    // The hold became a sale: stock stays taken.
    expect(await stockOf(ids.shirt, 'L')).toBe(4);

    // The checkout page is closed once paid.
    expect((await t.app.inject(`/test-checkout/${sessionId}`)).body).toContain(
      'This checkout is closed.',
    );
  });

  it('charges $5 shipping under $50 of items and 7% tax on the items only', async () => {
    const { order } = await openGuestOrder([{ product: ids.cap, qty: 2 }]);
    expect(order).toMatchObject({
      itemsCents: 2000,
      shippingCents: 500,
      taxCents: 140,
      totalCents: 2640,
    });
  });

  it('cancelling in the test checkout returns to the cart and gives the stock back', async () => {
    const before = await stockOf(ids.strap, 'total');
    const { sessionId, order } = await openGuestOrder([{ product: ids.strap, qty: 2 }]);
    expect(await stockOf(ids.strap, 'total')).toBe((before ?? 0) - 2);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/test-checkout/${sessionId}/cancel`,
    });
    expect(cancelled.statusCode).toBe(303);
    const back = new URL(String(cancelled.headers.location), APP_URL);
    expect(back.pathname).toBe('/cart');
    expect(back.searchParams.get('checkout')).toBe('cancelled');
    expect(back.searchParams.get('order')).toBe(order.id);
    expect(await stockOf(ids.strap, 'total')).toBe(before);
    const [closed] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(closed?.status).toBe('cancelled');

    // The storefront then reports the cancel link: nothing more is given back.
    const reported = await cancelCheckoutCall(order.id, back.searchParams.get('token') ?? '');
    expect(reported.json()).toEqual({ status: 'cancelled' });
    expect(await stockOf(ids.strap, 'total')).toBe(before);
  });
});

const cancelCheckoutCall = (orderId: string, token: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/cancel-checkout`,
    payload: { token },
  });

const orderKey = deriveKey(new TextEncoder().encode(JWT_SECRET), 'order-access');
/** The signed token the checkout's cancel link carries. */
const cancelToken = (orderId: string) => checkoutCancelToken(orderKey, orderId);

describe('the cancel link of a checkout', () => {
  it('ends the checkout at once and gives the stock back exactly once', async () => {
    const before = await stockOf(ids.cap, 'total');
    const { order } = await openGuestOrder([{ product: ids.cap, qty: 3 }]);
    expect(await stockOf(ids.cap, 'total')).toBe((before ?? 0) - 3);

    const first = await cancelCheckoutCall(order.id, cancelToken(order.id));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: 'cancelled' });
    expect(await stockOf(ids.cap, 'total')).toBe(before);
    expect((await cancelCheckoutCall(order.id, cancelToken(order.id))).json()).toEqual({
      status: 'cancelled',
    });
    expect(await stockOf(ids.cap, 'total')).toBe(before);
  });

  it('carries a token that cancels but cannot read the order, and the order link cannot cancel', async () => {
    const { sessionId, order } = await openGuestOrder([{ product: ids.cap, qty: 1 }]);
    const left = await t.app.inject({ method: 'POST', url: `/test-checkout/${sessionId}/cancel` });
    const cancelUrl = new URL(String(left.headers.location), APP_URL);
    const token = cancelUrl.searchParams.get('token') ?? '';
    expect(token).not.toBe('');
    expect(token).not.toBe(orderAccessToken(orderKey, order.id));
    const read = await t.app.inject(`/api/orders/${order.id}?token=${encodeURIComponent(token)}`);
    expect(read.statusCode).toBe(404);

    const other = await openGuestOrder([{ product: ids.cap, qty: 1 }]);
    const withReadToken = await cancelCheckoutCall(
      other.order.id,
      orderAccessToken(orderKey, other.order.id),
    );
    expect(withReadToken.statusCode).toBe(404);
    expect((await cancelCheckoutCall(other.order.id, cancelToken(other.order.id))).json()).toEqual({
      status: 'cancelled',
    });
  });

  it('leaves a paid order paid', async () => {
    const { sessionId, order } = await openGuestOrder([{ product: ids.cap, qty: 1 }]);
    await sendEvent('checkout.completed', sessionId);
    const after = await cancelCheckoutCall(order.id, cancelToken(order.id));
    expect(after.json()).toEqual({ status: 'paid' });
  });

  it('answers 404 without the right token and 400 without one, changing nothing', async () => {
    const before = await stockOf(ids.cap, 'total');
    const { order } = await openGuestOrder([{ product: ids.cap, qty: 1 }]);
    for (const [id, token] of [
      [order.id, cancelToken(randomUUID())],
      [order.id, 'x'.repeat(43)],
      ['not-a-uuid', cancelToken(order.id)],
      [randomUUID(), cancelToken(order.id)],
    ] as const) {
      const response = await cancelCheckoutCall(id, token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Order not found' });
    }
    for (const token of [undefined, '', 42]) {
      const response = await cancelCheckoutCall(order.id, token);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const [still] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(still?.status).toBe('pending_payment');
    expect(await stockOf(ids.cap, 'total')).toBe((before ?? 0) - 1);
  });
});

describe('stock holds', () => {
  it('answers 409 naming the item when a line cannot be held, and holds nothing of the other lines', async () => {
    const capBefore = await stockOf(ids.cap, 'total');
    const response = await guestCheckout([
      { product: ids.cap, qty: 3 },
      { product: ids.shirt, qty: 6, size: 'S/M' },
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Sorry, only 5 left of Self Love Tee (size S/M). Please lower the quantity.',
    });
    expect(await stockOf(ids.cap, 'total')).toBe(capBefore);
    const soldOut = await guestCheckout([{ product: ids.shirt, qty: 1, size: 'XL' }]);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toEqual({ message: 'Sorry, Self Love Tee (size XL) is sold out.' });
  });

  it('adds up repeated lines of the same variant before holding', async () => {
    const response = await guestCheckout([
      { product: ids.tote, qty: 3, option: 'A' },
      { product: ids.tote, qty: 3, option: 'A' },
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('only 5 left of Poppy Tote (option A)');
  });

  it('gives the stock back exactly once when the checkout expires, however often that is said', async () => {
    const before = await stockOf(ids.tote, 'A');
    const { sessionId, order } = await openGuestOrder([{ product: ids.tote, qty: 2, option: 'A' }]);
    expect(await stockOf(ids.tote, 'A')).toBe((before ?? 0) - 2);
    for (let i = 0; i < 3; i += 1)
      expect((await sendEvent('checkout.expired', sessionId)).statusCode).toBe(200);
    expect(await stockOf(ids.tote, 'A')).toBe(before);
    const [closed] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(closed?.status).toBe('expired');

    // A payment that arrives after the expiry changes nothing (and is logged for a person).
    const late = await sendEvent('checkout.completed', sessionId);
    expect(late.json()).toEqual({ received: true, outcome: 'no-change' });
    expect(await stockOf(ids.tote, 'A')).toBe(before);
  });

  it('the sweeper releases a hold whose time ran out even if no event ever comes', async () => {
    const before = await stockOf(ids.cap, 'total');
    const { order } = await openGuestOrder([{ product: ids.cap, qty: 4 }]);
    expect(await stockOf(ids.cap, 'total')).toBe((before ?? 0) - 4);
    await t.database.db
      .update(orders)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(orders.id, order.id));
    await expect.poll(() => stockOf(ids.cap, 'total'), { timeout: 5000 }).toBe(before);
    const [closed] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(closed?.status).toBe('expired');
  });

  it.each([
    [[], 'Your cart is empty'],
    [[{ product: 'nope', qty: 1 }], 'Unknown product: nope'],
    [
      [{ product: '00000000-0000-4000-8000-000000000000', qty: 1 }],
      'Unknown product: 00000000-0000-4000-8000-000000000000',
    ],
    [[{ product: 'SHIRT', qty: 1 }], 'Self Love Tee takes a size'],
    [[{ product: 'STRAP', qty: 1, size: 'L' }], 'Dune Strap takes no size or option'],
    [[{ product: 'TOTE', qty: 1, size: 'L' }], 'Poppy Tote takes an option (A or B)'],
    [[{ product: 'CAP', qty: 0 }], 'Quantity must be at least 1'],
    [[{ product: 'CAP', qty: 1.5 }], null],
    [[{ product: 'CAP', qty: 100 }], null],
    [[{ product: 'CAP', qty: 1, size: 'XXL' }], null],
  ])('answers 400 for the items %j', async (items, message) => {
    const orderItems = (items as { product: string }[]).map((item) => ({
      ...item,
      product:
        item.product in { SHIRT: 1, STRAP: 1, TOTE: 1, CAP: 1 }
          ? ids[item.product.toLowerCase() as keyof typeof ids]
          : item.product,
    }));
    const response = await guestCheckout(orderItems);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().message).toBe(message);
    else expect(typeof response.json().message).toBe('string');
  });

  it('answers 400 for a missing address field or e-mail, naming it', async () => {
    const { city: _city, ...withoutCity } = ADDRESS;
    const noCity = await guestCheckout(
      [{ product: ids.cap, qty: 1 }],
      'g@example.com',
      withoutCity,
    );
    expect(noCity.statusCode).toBe(400);
    expect(noCity.json().message).toBe('City is required');
    const blankState = await guestCheckout([{ product: ids.cap, qty: 1 }], 'g@example.com', {
      ...ADDRESS,
      state: '  ',
    });
    expect(blankState.json().message).toBe('State is required');
    const noEmail = await guestCheckout([{ product: ids.cap, qty: 1 }], 'not-an-email');
    expect(noEmail.json().message).toBe('Please enter a valid email address');
  });
});

describe('the payment webhook', () => {
  it('marks the order paid and queues one mail, however many times the event is delivered', async () => {
    const email = 'twice@example.com';
    const { sessionId, order } = await openGuestOrder([{ product: ids.cap, qty: 1 }], email);
    const { body, signature } = signer.signedEvent('checkout.completed', sessionId);
    const outcomes = [];
    for (let i = 0; i < 10; i += 1) outcomes.push((await deliver(body, signature)).json().outcome);
    expect(outcomes).toEqual(['paid', ...Array(9).fill('duplicate')]);
    // Ten different events saying the same thing change nothing more either.
    for (let i = 0; i < 3; i += 1)
      expect((await sendEvent('checkout.completed', sessionId)).json().outcome).toBe('no-change');
    // Mail is queued with the change that causes it: once the answers are in and the work after
    // them is done, the outbox holds every mail these deliveries will ever send.
    await t.app.backgroundTasks.idle();
    const queued = await t.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email));
    expect(queued).toHaveLength(1);
    await inbox.waitFor(email);
    expect(inbox.count(email)).toBe(1);
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, order.id));
    expect(events).toHaveLength(4);
  });

  it('refuses an unsigned, forged, tampered or stale event and changes nothing', async () => {
    const { sessionId, order } = await openGuestOrder([{ product: ids.cap, qty: 1 }]);
    const { body, signature } = signer.signedEvent('checkout.completed', sessionId);
    const forger = createTestCheckoutProvider({
      secret: new TextEncoder().encode('not-the-shop-secret'),
      appUrl: APP_URL,
    });
    const forged = forger.signedEvent('checkout.completed', sessionId);
    const stale = signer.signedEvent('checkout.completed', sessionId, Date.now() - 10 * 60_000);
    for (const [payload, header] of [
      [body, undefined],
      [body, 'garbage'],
      [forged.body, forged.signature],
      [body.replace('checkout.completed', 'checkout.cancelled'), signature],
      [stale.body, stale.signature],
      ['{"not": "json"', signature],
    ] as const) {
      const response = await deliver(payload, header);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Invalid webhook signature' });
    }
    const [unchanged] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(unchanged?.status).toBe('pending_payment');
  });
});

describe('orders of customers', () => {
  it('a customer checks out with a bearer token and sees only their own orders', async () => {
    const ana = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Ana Buyer',
      email: 'ana.buyer@example.com',
    });
    const ben = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Ben Other',
      email: 'ben.other@example.com',
    });
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create-checkout-session',
      headers: { authorization: `Bearer ${ana.token}` },
      payload: {
        orderItems: [{ product: ids.cap, qty: 1 }],
        shippingAddress: ADDRESS,
        userInfo: { _id: ben.id },
      },
      remoteAddress: nextIp(),
    });
    expect(start.statusCode).toBe(200);
    const sessionId = new URL(start.json().url).pathname.split('/').pop() ?? '';
    await sendEvent('checkout.completed', sessionId);

    const mine = await t.app.inject({
      url: '/api/orders/',
      headers: { authorization: `Bearer ${ana.token}` },
    });
    const list = z.array(orderSchema).parse(mine.json());
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      isPaid: true,
      user: { name: 'Ana Buyer', email: 'ana.buyer@example.com' },
    });
    const orderId = list[0]?._id ?? '';

    const own = await t.app.inject({
      url: `/api/orders/${orderId}`,
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(own.statusCode).toBe(200);
    const other = await t.app.inject({
      url: `/api/orders/${orderId}`,
      headers: { authorization: `Bearer ${ben.token}` },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Order not found' });
    expect((await t.app.inject({ url: `/api/orders/${orderId}?token=forged` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: `/api/orders/${orderId}` })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          url: '/api/orders/not-a-uuid',
          headers: { authorization: `Bearer ${ana.token}` },
        })
      ).statusCode,
    ).toBe(404);
    const benList = await t.app.inject({
      url: '/api/orders',
      headers: { authorization: `Bearer ${ben.token}` },
    });
    expect(benList.json()).toEqual([]);
  });

  it('puts a guest checkout made while signed in into the account', async () => {
    const dee = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Dee Signed',
      email: 'dee@example.com',
    });
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/orders/guest-checkout-session',
      headers: { authorization: `Bearer ${dee.token}` },
      payload: {
        orderItems: [{ product: ids.cap, qty: 1 }],
        shippingAddress: ADDRESS,
        email: 'dee@example.com',
      },
      remoteAddress: nextIp(),
    });
    expect(start.statusCode).toBe(200);
    const mine = z.array(orderSchema).parse(
      (
        await t.app.inject({
          url: '/api/orders',
          headers: { authorization: `Bearer ${dee.token}` },
        })
      ).json(),
    );
    expect(mine.map((order) => order.user)).toEqual([
      { name: 'Dee Signed', email: 'dee@example.com' },
    ]);
  });

  it('needs a sign-in for the customer checkout', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create-checkout-session',
      payload: { orderItems: [{ product: ids.cap, qty: 1 }], shippingAddress: ADDRESS },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Not authorized, no token' });
  });
});

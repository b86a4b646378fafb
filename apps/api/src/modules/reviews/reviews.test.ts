import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '@shop/shared/catalog';
import { ORDER_MESSAGES } from '@shop/shared/orders';
import { orders } from '../../db/schema';
import { deriveKey } from '../../lib/keys';
import {
  SAMPLE_ADDRESS as ADDRESS,
  addProduct,
  addVerifiedCustomer,
  deliverTestEvent,
  productIdByHandle,
  testCheckoutSigner,
} from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { orderAccessToken } from '../orders/order-access';
import { transitionOrder } from '../orders/repository';
import { GUEST_REVIEWER_NAME } from './service';

const JWT_SECRET = 'reviews-test-secret-0123456789-abcdefghijk';
const signer = testCheckoutSigner(JWT_SECRET);
let t: TestApp;
let toteId: string;
let strapId: string;
let capId: string;
let beltId: string;
// Each call from an address of its own, but for the test of the per-address limit.
let ipCounter = 0;
const nextIp = () => `10.30.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

/** The proof a guest's order link (/order/:id?token=…) gives, as the review's body carries it. */
interface OrderLink {
  orderId: string;
  orderToken: string;
}

const NO_PROOF = { message: ORDER_MESSAGES.reviewNeedsProof };

/** Opens a checkout of one product (as a guest, or as the customer of `token`); answers its session. */
async function startCheckout(productId: string, buyer: { email: string } | { token: string }) {
  const items = [{ product: productId, qty: 1 }];
  const start = await t.app.inject(
    'token' in buyer
      ? {
          method: 'POST',
          url: '/api/orders/create-checkout-session',
          headers: { authorization: `Bearer ${buyer.token}` },
          payload: { orderItems: items, shippingAddress: ADDRESS },
          remoteAddress: nextIp(),
        }
      : {
          method: 'POST',
          url: '/api/orders/guest-checkout-session',
          payload: { orderItems: items, shippingAddress: ADDRESS, email: buyer.email },
          remoteAddress: nextIp(),
        },
  );
  expect(start.statusCode, start.body).toBe(200);
  return new URL(start.json().url).pathname.split('/').pop() ?? '';
}

/** The order link of the newest order mail to this address, as the shop wrote it. */
async function orderLinkFromMail(email: string): Promise<OrderLink> {
  const outbox: { to: string; subject: string; text: string }[] = (
    await t.app.inject('/api/dev/outbox')
  ).json();
  const mail = outbox.find((m) => m.to === email && /confirmed/.test(m.subject));
  const match = mail?.text.match(/\/order\/([0-9a-f-]{36})\?token=([A-Za-z0-9_-]+)/);
  if (!match?.[1] || !match[2]) throw new Error(`no order link mailed to ${email}`);
  return { orderId: match[1], orderToken: match[2] };
}

/** A paid order of one product (through the test checkout's signed event); answers its mailed link. */
async function buy(productId: string, buyer: { email: string } | { token: string; email: string }) {
  const sessionId = await startCheckout(productId, buyer);
  const paid = await deliverTestEvent(t.app, signer.signedEvent('checkout.completed', sessionId));
  expect(paid.statusCode).toBe(200);
  return orderLinkFromMail(buyer.email);
}

/** An unpaid order of one product and the token its link would carry (the cancel link's). */
async function openUnpaidOrder(productId: string, email: string): Promise<OrderLink> {
  const sessionId = await startCheckout(productId, { email });
  const [order] = await t.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.paymentSessionId, sessionId));
  if (!order) throw new Error('no order for the session');
  const secret = deriveKey(new TextEncoder().encode(JWT_SECRET), 'order-access');
  return { orderId: order.id, orderToken: orderAccessToken(secret, order.id) };
}

/** A checkout cancelled through the test checkout's Cancel button: the link it returns with. */
async function cancelledOrder(productId: string, email: string): Promise<OrderLink> {
  const sessionId = await startCheckout(productId, { email });
  const cancelled = await t.app.inject({
    method: 'POST',
    url: `/test-checkout/${sessionId}/cancel`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(cancelled.statusCode).toBe(303);
  const back = new URL(String(cancelled.headers.location), 'http://shop.test');
  return {
    orderId: back.searchParams.get('order') ?? '',
    orderToken: back.searchParams.get('token') ?? '',
  };
}

const review = (
  productId: string,
  body: object,
  options: { token?: string; remoteAddress?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/review`,
    payload: body,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    remoteAddress: options.remoteAddress ?? nextIp(),
  });

const productOf = async (productId: string) =>
  productSchema.parse((await t.app.inject(`/api/products/${productId}`)).json());

beforeAll(async () => {
  t = await createTestApp({ JWT_SECRET });
  for (const handle of ['review-tote', 'review-strap', 'review-cap', 'review-belt'])
    await addProduct(t.database.db, { handle, name: handle, stock: { total: 50 } });
  toteId = await productIdByHandle(t.database.db, 'review-tote');
  strapId = await productIdByHandle(t.database.db, 'review-strap');
  capId = await productIdByHandle(t.database.db, 'review-cap');
  beltId = await productIdByHandle(t.database.db, 'review-belt');
});
afterAll(() => t.close());

describe('a review needs proof of the purchase', () => {
  it('refuses a buyer’s e-mail without proof, with the same answer as an e-mail that never bought', async () => {
    await buy(toteId, { email: 'alone@example.com' });
    const buyer = await review(toteId, { rating: 1, comment: 'x', userEmail: 'alone@example.com' });
    const stranger = await review(toteId, { rating: 1, userEmail: 'never@example.com' });
    expect(buyer.statusCode).toBe(403);
    expect(buyer.json()).toEqual(NO_PROOF);
    expect(stranger.statusCode).toBe(buyer.statusCode);
    expect(stranger.json()).toEqual(buyer.json());
    // A buyer who comes back signed in later is not blocked by someone who posted in their name.
    expect((await productOf(toteId)).numReviews).toBe(0);
  });

  it('takes a review from a signed-in account that owns a paid order of the product, under its name', async () => {
    const cora = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Cora Buyer',
      email: 'cora@example.com',
    });
    await buy(strapId, cora);
    expect((await review(strapId, { rating: 4, userEmail: 'cora@example.com' })).json()).toEqual(
      NO_PROOF,
    );
    const signedIn = await review(
      strapId,
      { rating: 4, comment: 'Nice', userEmail: 'Cora@Example.com' },
      { token: cora.token },
    );
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    expect(signedIn.json()).toEqual({ message: ORDER_MESSAGES.reviewAdded });
    const product = await productOf(strapId);
    expect(product).toMatchObject({ rating: 4, numReviews: 1 });
    expect(product.reviews.map((r) => [r.name, r.rating, r.comment])).toEqual([
      ['Cora Buyer', 4, 'Nice'],
    ]);
  });

  it('refuses a signed-in account without a paid order of the product, even when its e-mail bought it as a guest', async () => {
    const dan = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Dan NoOrder',
      email: 'dan@example.com',
    });
    // The e-mail bought the cap as a guest (someone may have used it); the account paid for a
    // strap and left a cap unpaid.
    await buy(capId, { email: 'dan@example.com' });
    await buy(strapId, dan);
    await startCheckout(capId, dan);
    const response = await review(capId, { rating: 5, userEmail: dan.email }, { token: dan.token });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(NO_PROOF);
  });

  it('does not let an account that changes its e-mail file a review under the new one', async () => {
    const gus = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Gus Switch',
      email: 'gus@example.com',
    });
    await buy(beltId, gus);
    const victimsOrder = await buy(beltId, { email: 'victim@example.com' });
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${gus.token}` },
      payload: {
        name: 'Gus Switch',
        email: 'victim@example.com',
        password: 'Switch-Pass1!',
        currentPassword: 'Fixture-Pass1!',
      },
      remoteAddress: nextIp(),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Even with the change confirmed from that mailbox (its link), and signed in under it.
    const outbox: { to: string; subject: string; text: string }[] = (
      await t.app.inject('/api/dev/outbox')
    ).json();
    const confirmToken = outbox
      .find((m) => m.to === 'victim@example.com' && /Confirm your new e-mail/.test(m.subject))
      ?.text.match(/\/confirm-email\/([A-Za-z0-9_-]+)/)?.[1];
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/users/confirm-email/${confirmToken}`,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'victim@example.com', password: 'Switch-Pass1!' },
      remoteAddress: nextIp(),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const asVictim = await review(
      beltId,
      { rating: 1, comment: 'Poor', userEmail: 'victim@example.com' },
      { token: signedIn.json().token },
    );
    expect(asVictim.statusCode).toBe(403);
    expect(asVictim.json()).toEqual(NO_PROOF);
    // The real buyer of that address is not blocked.
    expect(
      (await review(beltId, { rating: 5, userEmail: 'victim@example.com', ...victimsOrder }))
        .statusCode,
    ).toBe(201);
  });

  it('takes a review through a guest’s order link of a paid or delivered order, as a verified buyer', async () => {
    const link = await buy(toteId, { email: 'guest.link@example.com' });
    expect(
      (await review(toteId, { rating: 5, userEmail: 'guest.link@example.com' })).statusCode,
    ).toBe(403);
    const comment = 'Lovely <script>alert(1)</script> & sturdy';
    const response = await review(toteId, {
      rating: '5',
      comment,
      userEmail: 'guest.link@example.com',
      ...link,
    });
    expect(response.statusCode, response.body).toBe(201);

    const delivered = await buy(toteId, { email: 'delivered@example.com' });
    await transitionOrder(t.database.db, delivered.orderId, ['paid'], 'delivered');
    expect(
      (await review(toteId, { rating: 4, userEmail: 'delivered@example.com', ...delivered }))
        .statusCode,
    ).toBe(201);

    const product = await productOf(toteId);
    expect(product).toMatchObject({ rating: 4.5, numReviews: 2 });
    expect(product.reviews.map((r) => [r.name, r.rating, r.comment])).toEqual([
      ['Verified buyer', 4, ''],
      ['Verified buyer', 5, comment],
    ]);
  });

  it('refuses the token of another order, of an unpaid or cancelled order, of an order without the product, and a forged one', async () => {
    const email = 'tokens@example.com';
    const own = await buy(capId, { email });
    const other = await buy(capId, { email: 'someone.else@example.com' });
    const unpaid = await openUnpaidOrder(capId, email);
    const cancelled = await cancelledOrder(capId, email);
    const withoutCap = await buy(strapId, { email });
    const attempts: OrderLink[] = [
      { orderId: own.orderId, orderToken: other.orderToken },
      unpaid,
      cancelled,
      withoutCap,
      { orderId: own.orderId, orderToken: 'A'.repeat(own.orderToken.length) },
      { orderId: own.orderId, orderToken: `${own.orderToken}x` },
      { orderId: 'not-an-order', orderToken: own.orderToken },
    ];
    for (const proof of attempts) {
      const response = await review(capId, { rating: 5, userEmail: email, ...proof });
      expect(response.statusCode, JSON.stringify(proof)).toBe(403);
      expect(response.json()).toEqual(NO_PROOF);
    }
    expect((await productOf(capId)).numReviews).toBe(0);
    // The proof of their own order still holds.
    expect((await review(capId, { rating: 5, userEmail: email, ...own })).statusCode).toBe(201);
  });

  it('files a review only under the e-mail of its proof', async () => {
    const link = await buy(strapId, { email: 'owner.of.link@example.com' });
    const borrowed = await review(strapId, { rating: 5, userEmail: 'me@example.com', ...link });
    expect(borrowed.statusCode).toBe(403);
    expect(borrowed.json()).toEqual({ message: ORDER_MESSAGES.reviewOrderEmailMismatch });

    const eve = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Eve Buyer',
      email: 'eve@example.com',
    });
    await buy(strapId, eve);
    const other = await review(
      strapId,
      { rating: 5, userEmail: 'owner.of.link@example.com' },
      { token: eve.token },
    );
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: ORDER_MESSAGES.reviewEmailMismatch });
    const badToken = await review(strapId, { rating: 4, userEmail: eve.email }, { token: 'nope' });
    expect(badToken.statusCode).toBe(401);
  });

  it('answers 409 to a second review by the same account, whichever proof it comes with', async () => {
    const fay = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Fay Twice',
      email: 'fay@example.com',
    });
    const own = await buy(capId, fay);
    const first = await review(capId, { rating: 5, userEmail: fay.email, ...own });
    expect(first.statusCode, first.body).toBe(201);
    for (const again of [
      await review(capId, { rating: 1, userEmail: fay.email, ...own }),
      await review(capId, { rating: 1, userEmail: fay.email }, { token: fay.token }),
    ]) {
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: ORDER_MESSAGES.alreadyReviewed });
    }
  });

  it('answers 409 to a second guest review under one e-mail, which does not stand in the account’s way', async () => {
    const gil = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Gil Once',
      email: 'gil@example.com',
    });
    // Signed out, someone (Gil or not) buys with Gil's address after the account was made.
    const typed = await buy(capId, { email: gil.email });
    await buy(capId, gil);
    expect((await review(capId, { rating: 1, userEmail: gil.email, ...typed })).statusCode).toBe(
      201,
    );
    const again = await review(capId, { rating: 1, userEmail: gil.email, ...typed });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ORDER_MESSAGES.alreadyReviewed });
    // That guest review is not the account's (anyone can type an address): Gil reviews his own.
    const own = await review(capId, { rating: 5, userEmail: gil.email }, { token: gil.token });
    expect(own.statusCode, own.body).toBe(201);
    const product = productSchema.parse((await t.app.inject(`/api/products/${capId}`)).json());
    expect(product.reviews).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Gil Once', rating: 5 }),
        expect.objectContaining({ name: GUEST_REVIEWER_NAME, rating: 1 }),
      ]),
    );
  });

  it('keeps its limit per client address, proof or not', async () => {
    const link = await buy(toteId, { email: 'limited@example.com' });
    const remoteAddress = '10.31.0.1';
    for (let i = 0; i < 20; i++)
      expect(
        (await review(toteId, { rating: 5, userEmail: 'x@example.com' }, { remoteAddress }))
          .statusCode,
      ).toBe(403);
    const limited = await review(
      toteId,
      { rating: 5, userEmail: 'limited@example.com', ...link },
      { remoteAddress },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toEqual(expect.any(String));
  });
});

describe('bad review requests', () => {
  it.each([
    [{ rating: 0, userEmail: 'first@example.com' }, 'Please choose a rating'],
    [{ rating: 6, userEmail: 'first@example.com' }, 'Please choose a rating'],
    [{ rating: 4.5, userEmail: 'first@example.com' }, 'Please choose a rating'],
    [{ rating: 'five', userEmail: 'first@example.com' }, 'Please choose a rating'],
    [{ rating: 4 }, null],
    [{ rating: 4, userEmail: 'nope' }, 'Please enter a valid email address'],
    [
      { rating: 4, userEmail: 'first@example.com', comment: 'x'.repeat(2001) },
      'Comment must be at most 2000 characters',
    ],
    [
      {
        rating: 4,
        userEmail: 'first@example.com',
        orderId: '5f3a9c1e-7b2d-4e8f-9a6b-0c1d2e3f4a5b',
      },
      'orderId and orderToken go together',
    ],
    [
      { rating: 4, userEmail: 'first@example.com', orderToken: 'abc' },
      'orderId and orderToken go together',
    ],
    [
      { rating: 4, userEmail: 'first@example.com', orderId: 'x', orderToken: 'y'.repeat(201) },
      null,
    ],
  ])('answers 400 for %j', async (body, message) => {
    const response = await review(toteId, body);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().message).toBe(message);
    else expect(response.json().message).toEqual(expect.any(String));
  });

  it('answers 404 for an unknown product', async () => {
    const response = await review('00000000-0000-4000-8000-000000000000', {
      rating: 4,
      userEmail: 'first@example.com',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Product not found' });
  });
});

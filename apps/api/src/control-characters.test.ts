import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SAMPLE_ADDRESS as ADDRESS,
  addProduct,
  addVerifiedCustomer,
  deliverTestEvent,
  productIdByHandle,
  testCheckoutSigner,
} from './test/fixtures';
import { createTestApp, type TestApp } from './test/test-app';
import { injector } from './test/inject';
import { orders } from './db/schema';
import { deriveKey } from './lib/keys';
import { orderAccessToken } from './modules/orders/order-access';

/**
 * Control characters in text answer 400 with a message, never 500: a NUL byte is refused by
 * PostgreSQL in text columns and by argon2, so it must be stopped by the request schemas.
 */
const JWT_SECRET = 'control-characters-secret-0123456789-abcd';
const signer = testCheckoutSigner(JWT_SECRET);
const PASSWORD = 'Sunny-Dunes1';
let t: TestApp;
let productId: string;
let ipCounter = 0;
const nextIp = () => `10.40.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const call = injector(() => t.app, nextIp);

/** Answers 400 with a readable message, whatever else; the label says which case failed. */
async function expectRefused(label: string, response: Awaited<ReturnType<typeof call>>) {
  expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
  const body = response.json();
  expect(typeof body.message, label).toBe('string');
  expect(body.message, label).not.toMatch(/Something went wrong/);
}

async function buy(email: string) {
  const start = await call('POST', '/api/orders/guest-checkout-session', {
    body: { orderItems: [{ product: productId, qty: 1 }], shippingAddress: ADDRESS, email },
  });
  expect(start.statusCode, start.body).toBe(200);
  const sessionId = new URL(start.json().url).pathname.split('/').pop() ?? '';
  await deliverTestEvent(t.app, signer.signedEvent('checkout.completed', sessionId));
  const [order] = await t.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.paymentSessionId, sessionId));
  if (!order) throw new Error('no order for the session');
  // The proof a guest's order link carries.
  const orderToken = orderAccessToken(
    deriveKey(new TextEncoder().encode(JWT_SECRET), 'order-access'),
    order.id,
  );
  return { orderId: order.id, orderToken };
}

beforeAll(async () => {
  t = await createTestApp({ JWT_SECRET });
  await addProduct(t.database.db, { handle: 'nul-tote', name: 'Nul Tote', stock: { total: 50 } });
  productId = await productIdByHandle(t.database.db, 'nul-tote');
});
afterAll(() => t.close());

describe('control characters in request text', () => {
  it('answers 400 for a NUL or other control character in the listing query', async () => {
    for (const query of [
      'keyword=%00',
      'keyword=tote%00',
      'keyword=%1B%5B31m',
      'keyword=%7F',
      'category=totes%00',
      'pageNumber=%00',
    ]) {
      await expectRefused(query, await call('GET', `/api/products?${query}`));
    }
    // Ordinary keywords still search.
    const plain = await call('GET', '/api/products?keyword=%20tote%20');
    expect(plain.statusCode).toBe(200);
    expect(plain.json().products.map((p: { name: string }) => p.name)).toEqual(['Nul Tote']);
  });

  it('answers 400 for a NUL in the name, e-mail or password of a registration', async () => {
    const fine = { name: 'Nia Null', email: 'nia@example.com', password: PASSWORD };
    for (const body of [
      { ...fine, name: 'Nia\u0000Null' },
      { ...fine, name: 'Nia\nNull' },
      { ...fine, email: 'nia\u0000@example.com' },
      { ...fine, email: 'nia@example.com\u0000' },
      { ...fine, password: 'Sunny-Dunes1\u0000' },
    ]) {
      await expectRefused(JSON.stringify(body), await call('POST', '/api/users', { body }));
    }
  });

  it('answers 400 for a NUL in the e-mail or password of a login', async () => {
    await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Lou Login',
      email: 'lou@example.com',
      password: PASSWORD,
    });
    for (const body of [
      { email: 'lou@example.com\u0000', password: PASSWORD },
      { email: 'lou@example.com', password: `${PASSWORD}\u0000` },
      { email: 'lou@example.com', password: '\u0000' },
    ]) {
      await expectRefused(JSON.stringify(body), await call('POST', '/api/users/login', { body }));
    }
  });

  it('answers 400 for a NUL in the e-mail of a mail request', async () => {
    for (const url of ['/api/users/forgot-password', '/api/users/resend-verification']) {
      await expectRefused(url, await call('POST', url, { body: { email: 'a\u0000@example.com' } }));
    }
  });

  it('answers 400 for a NUL in the name, e-mail or password of a profile update', async () => {
    const { token } = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Pat Profile',
      email: 'pat@example.com',
    });
    const fine = {
      name: 'Pat Profile',
      email: 'pat@example.com',
      password: 'Sunny-Dunes2',
      currentPassword: 'Fixture-Pass1!',
    };
    for (const body of [
      { ...fine, name: 'Pat\u0000' },
      { ...fine, email: 'pat@example.com\u0000' },
      { ...fine, password: 'Sunny-Dunes2\u0000' },
      { ...fine, currentPassword: 'Fixture-Pass1!\u0000' },
      { ...fine, id: 'x\u0000' },
    ]) {
      await expectRefused(
        JSON.stringify(body),
        await call('PUT', '/api/users/profile', { body, token }),
      );
    }
  });

  it('answers 400 for a NUL in a path token of a verification or reset link', async () => {
    await expectRefused('verify', await call('GET', '/api/users/verify/%00/abc%00'));
    await expectRefused(
      'reset',
      await call('POST', '/api/users/reset-password/abc%00', { body: { password: PASSWORD } }),
    );
  });

  it('answers 400 for a NUL in the shipping address, e-mail or cart line of a guest checkout', async () => {
    const line = { product: productId, qty: 1 };
    const checkout = (body: object) => call('POST', '/api/orders/guest-checkout-session', { body });
    const fine = { orderItems: [line], shippingAddress: ADDRESS, email: 'g@example.com' };
    for (const [field, body] of [
      ['address', { ...fine, shippingAddress: { ...ADDRESS, address: '1 Dune\u0000 Road' } }],
      ['city', { ...fine, shippingAddress: { ...ADDRESS, city: 'Chicago\u0000' } }],
      ['state', { ...fine, shippingAddress: { ...ADDRESS, state: 'I\u0001L' } }],
      ['postal code', { ...fine, shippingAddress: { ...ADDRESS, postalCode: '606\u000001' } }],
      ['country', { ...fine, shippingAddress: { ...ADDRESS, country: 'USA\n' } }],
      ['e-mail', { ...fine, email: 'g@example.com\u0000' }],
      ['product', { ...fine, orderItems: [{ ...line, product: `${productId}\u0000` }] }],
    ] as const) {
      await expectRefused(field, await checkout(body));
    }
  });

  it('answers 400 for a NUL in an order id, order token or cancel token', async () => {
    await expectRefused('order id', await call('GET', '/api/orders/abc%00?token=x'));
    await expectRefused('order token', await call('GET', `/api/orders/abc?token=x%00`));
    await expectRefused(
      'cancel token',
      await call('POST', '/api/orders/abc/cancel-checkout', { body: { token: 'x\u0000' } }),
    );
    await expectRefused(
      'receipt',
      await call('POST', '/api/orders/receipt', {
        body: { sessionId: 'tcs_x', receipt: 'x\u0000' },
      }),
    );
  });

  it('answers 400 for a NUL in a review comment or e-mail, and keeps a comment’s line breaks', async () => {
    const proof = await buy('reviewer@example.com');
    const review = (body: object, id = productId) =>
      call('POST', `/api/products/${id}/review`, { body });
    await expectRefused(
      'comment',
      await review({ rating: 5, comment: 'Great\u0000 tote', userEmail: 'reviewer@example.com' }),
    );
    await expectRefused(
      'comment escape',
      await review({ rating: 5, comment: 'Great \u001b[2J', userEmail: 'reviewer@example.com' }),
    );
    await expectRefused(
      'userEmail',
      await review({ rating: 5, comment: 'Great', userEmail: 'reviewer@example.com\u0000' }),
    );
    await expectRefused(
      'product id',
      await review({ rating: 5, comment: 'Great', userEmail: 'reviewer@example.com' }, 'x%00'),
    );
    await expectRefused('product page', await call('GET', '/api/products/x%00'));

    const comment = 'Great tote.\r\nHolds a lot:\n\t- books\n\t- towels';
    const accepted = await review({
      rating: 4,
      comment,
      userEmail: 'reviewer@example.com',
      ...proof,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const product = (await call('GET', `/api/products/${productId}`)).json();
    expect(product.reviews.map((r: { comment: string }) => r.comment)).toEqual([comment]);
  });
});

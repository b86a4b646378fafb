import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '@shop/shared/catalog';
import { ORDER_MESSAGES } from '@shop/shared/orders';
import {
  SAMPLE_ADDRESS as ADDRESS,
  addProduct,
  addVerifiedCustomer,
  deliverTestEvent,
  productIdBySlug,
  testCheckoutSigner,
} from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

const JWT_SECRET = 'reviews-test-secret-0123456789-abcdefghijk';
const signer = testCheckoutSigner(JWT_SECRET);
let t: TestApp;
let toteId: string;
let strapId: string;

/** A guest's paid order of one product. */
async function buy(email: string, productId: string) {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/orders/guest-checkout-session',
    payload: { orderItems: [{ product: productId, qty: 1 }], shippingAddress: ADDRESS, email },
  });
  const sessionId = new URL(start.json().url).pathname.split('/').pop() ?? '';
  await deliverTestEvent(t.app, signer.signedEvent('checkout.completed', sessionId));
}

const review = (productId: string, body: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/review`,
    payload: body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

beforeAll(async () => {
  t = await createTestApp({ JWT_SECRET });
  await addProduct(t.database.db, {
    slug: 'review-tote',
    name: 'Review Tote',
    stock: { total: 20 },
  });
  await addProduct(t.database.db, {
    slug: 'review-strap',
    name: 'Review Strap',
    stock: { total: 20 },
  });
  toteId = await productIdBySlug(t.database.db, 'review-tote');
  strapId = await productIdBySlug(t.database.db, 'review-strap');
});
afterAll(() => t.close());

describe('reviews from verified buyers', () => {
  it('takes one review per buyer, updates the rating, and keeps the comment as plain text', async () => {
    await buy('first@example.com', toteId);
    await buy('second@example.com', toteId);
    const comment = 'Lovely <script>alert(1)</script> & sturdy';
    const first = await review(toteId, { rating: 5, comment, userEmail: 'First@Example.com' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: 'Review added' });
    expect(
      (await review(toteId, { rating: '4', comment: 'Good', userEmail: 'second@example.com' }))
        .statusCode,
    ).toBe(201);

    const again = await review(toteId, {
      rating: 1,
      comment: 'Changed my mind',
      userEmail: 'first@example.com',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ORDER_MESSAGES.alreadyReviewed });

    const product = productSchema.parse((await t.app.inject(`/api/products/${toteId}`)).json());
    expect(product).toMatchObject({ rating: 4.5, numReviews: 2 });
    expect(product.reviews.map((r) => [r.name, r.rating, r.comment])).toEqual([
      ['Verified buyer', 4, 'Good'],
      ['Verified buyer', 5, comment],
    ]);
  });

  it('refuses someone who has not bought the product, or whose order is unpaid', async () => {
    await buy('strap-only@example.com', strapId);
    const response = await review(toteId, {
      rating: 5,
      comment: 'Never bought it',
      userEmail: 'strap-only@example.com',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: ORDER_MESSAGES.reviewNeedsPurchase });
    await t.app.inject({
      method: 'POST',
      url: '/api/orders/guest-checkout-session',
      payload: {
        orderItems: [{ product: toteId, qty: 1 }],
        shippingAddress: ADDRESS,
        email: 'unpaid@example.com',
      },
    });
    expect((await review(toteId, { rating: 3, userEmail: 'unpaid@example.com' })).statusCode).toBe(
      403,
    );
  });

  it('lets a signed-in customer review only with the account’s own e-mail, under their name', async () => {
    const cora = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Cora Buyer',
      email: 'cora@example.com',
    });
    await buy('cora@example.com', strapId);
    const borrowed = await review(
      strapId,
      { rating: 5, comment: 'x', userEmail: 'strap-only@example.com' },
      cora.token,
    );
    expect(borrowed.statusCode).toBe(403);
    expect(borrowed.json()).toEqual({ message: ORDER_MESSAGES.reviewEmailMismatch });
    expect(
      (
        await review(
          strapId,
          { rating: 4, comment: 'Nice', userEmail: 'cora@example.com' },
          cora.token,
        )
      ).statusCode,
    ).toBe(201);
    const product = productSchema.parse((await t.app.inject(`/api/products/${strapId}`)).json());
    expect(product.reviews[0]?.name).toBe('Cora Buyer');
    const badToken = await review(
      strapId,
      { rating: 4, userEmail: 'cora@example.com' },
      'not-a-token',
    );
    expect(badToken.statusCode).toBe(401);
  });

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
  ])('answers 400 for %j', async (body, message) => {
    const response = await review(toteId, body);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().message).toBe(message);
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

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '@shop/shared/orders';
import { productFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const product = productFixture({ _id: 'p-1' });
const ORDER_ID = '5f3a9c1e-7b2d-4e8f-9a6b-0c1d2e3f4a5b';
const userInfo = {
  _id: 'u1',
  name: 'Layla',
  email: 'layla@example.com',
  token: 'jwt-1',
  createdAt: '2024-01-01T00:00:00.000Z',
};

function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    _id: ORDER_ID,
    number: '5F3A9C1E',
    orderItems: [
      {
        product: 'p-1',
        name: 'Poppy Tote',
        image: '/images/products/poppy-b.svg',
        size: 'NA',
        option: 'B',
        variantTitle: 'B',
        sku: null,
        qty: 1,
        price: 24.5,
      },
    ],
    shippingAddress: {
      fullName: 'Maya Haddad',
      address: '12 Dune Road',
      city: 'Chicago',
      state: 'IL',
      postalCode: '60601',
      country: 'US',
    },
    paymentMethod: 'Stripe',
    itemsPrice: 24.5,
    shippingPrice: 5,
    taxPrice: 1.72,
    totalPrice: 31.22,
    status: 'paid',
    isPaid: true,
    paidAt: '2026-11-22T12:00:00.000Z',
    isDelivered: false,
    deliveredAt: null,
    user: { name: 'Guest', email: 'maya@example.com' },
    shipments: [],
    refundedPrice: 0,
    createdAt: '2026-11-22T11:55:00.000Z',
    ...overrides,
  };
}

/** The product page with its review form, which loads once the shopper starts using the page. */
async function openProductPage(path = '/products/p-1') {
  const rendered = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  await rendered.user.keyboard('{Shift}');
  return rendered;
}

const reviewPosts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([input]) => input as Request).filter((r) => r.method === 'POST');

describe('the write-review form without a proof of purchase', () => {
  it('explains how to review instead of offering a form that would fail', async () => {
    const fetchMock = mockApi([product]);
    const { user, router } = await openProductPage();
    // The form's code loads lazily: the file's first test waits for its first import.
    const region = await screen.findByRole(
      'region',
      { name: 'Write a customer review' },
      { timeout: 5000 },
    );
    expect(region).toHaveTextContent(
      'To write one, sign in with the account you bought it with, or open your order from the link in your order e-mail and choose “Write a review” beside the product.',
    );
    expect(within(region).queryByRole('form')).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Submit' })).toBeNull();
    await user.click(within(region).getByRole('link', { name: 'sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('/products/p-1#reviews')}`,
    );
    expect(reviewPosts(fetchMock)).toEqual([]);
  });
});

describe('the write-review form for a signed-in customer', () => {
  it('offers the five ratings and checks the rating before sending', async () => {
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    const fetchMock = mockApi([product]);
    const { user } = await openProductPage();
    const rating = await screen.findByRole('combobox', { name: 'Rating' });
    expect([...(rating as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Select…',
      '1 - Poor',
      '2 - Fair',
      '3 - Good',
      '4 - Very Good',
      '5 - Excellent',
    ]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please choose a rating')).toBeInTheDocument();
    expect(reviewPosts(fetchMock)).toEqual([]);
  });

  it('uses the account’s e-mail, fixed, sends the token along and clears the form on success', async () => {
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    let gets = 0;
    const fetchMock = mockApi([product], (url, request) => {
      if (request.method === 'POST') return { status: 201, body: { message: 'Review added' } };
      if (url.pathname === '/api/products/p-1') gets++;
      return undefined;
    });
    const { user } = await openProductPage();
    const form = await screen.findByRole('form', { name: 'Write a customer review' });
    const email = within(form).getByLabelText('E-mail (the one on your order)');
    expect(email).toHaveValue('layla@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription('Signed in: your account’s e-mail is used.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rating' }), '3');
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Perfect');
    const before = gets;
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Review added')).toBeInTheDocument();
    const [post] = reviewPosts(fetchMock);
    expect(post?.headers.get('Authorization')).toBe('Bearer jwt-1');
    expect(await post?.json()).toEqual({
      rating: 3,
      comment: 'Perfect',
      userEmail: 'layla@example.com',
    });
    // Cleared, but still the account's e-mail; the product (and its reviews) asked for again.
    expect(email).toHaveValue('layla@example.com');
    expect(screen.getByRole('combobox', { name: 'Rating' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('');
    await waitFor(() => expect(gets).toBeGreaterThan(before));
  });

  it('shows the server’s message when the account has not bought the product', async () => {
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    mockApi([product], (url, request) =>
      request.method === 'POST' && url.pathname === '/api/products/p-1/review'
        ? { status: 403, body: { message: 'Only buyers can review this product' } }
        : undefined,
    );
    const { user } = await openProductPage();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Rating' }), '4');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only buyers can review this product',
    );
  });
});

describe('the write-review form through an order’s “Write a review” link', () => {
  const linkPath = `/products/p-1#reviews?order=${ORDER_ID}&token=signed-abc`;

  /** Serves the product, the order of the link, and a review's POST. */
  function serve(
    order: Order | undefined,
    post = { status: 201, body: { message: 'Review added' } },
  ) {
    const orderRequests: Request[] = [];
    const fetchMock = mockApi([product], (url, request) => {
      if (url.pathname === `/api/orders/${ORDER_ID}`) {
        orderRequests.push(request);
        return url.searchParams.get('token') === 'signed-abc' && order
          ? { body: order }
          : { status: 404, body: { message: 'Order not found' } };
      }
      if (request.method === 'POST') return post;
      return undefined;
    });
    return { fetchMock, orderRequests };
  }

  it('takes the proof out of the address, uses the order’s e-mail and sends the proof in the body', async () => {
    const { fetchMock } = serve(orderFixture());
    const { user, router } = renderApp(linkPath);
    const form = await screen.findByRole('form', { name: 'Write a customer review' });
    expect(router.state.location.hash).toBe('#reviews');
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('heading', { name: 'Write a customer review' })).toHaveFocus();
    const email = within(form).getByLabelText('E-mail (the one on your order)');
    expect(email).toHaveValue('maya@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription('From your order 5F3A9C1E.');

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Rating' }), '5');
    await user.type(within(form).getByRole('textbox', { name: 'Comment' }), 'Roomy');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Review added')).toBeInTheDocument();
    const [post] = reviewPosts(fetchMock);
    expect(post?.headers.get('Authorization')).toBeNull();
    expect(new URL(post?.url ?? '').search).toBe('');
    expect(await post?.json()).toEqual({
      rating: 5,
      comment: 'Roomy',
      userEmail: 'maya@example.com',
      orderId: ORDER_ID,
      orderToken: 'signed-abc',
    });
    expect(within(form).getByRole('textbox', { name: 'Comment' })).toHaveValue('');
  });

  it('prefers the link’s proof to a signed-in account', async () => {
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    const { fetchMock } = serve(orderFixture());
    const { user } = renderApp(linkPath);
    const form = await screen.findByRole('form', { name: 'Write a customer review' });
    expect(within(form).getByLabelText('E-mail (the one on your order)')).toHaveValue(
      'maya@example.com',
    );
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Rating' }), '4');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    await screen.findByText('Review added');
    expect(await reviewPosts(fetchMock)[0]?.json()).toMatchObject({
      userEmail: 'maya@example.com',
      orderId: ORDER_ID,
      orderToken: 'signed-abc',
    });
  });

  it.each([
    ['an order that is not paid', orderFixture({ status: 'pending_payment', isPaid: false })],
    ['an order without this product', orderFixture({ orderItems: [] })],
    ['a link that opens no order', undefined],
  ])('says so for %s, and explains how to review', async (_what, order) => {
    const { fetchMock } = serve(order);
    renderApp(linkPath);
    const region = await screen.findByRole('region', { name: 'Write a customer review' });
    expect(
      await within(region).findByText(
        /This review link does not open a paid order of this product/,
      ),
    ).toBeInTheDocument();
    expect(region).toHaveTextContent('To write one, sign in');
    expect(within(region).queryByRole('form')).toBeNull();
    expect(reviewPosts(fetchMock)).toEqual([]);
  });

  it('shows the server’s answer, e.g. to a second review', async () => {
    serve(orderFixture(), {
      status: 409,
      body: { message: 'You have already reviewed this product' },
    });
    const { user } = renderApp(linkPath);
    const form = await screen.findByRole('form', { name: 'Write a customer review' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Rating' }), '4');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'You have already reviewed this product',
    );
  });
});

describe('reviews as text', () => {
  it('shows a comment as text, never as HTML', async () => {
    mockApi([
      productFixture({
        _id: 'p-1',
        numReviews: 1,
        rating: 5,
        reviews: [
          {
            _id: 'r1',
            name: 'Verified buyer',
            rating: 5,
            comment: '<img src=x onerror=alert(1)><b>bold</b>',
            createdAt: '2026-11-22T12:00:00.000Z',
          },
        ],
      }),
    ]);
    await openProductPage();
    expect(await screen.findByText('<img src=x onerror=alert(1)><b>bold</b>')).toBeInTheDocument();
    expect(document.querySelector('#reviews img[src="x"]')).toBeNull();
    expect(document.querySelector('#reviews b')).toBeNull();
  });
});

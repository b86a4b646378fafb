import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderReceipt } from '@shop/shared/orders';
import { cartLineFor, productFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { PROFILE_ORDERS_PATH } from './successful-order-page';

const receipt: OrderReceipt = {
  _id: '3f2a9c1b-0000-4000-8000-000000000001',
  number: '3F2A9C1B',
  orderItems: [
    {
      product: 'strap-1',
      name: 'Dune Strap',
      image: '/images/strap.jpg',
      size: 'NA',
      option: 'A',
      variantTitle: 'A',
      sku: null,
      qty: 2,
      price: 19.99,
    },
  ],
  itemsPrice: 39.98,
  shippingPrice: 5,
  taxPrice: 2.8,
  totalPrice: 47.78,
  orderPath: '/order/3f2a9c1b-0000-4000-8000-000000000001?token=signed',
};

const receiptPosts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([input]) => input as Request)
    .filter((request) => new URL(request.url).pathname === '/api/orders/receipt');

afterEach(() => {
  vi.useRealTimers();
});

describe('the thank-you page', () => {
  it('clears the cart, names both e-mails and leads back to the shop', async () => {
    const product = productFixture();
    localStorage.setItem('cartItems', JSON.stringify([cartLineFor(product, 'NA', 'NA', 2)]));
    const fetchMock = mockApi([product]);
    const { store } = renderApp('/successfulorder?session_id=tcs_abcdefghijkl');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }),
    ).toBeVisible();
    expect(
      screen.getByText(/payment confirmation e-mail from our payment provider/),
    ).toHaveTextContent('an order-tracking e-mail from Sadu Sands');
    await waitFor(() => expect(store.getState().cart.cartItems).toEqual([]));
    expect(screen.getAllByRole('link', { name: 'Cart, 0 items' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'View your orders' })).toBeNull();
    // This tab started no checkout: no order is asked for, and none is shown.
    expect(receiptPosts(fetchMock)).toHaveLength(0);
    expect(within(screen.getByRole('main')).queryByRole('heading', { level: 2 })).toBeNull();
  });

  it('offers a signed-in customer the way to their orders', async () => {
    localStorage.setItem(
      'userInfo',
      JSON.stringify({
        _id: 'u1',
        name: 'Layla',
        email: 'layla@example.com',
        token: 'jwt',
        createdAt: '2024-01-01T00:00:00.000Z',
      }),
    );
    mockApi([]);
    renderApp('/successfulorder');
    expect(await screen.findByRole('link', { name: 'View your orders' })).toHaveAttribute(
      'href',
      PROFILE_ORDERS_PATH,
    );
  });

  it('shows the tab that paid its order: number, items, total and the link to it', async () => {
    sessionStorage.setItem('checkoutReceipt', 'rcpt-1');
    const fetchMock = mockApi([], (url, request) =>
      request.method === 'POST' && url.pathname === '/api/orders/receipt'
        ? { body: receipt }
        : undefined,
    );
    renderApp('/successfulorder?session_id=tcs_abcdefghijkl');

    const card = (
      await screen.findByRole('heading', { level: 2, name: 'Order 3F2A9C1B' }, { timeout: 5000 })
    ).parentElement as HTMLElement;
    // The first line under the title says the number.
    const header = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    expect(header.querySelector('p')).toHaveTextContent('Your order number is 3F2A9C1B.');
    const items = within(card).getByRole('list', { name: 'Items in your order' });
    expect(items).toHaveTextContent('Dune Strap');
    expect(items).toHaveTextContent('2 × $19.99');
    expect(within(card).getByTestId('amount-total')).toHaveTextContent('$47.78');
    expect(within(card).getByRole('link', { name: 'Open order 3F2A9C1B' })).toHaveAttribute(
      'href',
      receipt.orderPath,
    );
    // The spec's text stays.
    expect(screen.getByText(/payment confirmation e-mail from our payment provider/)).toBeVisible();

    const [post] = receiptPosts(fetchMock);
    expect(post?.url).not.toContain('rcpt-1');
    expect(await post?.json()).toEqual({ sessionId: 'tcs_abcdefghijkl', receipt: 'rcpt-1' });
  });

  it('says the payment is being confirmed, asks a few more times, then leaves it to the mail', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    sessionStorage.setItem('checkoutReceipt', 'rcpt-1');
    const fetchMock = mockApi([], (url) =>
      url.pathname === '/api/orders/receipt'
        ? { status: 404, body: { message: 'Order not found' } }
        : undefined,
    );
    renderApp('/successfulorder?session_id=tcs_abcdefghijkl');
    expect(await screen.findByText('We are confirming your payment…')).toBeVisible();

    // 1 s, 2 s, 4 s and 8 s later it asks again; then it stops.
    await act(() => vi.advanceTimersByTimeAsync(16_000));
    expect(
      await screen.findByText(/Your payment is still being confirmed\./, {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(receiptPosts(fetchMock)).toHaveLength(5);
    expect(within(screen.getByRole('main')).queryByRole('heading', { level: 2 })).toBeNull();
  });

  it('shows the order as soon as the payment is confirmed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    sessionStorage.setItem('checkoutReceipt', 'rcpt-1');
    let paid = false;
    mockApi([], (url) =>
      url.pathname === '/api/orders/receipt'
        ? paid
          ? { body: receipt }
          : { status: 404, body: { message: 'Order not found' } }
        : undefined,
    );
    renderApp('/successfulorder?session_id=tcs_abcdefghijkl');
    expect(await screen.findByText('We are confirming your payment…')).toBeVisible();
    paid = true;
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Order 3F2A9C1B' }, { timeout: 5000 }),
    ).toBeVisible();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shop/shared/orders';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const userInfo = {
  _id: 'u1',
  name: 'Layla',
  email: 'layla@example.com',
  token: 'jwt-1',
  createdAt: '2024-01-01T00:00:00.000Z',
};
const ORDER_ID = '5f3a9c1e-7b2d-4e8f-9a6b-0c1d2e3f4a5b';

function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    _id: ORDER_ID,
    number: '5F3A9C1E',
    orderItems: [
      {
        product: 'tee-1',
        name: 'Strong & Kind Tee',
        image: '/images/products/tee.svg',
        size: 'L',
        option: 'NA',
        variantTitle: 'L',
        sku: null,
        qty: 1,
        price: 31.99,
      },
      {
        product: 'tote-1',
        name: 'Poppy Tote',
        image: '/images/products/poppy-b.svg',
        size: 'NA',
        option: 'B',
        variantTitle: 'B',
        sku: null,
        qty: 2,
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
    itemsPrice: 80.99,
    shippingPrice: 0,
    taxPrice: 5.67,
    totalPrice: 86.66,
    status: 'paid',
    isPaid: true,
    paidAt: '2026-11-22T12:00:00.000Z',
    isDelivered: false,
    deliveredAt: null,
    user: { name: 'Layla', email: 'layla@example.com' },
    shipments: [],
    refundedPrice: 0,
    createdAt: '2026-11-22T11:55:00.000Z',
    ...overrides,
  };
}

/** Answers GET /api/orders/:id with the next of `orders` (the last one again when used up). */
function serveOrders(orders: Order[], paypalClientId = '') {
  const requests: Request[] = [];
  const fetchMock = mockApi([], (url, request) => {
    if (url.pathname === `/api/orders/${ORDER_ID}`) {
      requests.push(request);
      const order = orders[Math.min(requests.length, orders.length) - 1];
      return { body: order };
    }
    if (url.pathname === '/api/config/paypal') return { body: { clientId: paypalClientId } };
    if (url.pathname.startsWith('/api/orders/'))
      return { status: 404, body: { message: 'Order not found' } };
    return undefined;
  });
  return { requests, fetchMock };
}

const paypalAsked = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.some(
    ([input]) => new URL((input as Request).url).pathname === '/api/config/paypal',
  );

afterEach(() => {
  vi.useRealTimers();
  document.getElementById('wallet-sdk')?.remove();
});

describe('the order page', () => {
  it('shows a paid order: items, address, method, correct amounts, paid and delivery status', async () => {
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    const { requests, fetchMock } = serveOrders([orderFixture()]);
    renderApp(`/order/${ORDER_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Order 5F3A9C1E' })).toBeVisible();
    expect(document.title).toBe('Order 5F3A9C1E | Sadu Sands');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer jwt-1');

    const items = screen.getByRole('list', { name: 'Items in this order' });
    expect(within(items).getAllByRole('listitem')).toHaveLength(2);
    expect(items).toHaveTextContent('Size L');
    expect(items).toHaveTextContent('Option B');
    expect(items).toHaveTextContent('2 × $24.50');
    expect(screen.getByText(/12 Dune Road/)).toHaveTextContent('Chicago, IL 60601');
    expect(screen.getByText('Card payment (Stripe)')).toBeInTheDocument();
    // Dollars as the API answers them: no division by 100.
    expect(screen.getByTestId('amount-items')).toHaveTextContent('$80.99');
    expect(screen.getByTestId('amount-shipping')).toHaveTextContent('Free');
    expect(screen.getByTestId('amount-tax')).toHaveTextContent('$5.67');
    expect(screen.getByTestId('amount-total')).toHaveTextContent('$86.66');
    expect(screen.getByText(/^Paid on Nov 22, 2026/)).toBeInTheDocument();
    expect(screen.getByText('Not delivered')).toBeInTheDocument();
    // Paid: no wallet provider, no polling.
    expect(paypalAsked(fetchMock)).toBe(false);
    expect(document.getElementById('wallet-sdk')).toBeNull();
  });

  it('names the variant of a product of other options by its title, as it was sold', async () => {
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    const base = orderFixture().orderItems[0]!;
    const line = (variantTitle: string, price: number) => ({
      ...base,
      product: 'shirt-1',
      name: 'Field Shirt',
      size: 'NA' as const,
      option: 'NA' as const,
      variantTitle,
      sku: `FS-${variantTitle}`,
      price,
    });
    serveOrders([orderFixture({ orderItems: [line('Clay / L', 32), line('Sage / M', 28)] })]);
    renderApp(`/order/${ORDER_ID}`);
    const items = await screen.findByRole('list', { name: 'Items in this order' });
    const [first, second] = within(items).getAllByRole('listitem');
    expect(first).toHaveTextContent('Clay / L');
    expect(first).toHaveTextContent('1 × $32.00');
    expect(second).toHaveTextContent('Sage / M');
    // A spec line keeps its size, not its title.
    expect(items).not.toHaveTextContent('Size');
  });

  it('shows the delivery date of a delivered order and shipping that was charged', async () => {
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    serveOrders([
      orderFixture({
        status: 'delivered',
        isDelivered: true,
        deliveredAt: '2026-11-25T12:00:00.000Z',
        itemsPrice: 31.99,
        shippingPrice: 5,
        taxPrice: 2.24,
        totalPrice: 39.23,
      }),
    ]);
    renderApp(`/order/${ORDER_ID}`);
    expect(await screen.findByText(/^Delivered on Nov 25, 2026/)).toBeInTheDocument();
    expect(screen.getByTestId('amount-shipping')).toHaveTextContent('$5.00');
    expect(screen.getByTestId('amount-tax')).toHaveTextContent('$2.24');
    expect(screen.getByTestId('amount-total')).toHaveTextContent('$39.23');
  });

  it('shows a shipped order with its carrier and tracking number, and a partial refund', async () => {
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    serveOrders([
      orderFixture({
        status: 'shipped',
        shipments: [
          {
            _id: 'parcel-1',
            carrier: 'UPS',
            trackingNumber: '1Z999AA10123456784',
            trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
            note: null,
            items: [{ name: 'Dune Tee', variantTitle: 'L', size: 'L', option: 'NA', qty: 2 }],
            shippedAt: '2026-11-23T09:30:00.000Z',
            deliveredAt: null,
          },
        ],
        refundedPrice: 10,
      }),
    ]);
    renderApp(`/order/${ORDER_ID}`);
    const parcels = await screen.findByRole('list', { name: 'Shipments' });
    expect(screen.getByText('Shipped', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.queryByText('Not delivered')).not.toBeInTheDocument();
    const [parcel] = within(parcels).getAllByRole('listitem');
    expect(parcel).toHaveTextContent(/^Shipped on Nov 23, 2026/);
    expect(parcel).toHaveTextContent('CarrierUPS');
    expect(parcel).toHaveTextContent('Tracking number1Z999AA10123456784');
    expect(parcel).toHaveTextContent('Items2 × Dune Tee (L)');
    expect(within(parcel!).getByRole('link', { name: /^1Z999AA10123456784/ })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(screen.getByText('$10.00 refunded to your card.')).toBeInTheDocument();
  });

  it('asks again every 5 seconds while unpaid, and stops once the payment has landed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    const unpaid = orderFixture({ status: 'pending_payment', isPaid: false, paidAt: null });
    const { requests } = serveOrders([unpaid, unpaid, orderFixture()]);
    renderApp(`/order/${ORDER_ID}`);

    expect(await screen.findByText('Not paid yet')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(screen.getByText('Not paid yet')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(await screen.findByText(/^Paid on /)).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(requests).toHaveLength(3);
  });

  it('loads the wallet provider’s script for an unpaid order only when it is configured', async () => {
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    const unpaid = orderFixture({ status: 'pending_payment', isPaid: false, paidAt: null });
    const { fetchMock } = serveOrders([unpaid], 'client-123');
    renderApp(`/order/${ORDER_ID}`);
    await screen.findByText('Not paid yet');
    await waitFor(() => expect(document.getElementById('wallet-sdk')).not.toBeNull());
    expect(document.getElementById('wallet-sdk')).toHaveAttribute(
      'src',
      'https://www.paypal.com/sdk/js?client-id=client-123',
    );
    expect(paypalAsked(fetchMock)).toBe(true);
  });

  it('loads no wallet script when the client id is empty', async () => {
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    const unpaid = orderFixture({ status: 'pending_payment', isPaid: false, paidAt: null });
    const { fetchMock } = serveOrders([unpaid], '');
    const { store } = renderApp(`/order/${ORDER_ID}`);
    await screen.findByText('Not paid yet');
    await waitFor(() => expect(paypalAsked(fetchMock)).toBe(true));
    // The page has the empty id (waitFor renders, and so runs the script's effect, under act).
    await waitFor(() =>
      expect(
        Object.values(store.getState().api.queries).find(
          (query) => query?.endpointName === 'getPaypalConfig',
        )?.data,
      ).toEqual({ clientId: '' }),
    );
    expect(document.querySelector('script[src*="paypal"]')).toBeNull();
  });

  it('says a cancelled checkout charged nothing, and does not poll it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    const { requests } = serveOrders([
      orderFixture({ status: 'cancelled', isPaid: false, paidAt: null }),
    ]);
    renderApp(`/order/${ORDER_ID}`);
    expect(
      await screen.findByText(/the checkout was cancelled\. Nothing was charged\./),
    ).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(requests).toHaveLength(1);
  });

  it('says so when the order has no items', async () => {
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    serveOrders([orderFixture({ orderItems: [] })]);
    renderApp(`/order/${ORDER_ID}`);
    expect(await screen.findByText('Your order is empty')).toBeInTheDocument();
  });

  it('answers an unknown order with “Order not found” and a way home', async () => {
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    serveOrders([]);
    renderApp('/order/no-such-order');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('We could not find this order');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Order not found | Sadu Sands');
  });

  it('shows the server’s message for other failures, with a retry', async () => {
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    let calls = 0;
    mockApi([], (url) => {
      if (url.pathname !== `/api/orders/${ORDER_ID}`) return undefined;
      calls += 1;
      return calls === 1
        ? { status: 500, body: { message: 'The database is resting' } }
        : { body: orderFixture() };
    });
    const { user } = renderApp(`/order/${ORDER_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is resting');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 5F3A9C1E' })).toBeVisible();
  });

  it('opens the order mail’s signed link without a sign-in and passes its token on', async () => {
    const { requests } = serveOrders([orderFixture({ user: { name: 'Guest', email: 'g@x.io' } })]);
    const { router } = renderApp(`/order/${ORDER_ID}?token=signed-abc`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 5F3A9C1E' })).toBeVisible();
    expect(router.state.location.pathname).toBe(`/order/${ORDER_ID}`);
    const url = new URL(requests[0]?.url ?? '');
    expect(url.searchParams.get('token')).toBe('signed-abc');
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
  });

  it('offers a “Write a review” per item of a paid order, carrying the link’s proof', async () => {
    serveOrders([orderFixture({ user: { name: 'Guest', email: 'g@x.io' } })]);
    renderApp(`/order/${ORDER_ID}?token=signed-abc`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 5F3A9C1E' })).toBeVisible();
    const items = screen.getByRole('list', { name: 'Items in this order' });
    const links = within(items).getAllByRole('link', { name: /^Write a review of / });
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Write a review', `/products/tee-1#reviews?order=${ORDER_ID}&token=signed-abc`],
      ['Write a review', `/products/tote-1#reviews?order=${ORDER_ID}&token=signed-abc`],
    ]);
  });

  it('links a signed-in owner’s paid order to the reviews without a token, and an unpaid one not at all', async () => {
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    serveOrders([orderFixture()]);
    const { unmount } = renderApp(`/order/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 5F3A9C1E' })).toBeVisible();
    const items = screen.getByRole('list', { name: 'Items in this order' });
    expect(
      within(items)
        .getAllByRole('link', { name: /^Write a review of / })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/products/tee-1#reviews', '/products/tote-1#reviews']);
    unmount();

    serveOrders([orderFixture({ status: 'pending_payment', isPaid: false, paidAt: null })]);
    renderApp(`/order/${ORDER_ID}?token=signed-abc`);
    expect(await screen.findByText('Not paid yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Write a review/ })).toBeNull();
  });

  it.each([
    ['paid', 'Paid', true],
    ['shipped', 'Shipped', true],
    ['delivered', 'Delivered', true],
    ['partially_refunded', 'Partly refunded', true],
    ['refunded', 'Refunded', false],
    ['cancelled', 'Cancelled', false],
  ] as const)(
    'says a paid order that is %s is “%s”, with a review link only while it is bought: %s',
    async (status, words, reviewable) => {
      localStorage.setItem('userInfo', JSON.stringify(userInfo));
      serveOrders([orderFixture({ status, refundedPrice: status === 'paid' ? 0 : 10 })]);
      renderApp(`/order/${ORDER_ID}`);
      const heading = await screen.findByRole('heading', { level: 1, name: 'Order 5F3A9C1E' });
      // In the page's header, beside the date: read before anything else of the order.
      expect(heading.parentElement).toHaveTextContent(`Status: ${words}`);
      const items = screen.getByRole('list', { name: 'Items in this order' });
      expect(within(items).queryAllByRole('link', { name: /^Write a review of / })).toHaveLength(
        reviewable ? 2 : 0,
      );
    },
  );

  it('still asks visitors without the token to sign in', async () => {
    serveOrders([orderFixture()]);
    const { router } = renderApp(`/order/${ORDER_ID}?token=`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine } from '@shop/shared/cart';
import {
  LINE_LIMIT_MESSAGE,
  MAX_UNITS_PER_LINE,
  MAX_UNITS_PER_ORDER,
  ORDER_LIMIT_MESSAGE,
} from '@shop/shared/order-limits';
import { QUANTITY_NOT_AVAILABLE } from '@shop/shared/stock';
import { cartLineFor, productFixture, stock } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const strap = productFixture({
  _id: 'strap-1',
  handle: 'sadu-classic-strap',
  name: 'Sadu Classic Strap',
  category: 'belts',
  price: 48.5,
  hasAandB: true,
  imagesOptionA: ['/images/products/strap-a.svg'],
  imagesOptionB: ['/images/products/strap-b.svg'],
  countInStock: stock({ total: 8, countA: 5, countB: 3 }),
});
const tee = productFixture({
  _id: 'tee-1',
  name: 'Strong & Kind Tee',
  category: 'selflove_men_tshirts',
  price: 31.99,
  hasSize: true,
  countInStock: stock({ total: 4, smallMed: 2, large: 2, xlarge: 0 }),
});

// Sonner keeps its toasts module-wide: one test's message must not show in the next.
afterEach(() => {
  toast.dismiss();
});

const storedCart = () => JSON.parse(localStorage.getItem('cartItems') ?? '[]') as CartLine[];
const cartList = () => screen.findByRole('list', { name: 'Items in your cart' });

describe('the cart page', () => {
  it('adds the line from the address, replaces its qty on a second add, and keeps other variants apart', async () => {
    mockApi([strap]);
    const { router } = renderApp('/cart/strap-1?qty=2&size=NA&option=A');

    const list = await cartList();
    // The line links to the product's readable address.
    expect(within(list).getByRole('link', { name: 'Sadu Classic Strap' })).toHaveAttribute(
      'href',
      '/products/sadu-classic-strap',
    );
    expect(
      within(list).getByRole('group', { name: 'Quantity of Sadu Classic Strap (option A)' }),
    ).toHaveTextContent('2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(storedCart()).toMatchObject([
      { product: 'strap-1', qty: 2, option: 'A', size: 'NA', key: 'strap-1-A-NA' },
    ]);

    await router.navigate('/cart/strap-1?qty=3&size=NA&option=A');
    await waitFor(() => expect(storedCart()).toMatchObject([{ qty: 3, option: 'A' }]));

    await router.navigate('/cart/strap-1?qty=1&size=NA&option=B');
    await waitFor(() => expect(storedCart()).toHaveLength(2));
    expect(screen.getAllByRole('link', { name: 'Cart, 4 items' }).length).toBeGreaterThan(0);
    expect(await screen.findByTestId('cart-subtotal')).toHaveTextContent('$194.00');
  });

  it('refuses to add more than the variant has in stock', async () => {
    mockApi([tee]);
    renderApp('/cart/tee-1?qty=3&size=L&option=NA');
    expect(await screen.findByText(QUANTITY_NOT_AVAILABLE)).toBeInTheDocument();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(storedCart()).toEqual([]);
  });

  it('checks a quantity change against stock, resets it on failure and says so', async () => {
    localStorage.setItem('cartItems', JSON.stringify([cartLineFor(tee, 'L', 'NA', 1)]));
    mockApi([tee]);
    const { user } = renderApp('/cart');

    const quantity = await screen.findByRole('group', {
      name: 'Quantity of Strong & Kind Tee (size L)',
    });
    await user.click(within(quantity).getByRole('button', { name: 'Increase quantity' }));
    expect(quantity).toHaveTextContent('2');
    await user.click(within(quantity).getByRole('button', { name: 'Increase quantity' }));
    expect(await screen.findByText(QUANTITY_NOT_AVAILABLE)).toBeInTheDocument();
    expect(quantity).toHaveTextContent('2');
    expect(storedCart()).toMatchObject([{ qty: 2 }]);
  });

  it('removes a line and shows the empty state with the way back to the shop', async () => {
    localStorage.setItem('cartItems', JSON.stringify([cartLineFor(tee, 'S/M', 'NA', 1)]));
    mockApi([tee]);
    const { user } = renderApp('/cart');

    await user.click(
      await screen.findByRole('button', { name: 'Remove Strong & Kind Tee (size S/M)' }),
    );
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(storedCart()).toEqual([]);
  });

  it('offers checkout through login, guest checkout and more shopping', async () => {
    localStorage.setItem('cartItems', JSON.stringify([cartLineFor(tee, 'S/M', 'NA', 1)]));
    mockApi([tee]);
    renderApp('/cart');
    expect(await screen.findByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute(
      'href',
      '/login?redirect=/shipping',
    );
    expect(screen.getByRole('link', { name: 'Guest checkout' })).toHaveAttribute(
      'href',
      '/guest-checkout',
    );
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  });

  it('re-checks stock on load and drops a line its variant can no longer cover, naming it', async () => {
    const soldDown = { ...tee, countInStock: stock({ total: 1, smallMed: 1, large: 0 }) };
    localStorage.setItem(
      'cartItems',
      JSON.stringify([cartLineFor(tee, 'L', 'NA', 2), cartLineFor(tee, 'S/M', 'NA', 1)]),
    );
    mockApi([soldDown]);
    renderApp('/cart');

    expect(
      await screen.findByText(
        'Strong & Kind Tee (size L) is sold out and was removed from your cart.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(storedCart()).toMatchObject([{ size: 'S/M', qty: 1 }]));
    expect(screen.getAllByRole('link', { name: 'Cart, 1 item' }).length).toBeGreaterThan(0);
  });

  it('drops a line whose product is gone', async () => {
    localStorage.setItem('cartItems', JSON.stringify([cartLineFor(tee, 'L', 'NA', 1)]));
    mockApi([]);
    renderApp('/cart');
    expect(
      await screen.findByText(
        'Strong & Kind Tee (size L) is no longer sold and was removed from your cart.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
  });

  it('discards unreadable stored data instead of crashing', async () => {
    localStorage.setItem('cartItems', '{not json');
    localStorage.setItem('shippingAddress', JSON.stringify({ address: 42 }));
    localStorage.setItem('userInfo', JSON.stringify({ name: 'No token' }));
    mockApi([]);
    renderApp('/cart');
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(localStorage.getItem('shippingAddress')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
  });
});

describe('the cart after a cancelled payment', () => {
  it('says the payment was cancelled and nothing was charged', async () => {
    localStorage.setItem('cartItems', JSON.stringify([cartLineFor(tee, 'S/M', 'NA', 1)]));
    mockApi([tee]);
    renderApp('/cart?checkout=cancelled');
    expect(await screen.findByText('Payment cancelled.')).toBeInTheDocument();
    expect(screen.getByText(/Payment cancelled/).parentElement).toHaveTextContent(
      'Payment cancelled. Nothing was charged, and your items are still in your cart.',
    );
    expect(await cartList()).toBeInTheDocument();
  });

  it('ends the checkout the cancel link names, so its items are free again, and tidies the address', async () => {
    localStorage.setItem('cartItems', JSON.stringify([cartLineFor(tee, 'S/M', 'NA', 1)]));
    const fetchMock = mockApi([tee], (url, request) =>
      request.method === 'POST' && url.pathname === '/api/orders/order-1/cancel-checkout'
        ? { body: { status: 'cancelled' } }
        : undefined,
    );
    const { router } = renderApp('/cart?checkout=cancelled&order=order-1&token=signed-token');
    expect(await screen.findByText('Payment cancelled.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?checkout=cancelled'));
    const posts = fetchMock.mock.calls
      .map(([input]) => input as Request)
      .filter((request) => request.method === 'POST');
    expect(posts.map((request) => new URL(request.url).pathname)).toEqual([
      '/api/orders/order-1/cancel-checkout',
    ]);
    expect(await posts[0]?.json()).toEqual({ token: 'signed-token' });
    expect(screen.getByText('Payment cancelled.')).toBeInTheDocument();
  });

  it('says nothing of the kind otherwise', async () => {
    localStorage.setItem('cartItems', JSON.stringify([cartLineFor(tee, 'S/M', 'NA', 1)]));
    mockApi([tee]);
    renderApp('/cart');
    expect(await cartList()).toBeInTheDocument();
    expect(screen.queryByText(/Payment cancelled/)).toBeNull();
  });
});

describe('the cart’s limits of units', () => {
  const plenty = productFixture({
    _id: 'hoodie-1',
    name: 'Dune Wash Hoodie',
    category: 'hoodies',
    price: 20,
    hasSize: true,
    countInStock: stock({ total: 150, smallMed: 50, large: 50, xlarge: 50 }),
  });
  const quantityOf = (size: string) =>
    screen.findByRole('group', { name: `Quantity of Dune Wash Hoodie (size ${size})` });

  it(`lowers a stored line above ${MAX_UNITS_PER_LINE} to ${MAX_UNITS_PER_LINE} on load and says so`, async () => {
    localStorage.setItem(
      'cartItems',
      JSON.stringify([cartLineFor(plenty, 'L', 'NA', 25), cartLineFor(plenty, 'XL', 'NA', 2)]),
    );
    mockApi([plenty]);
    renderApp('/cart');

    expect(
      await screen.findByText(
        `Dune Wash Hoodie (size L) was lowered from 25 to ${MAX_UNITS_PER_LINE} in your cart. ${LINE_LIMIT_MESSAGE}`,
      ),
    ).toBeInTheDocument();
    expect(await quantityOf('L')).toHaveTextContent(String(MAX_UNITS_PER_LINE));
    expect(await quantityOf('XL')).toHaveTextContent('2');
    await waitFor(() =>
      expect(storedCart()).toMatchObject([
        { size: 'L', qty: MAX_UNITS_PER_LINE },
        { size: 'XL', qty: 2 },
      ]),
    );
    expect(screen.getAllByRole('link', { name: 'Cart, 12 items' }).length).toBeGreaterThan(0);
  });

  it(`stops the quantity at ${MAX_UNITS_PER_LINE} and says why`, async () => {
    localStorage.setItem('cartItems', JSON.stringify([cartLineFor(plenty, 'L', 'NA', 9)]));
    mockApi([plenty]);
    const { user } = renderApp('/cart');

    const quantity = await quantityOf('L');
    const plus = within(quantity).getByRole('button', { name: 'Increase quantity' });
    expect(plus).not.toHaveAttribute('aria-disabled');
    await user.click(plus);
    expect(quantity).toHaveTextContent(String(MAX_UNITS_PER_LINE));
    expect(plus).toHaveAttribute('aria-disabled', 'true');
    await user.click(plus);
    expect(await screen.findByText(LINE_LIMIT_MESSAGE)).toBeInTheDocument();
    expect(quantity).toHaveTextContent(String(MAX_UNITS_PER_LINE));
    expect(plus).toHaveFocus();
    expect(storedCart()).toMatchObject([{ qty: MAX_UNITS_PER_LINE }]);
  });

  it(`refuses to add more than ${MAX_UNITS_PER_LINE} from the address, naming the limit`, async () => {
    mockApi([plenty]);
    renderApp(`/cart/hoodie-1?qty=${MAX_UNITS_PER_LINE + 1}&size=L&option=NA`);
    expect(await screen.findByText(LINE_LIMIT_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(storedCart()).toEqual([]);
  });

  it(`disables both ways to checkout above ${MAX_UNITS_PER_ORDER} items in all, with the limit beside them`, async () => {
    localStorage.setItem(
      'cartItems',
      JSON.stringify(
        (['S/M', 'L', 'XL'] as const).map((size) =>
          cartLineFor(plenty, size, 'NA', MAX_UNITS_PER_LINE),
        ),
      ),
    );
    mockApi([plenty]);
    const { user } = renderApp('/cart');

    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByRole('alert')).toHaveTextContent(ORDER_LIMIT_MESSAGE);
    for (const name of ['Proceed to checkout', 'Guest checkout']) {
      const way = within(summary).getByRole('link', { name });
      expect(way).toHaveAttribute('aria-disabled', 'true');
      expect(way).not.toHaveAttribute('href');
      expect(way).toHaveAccessibleDescription(expect.stringContaining(ORDER_LIMIT_MESSAGE));
    }

    // Back within the limit, the ways are open again.
    await user.click(screen.getByRole('button', { name: 'Remove Dune Wash Hoodie (size XL)' }));
    expect(within(summary).queryByRole('alert')).toBeNull();
    expect(within(summary).getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute(
      'href',
      '/login?redirect=/shipping',
    );
    expect(within(summary).getByRole('link', { name: 'Guest checkout' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });
});

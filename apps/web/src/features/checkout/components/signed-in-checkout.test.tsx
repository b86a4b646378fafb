import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '@shop/shared/cart';
import { MAX_UNITS_PER_LINE, ORDER_LIMIT_MESSAGE } from '@shop/shared/order-limits';
import { cartLineFor, productFixture, stock } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { goToHostedCheckout } from '../hosted-checkout';

vi.mock('../hosted-checkout', () => ({ goToHostedCheckout: vi.fn(() => true) }));

const userInfo = {
  _id: 'u1',
  name: 'Layla',
  email: 'layla@example.com',
  token: 'jwt-1',
  createdAt: '2024-01-01T00:00:00.000Z',
};
const address = {
  fullName: 'Layla Haddad',
  address: '12 Dune Road',
  city: 'Chicago',
  state: 'IL',
  postalCode: '60601',
  country: 'US',
};
const tee = productFixture({
  _id: 'tee-1',
  name: 'Strong & Kind Tee',
  price: 31.99,
  hasSize: true,
  countInStock: stock({ total: 9, smallMed: 3, large: 3, xlarge: 3 }),
});
const strap = productFixture({
  _id: 'strap-1',
  name: 'Sadu Classic Strap',
  category: 'belts',
  price: 18.01,
  hasAandB: true,
  countInStock: stock({ total: 8, countA: 4, countB: 4 }),
});

/** A hoodie with plenty of every size, for carts above the order's unit limit. */
const hoodie = productFixture({
  _id: 'hoodie-1',
  name: 'Dune Wash Hoodie',
  hasSize: true,
  countInStock: stock({ total: 150, smallMed: 50, large: 50, xlarge: 50 }),
});
const tooManyUnits = () =>
  (['S/M', 'L', 'XL'] as const).map((size) => cartLineFor(hoodie, size, 'NA', MAX_UNITS_PER_LINE));

function storeCart(lines: CartLine[], { withAddress = true, withMethod = true } = {}) {
  localStorage.setItem('cartItems', JSON.stringify(lines));
  if (withAddress) localStorage.setItem('shippingAddress', JSON.stringify(address));
  if (withMethod) localStorage.setItem('paymentMethod', JSON.stringify('Stripe'));
}

beforeEach(() => localStorage.setItem('userInfo', JSON.stringify(userInfo)));
afterEach(() => vi.mocked(goToHostedCheckout).mockClear());

describe('shipping', () => {
  it('checks every address field, then keeps the address and goes on to payment', async () => {
    mockApi([]);
    const { user, router, store } = renderApp('/shipping');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
    const steps = screen.getByRole('navigation', { name: 'Checkout steps' });
    expect(steps.querySelector('[aria-current="step"]')).toHaveTextContent('Shipping');

    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      'Full name is required',
      'Address is required',
      'City is required',
      'State is required',
      'Postal code is required',
    ]);
    expect(router.state.location.pathname).toBe('/shipping');

    // Blanks alone are no address either (the shared schema trims).
    await user.type(screen.getByLabelText('Address'), '   ');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Address is required')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Address'));
    await user.type(screen.getByLabelText('Address'), ' 12 Dune Road ');
    await user.type(screen.getByLabelText('City'), 'Chicago');
    await user.selectOptions(screen.getByLabelText('State'), 'Illinois');
    await user.type(screen.getByLabelText('Postal code'), '60601');
    await user.click(screen.getByLabelText('Full name'));
    await user.paste('Layla Haddad');
    // The United States is chosen already.
    expect(screen.getByLabelText('Country')).toHaveValue('US');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(store.getState().cart.shippingAddress).toEqual(address);
    expect(JSON.parse(localStorage.getItem('shippingAddress') ?? 'null')).toEqual(address);
  });

  it('starts from the stored address', async () => {
    storeCart([]);
    mockApi([]);
    renderApp('/shipping');
    expect(await screen.findByLabelText('Address')).toHaveValue('12 Dune Road');
    expect(screen.getByLabelText('Postal code')).toHaveValue('60601');
    expect(screen.getByLabelText('Full name')).toHaveValue('Layla Haddad');
  });

  it('offers the account’s last address when this browser keeps none', async () => {
    const last = { ...address, fullName: 'Rosa Lima', phone: '+13125550199', state: 'NY' };
    mockApi([], (url) =>
      url.pathname === '/api/orders/last-address' ? { body: { shippingAddress: last } } : undefined,
    );
    const { user, store } = renderApp('/shipping');
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveValue('Rosa Lima'));
    expect(screen.getByLabelText('Phone (optional)')).toHaveValue('+13125550199');
    expect(screen.getByLabelText('State')).toHaveValue('NY');
    expect(screen.getByLabelText('Address')).toHaveValue('12 Dune Road');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(store.getState().cart.shippingAddress).toEqual(last));
  });
});

describe('payment', () => {
  it('offers the card provider, chosen already, and goes on to place the order', async () => {
    storeCart([cartLineFor(tee, 'L', 'NA', 1)], { withMethod: false });
    mockApi([tee]);
    const { user, router, store } = renderApp('/payment');
    const card = await screen.findByRole('radio', { name: 'Card payment (Stripe)' });
    expect(card).toBeChecked();
    expect(card).toHaveAccessibleDescription(/card/);
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/placeorder'));
    expect(store.getState().cart.paymentMethod).toBe('Stripe');
  });

  it('sends a shopper without an address back to shipping', async () => {
    storeCart([cartLineFor(tee, 'L', 'NA', 1)], { withAddress: false, withMethod: false });
    mockApi([tee]);
    const { router } = renderApp('/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipping'));
  });
});

describe('place order', () => {
  it('adds $5 shipping below $50 and 7% tax of the items', async () => {
    storeCart([cartLineFor(tee, 'L', 'NA', 1)]);
    mockApi([tee]);
    renderApp('/placeorder');
    expect(await screen.findByRole('heading', { level: 1, name: 'Place Order' })).toBeVisible();
    expect(screen.getByTestId('amount-items')).toHaveTextContent('$31.99');
    expect(screen.getByTestId('amount-shipping')).toHaveTextContent('$5.00');
    expect(screen.getByTestId('amount-tax')).toHaveTextContent('$2.24');
    expect(screen.getByTestId('amount-total')).toHaveTextContent('$39.23');
  });

  it('ships free from exactly $50 of items', async () => {
    storeCart([cartLineFor(tee, 'L', 'NA', 1), cartLineFor(strap, 'NA', 'A', 1)]);
    mockApi([tee, strap]);
    renderApp('/placeorder');
    expect(await screen.findByTestId('amount-items')).toHaveTextContent('$50.00');
    expect(screen.getByTestId('amount-shipping')).toHaveTextContent('Free');
    expect(screen.getByTestId('amount-tax')).toHaveTextContent('$3.50');
    expect(screen.getByTestId('amount-total')).toHaveTextContent('$53.50');
  });

  it('shows the items, the address and the method, and PLACE ORDER opens the hosted checkout', async () => {
    storeCart([cartLineFor(tee, 'XL', 'NA', 2), cartLineFor(strap, 'NA', 'B', 1)]);
    const fetchMock = mockApi([tee, strap], (url, request) =>
      request.method === 'POST' && url.pathname === '/api/orders/create-checkout-session'
        ? { body: { url: 'https://checkout.stripe.com/c/pay/cs_test_1', receipt: 'rcpt-1' } }
        : undefined,
    );
    const { user } = renderApp('/placeorder');

    const items = await screen.findByRole('list', { name: 'Items in your order' });
    expect(items).toHaveTextContent('Strong & Kind Tee');
    expect(items).toHaveTextContent('Size XL');
    expect(items).toHaveTextContent('2 × $31.99');
    expect(items).toHaveTextContent('$63.98');
    expect(items).toHaveTextContent('Option B');
    expect(screen.getByText(/12 Dune Road/)).toHaveTextContent(
      'Layla Haddad12 Dune RoadChicago, IL 60601United States of America',
    );
    expect(screen.getByText('Card payment (Stripe)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(goToHostedCheckout).toHaveBeenCalledWith(
        'https://checkout.stripe.com/c/pay/cs_test_1',
      ),
    );
    const post = fetchMock.mock.calls
      .map(([input]) => input as Request)
      .find((r) => r.method === 'POST' && r.url.endsWith('/api/orders/create-checkout-session'));
    expect(post?.headers.get('Authorization')).toBe('Bearer jwt-1');
    expect(await post?.json()).toEqual({
      orderItems: [
        { product: 'tee-1', qty: 2, size: 'XL', option: 'NA' },
        { product: 'strap-1', qty: 1, size: 'NA', option: 'B' },
      ],
      shippingAddress: address,
      userInfo: { _id: 'u1', name: 'Layla', email: 'layla@example.com' },
      replaces: [],
    });
  });

  it('tells the shopper why the order could not be placed', async () => {
    storeCart([cartLineFor(tee, 'L', 'NA', 1)]);
    mockApi([tee], (_url, request) =>
      request.method === 'POST'
        ? { status: 409, body: { message: 'Sorry, Strong & Kind Tee (size L) is sold out.' } }
        : undefined,
    );
    const { user } = renderApp('/placeorder');
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, Strong & Kind Tee (size L) is sold out.',
    );
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
    expect(goToHostedCheckout).not.toHaveBeenCalled();
  });

  it('treats an answer without a url as a failure, not a redirect', async () => {
    storeCart([cartLineFor(tee, 'L', 'NA', 1)]);
    mockApi([tee], (_url, request) => (request.method === 'POST' ? { body: {} } : undefined));
    const { user } = renderApp('/placeorder');
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payment page could not be opened. Nothing was charged; please try again.',
    );
    expect(goToHostedCheckout).not.toHaveBeenCalled();
  });

  it.each([
    [{ withAddress: false }, '/shipping'],
    [{ withMethod: false }, '/payment'],
  ])('sends the shopper back to the missing step (%o)', async (missing, step) => {
    storeCart([cartLineFor(tee, 'L', 'NA', 1)], missing);
    mockApi([tee]);
    const { router } = renderApp('/placeorder');
    await waitFor(() => expect(router.state.location.pathname).toBe(step));
  });

  it('has nothing to place for an empty cart', async () => {
    storeCart([]);
    mockApi([]);
    renderApp('/placeorder');
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();
  });

  it('refuses a cart above the order’s unit limit, saying why, and sends nothing', async () => {
    storeCart(tooManyUnits());
    const fetchMock = mockApi([hoodie]);
    const { user } = renderApp('/placeorder');

    const button = await screen.findByRole('button', { name: 'Place order' });
    expect(screen.getByRole('alert')).toHaveTextContent(ORDER_LIMIT_MESSAGE);
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(ORDER_LIMIT_MESSAGE);
    await user.click(button);
    // (The cart's re-check asks what the shopper's own checkouts hold; no checkout is started.)
    const started = fetchMock.mock.calls.some(([input]) =>
      (input as Request).url.endsWith('/api/orders/create-checkout-session'),
    );
    expect(started).toBe(false);
    expect(goToHostedCheckout).not.toHaveBeenCalled();
  });
});

describe('shipping with a cart above the order’s unit limit', () => {
  it('says why and goes no further', async () => {
    storeCart(tooManyUnits(), { withAddress: true, withMethod: false });
    mockApi([hoodie]);
    const { router } = renderApp('/shipping');

    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_LIMIT_MESSAGE);
    expect(screen.getByRole('link', { name: 'Review your cart' })).toHaveAttribute('href', '/cart');
    const button = screen.getByRole('button', { name: 'Continue to payment' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(ORDER_LIMIT_MESSAGE);
    expect(router.state.location.pathname).toBe('/shipping');
  });
});

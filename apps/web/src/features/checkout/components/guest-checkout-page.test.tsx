import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_MESSAGES } from '@shop/shared/addresses';
import { MAX_UNITS_PER_LINE, ORDER_LIMIT_MESSAGE } from '@shop/shared/order-limits';
import { cartLineFor, productFixture, stock } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { goToHostedCheckout } from '../hosted-checkout';

vi.mock('../hosted-checkout', () => ({ goToHostedCheckout: vi.fn(() => true) }));

const tee = productFixture({
  _id: 'tee-1',
  name: 'Strong & Kind Tee',
  category: 'selflove_men_tshirts',
  price: 31.99,
  hasSize: true,
  countInStock: stock({ total: 6, smallMed: 2, large: 2, xlarge: 2 }),
});
const tote = productFixture({
  _id: 'tote-1',
  name: 'Poppy Tote',
  price: 24.5,
  hasAandB: true,
  imagesOptionB: ['/images/products/poppy-b.svg'],
  countInStock: stock({ total: 4, countA: 2, countB: 2 }),
});
const address = {
  fullName: 'Maya Haddad',
  phone: '+13125550100',
  address: '12 Dune Road',
  city: 'Chicago',
  state: 'IL',
  postalCode: '60601',
  country: 'US',
};

function putInCart() {
  localStorage.setItem(
    'cartItems',
    JSON.stringify([cartLineFor(tee, 'L', 'NA', 1), cartLineFor(tote, 'NA', 'B', 2)]),
  );
}

const posts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([input]) => input as Request).filter((r) => r.method === 'POST');

afterEach(() => vi.mocked(goToHostedCheckout).mockClear());

describe('the guest checkout', () => {
  it('asks for every field, with the shared messages, before anything is sent', async () => {
    putInCart();
    const fetchMock = mockApi([tee, tote]);
    const { user } = renderApp('/guest-checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Guest Checkout' })).toBeVisible();
    expect(document.title).toBe('Guest Checkout | Sadu Sands');

    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const messages = (await screen.findAllByRole('alert')).map((alert) => alert.textContent);
    // The United States is chosen until the shopper chooses another country.
    expect(messages).toEqual([
      'Please enter a valid email address',
      'Full name is required',
      'Address is required',
      'City is required',
      'State is required',
      'Postal code is required',
    ]);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(posts(fetchMock)).toEqual([]);

    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
  });

  it('labels the fields with their autocomplete purposes and prefills the stored address', async () => {
    putInCart();
    localStorage.setItem('shippingAddress', JSON.stringify(address));
    mockApi([tee, tote]);
    renderApp('/guest-checkout');
    const expected = {
      Email: ['email', ''],
      'Full name': ['name', address.fullName],
      'Phone (optional)': ['tel', address.phone],
      Country: ['country', address.country],
      Address: ['address-line1', address.address],
      City: ['address-level2', address.city],
      State: ['address-level1', address.state],
      'Postal code': ['postal-code', address.postalCode],
    };
    for (const [label, [autocomplete, value]] of Object.entries(expected)) {
      const input = await screen.findByLabelText(label);
      expect(input).toHaveAttribute('autocomplete', autocomplete);
      expect(input).toHaveValue(value);
      if (label.includes('optional')) expect(input).not.toBeRequired();
      else expect(input).toBeRequired();
    }
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Phone (optional)')).toHaveAttribute('type', 'tel');
    // In the United States the state is one of its states, by name.
    const state = screen.getByRole('combobox', { name: 'State' });
    expect(within(state).getByRole('option', { name: 'Illinois' })).toHaveValue('IL');
    expect(within(state).getAllByRole('option')).toHaveLength(56 + 1);
    expect(screen.getByRole('option', { name: 'United States of America' })).toHaveProperty(
      'selected',
      true,
    );
  });

  it('takes a state as text outside the United States, and reads the server’s rules on each field', async () => {
    putInCart();
    localStorage.setItem(
      'shippingAddress',
      // Kept before the recipient was asked: free-text country, no name.
      JSON.stringify({ ...address, fullName: undefined, phone: undefined, country: 'USA' }),
    );
    const fetchMock = mockApi([tee, tote]);
    const { user } = renderApp('/guest-checkout');
    await user.type(await screen.findByLabelText('Email'), 'lea@example.com');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('US');
    expect(screen.getByLabelText('Full name')).toHaveValue('');

    await user.type(screen.getByLabelText('Full name'), 'Lea Vogel');
    await user.type(screen.getByLabelText('Phone (optional)'), '12');
    await user.clear(screen.getByLabelText('Postal code'));
    await user.type(screen.getByLabelText('Postal code'), '6060');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent)).toEqual([
      ADDRESS_MESSAGES.phone,
      ADDRESS_MESSAGES.usZip,
    ]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Germany');
    const state = screen.getByRole('textbox', { name: 'State' });
    expect(state).toHaveValue('');
    await user.type(state, 'Berlin');
    await user.clear(screen.getByLabelText('Phone (optional)'));
    await user.type(screen.getByLabelText('Phone (optional)'), '030 123456789');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    const [post] = posts(fetchMock);
    expect((await post?.json())?.shippingAddress).toEqual({
      fullName: 'Lea Vogel',
      phone: '+4930123456789',
      address: address.address,
      city: address.city,
      state: 'Berlin',
      postalCode: '6060',
      country: 'DE',
    });
  });

  it('shows the items and the totals, starts the guest session and goes to its page', async () => {
    putInCart();
    localStorage.setItem('shippingAddress', JSON.stringify(address));
    let answer: (value: { body: unknown }) => void = () => {};
    const fetchMock = mockApi([tee, tote], (url, request) =>
      request.method === 'POST' && url.pathname === '/api/orders/guest-checkout-session'
        ? new Promise((resolve) => (answer = resolve))
        : undefined,
    );
    const { user, store } = renderApp('/guest-checkout');

    const items = await screen.findByRole('list', { name: 'Items in your order' });
    expect(within(items).getAllByRole('listitem')).toHaveLength(2);
    expect(items).toHaveTextContent('Strong & Kind Tee');
    expect(items).toHaveTextContent('Size L');
    expect(items).toHaveTextContent('Option B');
    expect(items).toHaveTextContent('2 × $24.50');
    // $31.99 + $49.00 = $80.99: free shipping, 7% tax $5.67.
    expect(screen.getByTestId('amount-items')).toHaveTextContent('$80.99');
    expect(screen.getByTestId('amount-shipping')).toHaveTextContent('Free');
    expect(screen.getByTestId('amount-tax')).toHaveTextContent('$5.67');
    expect(screen.getByTestId('amount-total')).toHaveTextContent('$86.66');

    await user.type(screen.getByLabelText('Email'), ' Maya@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    const busy = await screen.findByRole('button', { name: 'Please wait…' });
    expect(busy).toBeDisabled();
    const [post] = posts(fetchMock);
    expect(await post?.json()).toEqual({
      orderItems: [
        { product: 'tee-1', qty: 1, size: 'L', option: 'NA' },
        { product: 'tote-1', qty: 2, size: 'NA', option: 'B' },
      ],
      shippingAddress: address,
      email: 'maya@example.com',
      replaces: [],
    });
    answer({
      body: { url: 'http://localhost:3000/test-checkout/tcs_abcdefghijkl', receipt: 'rcpt-guest' },
    });
    await waitFor(() =>
      expect(goToHostedCheckout).toHaveBeenCalledWith(
        'http://localhost:3000/test-checkout/tcs_abcdefghijkl',
      ),
    );
    // This tab keeps the receipt for its thank-you page; no URL carries it.
    expect(sessionStorage.getItem('checkoutReceipt')).toBe('rcpt-guest');
    expect(screen.getByRole('button', { name: 'Opening payment…' })).toBeDisabled();
    // The cart stays until the payment is done (the thank-you page clears it).
    expect(store.getState().cart.cartItems).toHaveLength(2);
  });

  it.each([
    [
      409,
      { message: 'Sorry, only 1 left of Poppy Tote (option B). Please lower the quantity.' },
      'Sorry, only 1 left of Poppy Tote (option B). Please lower the quantity.',
    ],
    [
      400,
      { message: 'Poppy Tote takes an option (A or B)' },
      'Poppy Tote takes an option (A or B)',
    ],
    [503, 'network', 'We could not reach the shop. Please check your connection and try again.'],
  ])(
    'shows the server’s answer %i in an alert and lets the shopper try again',
    async (status, body, text) => {
      putInCart();
      localStorage.setItem('shippingAddress', JSON.stringify(address));
      mockApi([tee, tote], (url, request) => {
        if (request.method !== 'POST') return undefined;
        if (body === 'network') throw new TypeError('Failed to fetch');
        return { status, body };
      });
      const { user } = renderApp('/guest-checkout');
      await user.type(await screen.findByLabelText('Email'), 'maya@example.com');
      await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
      expect(goToHostedCheckout).not.toHaveBeenCalled();
    },
  );

  it('says the cart is empty instead of checking out nothing', async () => {
    mockApi([]);
    renderApp('/guest-checkout');
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).toBeNull();
  });

  it('refuses a cart above the order’s unit limit, saying why, and sends nothing', async () => {
    const plenty = productFixture({
      _id: 'hoodie-1',
      name: 'Dune Wash Hoodie',
      hasSize: true,
      countInStock: stock({ total: 150, smallMed: 50, large: 50, xlarge: 50 }),
    });
    localStorage.setItem(
      'cartItems',
      JSON.stringify(
        (['S/M', 'L', 'XL'] as const).map((size) =>
          cartLineFor(plenty, size, 'NA', MAX_UNITS_PER_LINE),
        ),
      ),
    );
    localStorage.setItem('shippingAddress', JSON.stringify(address));
    const fetchMock = mockApi([plenty]);
    const { user } = renderApp('/guest-checkout');

    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_LIMIT_MESSAGE);
    expect(screen.getByRole('link', { name: 'Review your cart' })).toHaveAttribute('href', '/cart');
    const button = screen.getByRole('button', { name: 'Continue to payment' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(ORDER_LIMIT_MESSAGE);
    // Enter in a field gets no further than the disabled button.
    await user.type(screen.getByLabelText('Email'), 'maya@example.com{Enter}');
    expect(posts(fetchMock)).toEqual([]);
    expect(goToHostedCheckout).not.toHaveBeenCalled();
  });
});

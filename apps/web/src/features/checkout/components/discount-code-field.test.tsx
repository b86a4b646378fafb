import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cartLineFor, productFixture, stock } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

vi.mock('../hosted-checkout', () => ({ goToHostedCheckout: vi.fn(() => true) }));

const tee = productFixture({
  _id: 'tee-1',
  name: 'Desert Bloom Tee',
  price: 32,
  hasSize: true,
  countInStock: stock({ total: 6, smallMed: 2, large: 2, xlarge: 2 }),
});

/** The server's quote for one tee in Illinois: SUMMER20 takes $6.40 off, any other code is refused. */
function quoteFor(url: URL) {
  const code = url.searchParams.get('discountCode')?.trim().toUpperCase();
  const discounted = code === 'SUMMER20';
  return {
    body: {
      rates: [{ _id: 'standard', name: 'Standard', price: 5 }],
      shippingRateId: 'standard',
      taxRate: 7,
      itemsPrice: 32,
      discountPrice: discounted ? 6.4 : 0,
      discount: discounted ? { title: 'SUMMER20', itemsPrice: 6.4, shippingPrice: 0 } : null,
      discountMessage: code && !discounted ? 'This code is not valid' : null,
      shippingPrice: 5,
      taxPrice: discounted ? 1.79 : 2.24,
      totalPrice: discounted ? 32.39 : 39.24,
    },
  };
}

describe('the discount code', () => {
  it('shows the discount line at once, says why a code does not apply, and travels with the checkout', async () => {
    localStorage.setItem('cartItems', JSON.stringify([cartLineFor(tee, 'L', 'NA', 1)]));
    localStorage.setItem(
      'shippingAddress',
      JSON.stringify({
        fullName: 'Maya Haddad',
        address: '12 Dune Road',
        city: 'Chicago',
        state: 'IL',
        postalCode: '60601',
        country: 'US',
      }),
    );
    const sent: Request[] = [];
    const fetchMock = mockApi([tee], async (url, request) => {
      if (url.pathname === '/api/shipping/quote') return quoteFor(url);
      if (url.pathname === '/api/orders/guest-checkout-session') {
        sent.push(request.clone());
        return { body: { url: 'https://pay.example/cs_1', receipt: 'r'.repeat(43) } };
      }
      return undefined;
    });
    const { user } = renderApp('/guest-checkout');
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    await user.type(screen.getByLabelText('Email'), 'maya@example.com');

    const field = screen.getByRole('textbox', { name: 'Discount code' });
    await user.type(field, 'nope{Enter}');
    expect(await screen.findByText('This code is not valid')).toHaveAttribute('role', 'alert');
    expect(within(summary).queryByTestId('amount-discount')).toBeNull();

    await user.clear(field);
    await user.type(field, 'summer20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await within(summary).findByText('Discount (SUMMER20)')).toBeVisible();
    expect(within(summary).getByTestId('amount-discount')).toHaveTextContent('−$6.40');
    expect(within(summary).getByTestId('amount-total')).toHaveTextContent('$32.39');
    expect(screen.getByText('SUMMER20 applied: $6.40 off.')).toBeVisible();
    expect(screen.queryByText('This code is not valid')).toBeNull();
    // A guest's once-per-customer code is judged by the e-mail typed.
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL((input as Request).url))
      .filter((url) => url.pathname === '/api/shipping/quote')
      .at(-1);
    expect(asked?.searchParams.get('email')).toBe('maya@example.com');

    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(await sent[0]?.json()).toMatchObject({ discountCode: 'summer20' });

    await user.click(screen.getByRole('button', { name: 'Remove SUMMER20' }));
    await waitFor(() => expect(within(summary).queryByText('Discount (SUMMER20)')).toBeNull());
    expect(localStorage.getItem('discountCode')).toBeNull();
  });

  it('in the cart: the discount line, and free shipping counted after it', async () => {
    localStorage.setItem('cartItems', JSON.stringify([cartLineFor(tee, 'L', 'NA', 1)]));
    const fetchMock = mockApi([tee], (url) =>
      url.pathname === '/api/shipping/quote' ? quoteFor(url) : undefined,
    );
    const { user } = renderApp('/cart');
    expect(await screen.findByText(/Add \$18\.00 more for free shipping/)).toBeVisible();
    // No code, no quote asked.
    const quotes = () =>
      fetchMock.mock.calls.filter(
        ([input]) => new URL((input as Request).url).pathname === '/api/shipping/quote',
      );
    expect(quotes()).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'SUMMER20{Enter}');
    expect(await screen.findByTestId('cart-discount')).toHaveTextContent('−$6.40');
    // $32 less $6.40 is $25.60: $24.40 more for free shipping.
    expect(screen.getByText(/Add \$24\.40 more for free shipping/)).toBeVisible();
    expect(JSON.parse(localStorage.getItem('discountCode') ?? 'null')).toBe('SUMMER20');
  });
});

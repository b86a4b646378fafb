import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartLineFor, productFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { PROFILE_ORDERS_PATH } from './successful-order-page';

describe('the thank-you page', () => {
  it('clears the cart, names both e-mails and leads back to the shop', async () => {
    const product = productFixture();
    localStorage.setItem('cartItems', JSON.stringify([cartLineFor(product, 'NA', 'NA', 2)]));
    mockApi([product]);
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
});

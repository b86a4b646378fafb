import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { cartLineFor, productFixture } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render-app';
import { RouteError } from './route-error';
import { createStore } from './store';
import { storedStateSchemas } from '../lib/contract-schemas';

const userInfo = {
  _id: 'u1',
  name: 'Layla',
  email: 'layla@example.com',
  token: 'jwt',
  createdAt: '2024-01-01T00:00:00.000Z',
};

describe('the app shell', () => {
  it.each([
    '/profile',
    '/shipping',
    '/payment',
    '/placeorder',
    '/order/42',
    '/profile/orders',
    '/order/42/pay',
  ])('sends visitors without userInfo from %s to login with a redirect back', async (path) => {
    mockApi([]);
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(path);
  });

  it('lets a signed-in user through the guard', async () => {
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    mockApi([]);
    renderApp('/shipping');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipping' })).toBeInTheDocument();
  });

  it('answers unknown addresses with the not-found page and a home link', async () => {
    mockApi([]);
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    // The title is set by an effect, which may run a moment after the heading is on screen.
    await waitFor(() => expect(document.title).toBe('Page not found | Sadu Sands'));
  });

  it('shows the router error screen for unhandled failures', async () => {
    const Broken = () => {
      throw new Error('Kaboom');
    };
    const router = createMemoryRouter([
      { path: '/', Component: Broken, errorElement: <RouteError /> },
    ]);
    const originalError = console.error;
    console.error = () => {}; // React reports the thrown error; the screen is what matters here
    try {
      render(
        <Provider store={createStore(storedStateSchemas)}>
          <RouterProvider router={router} />
        </Provider>,
      );
      expect(
        await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
      ).toBeInTheDocument();
      expect(screen.getByText('Kaboom')).toBeInTheDocument();
    } finally {
      console.error = originalError;
    }
  });

  it('says what to do on /pending', async () => {
    mockApi([]);
    renderApp('/pending');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Pending Verification... check your email!',
      }),
    ).toBeInTheDocument();
  });

  it('clears the cart on the thank-you page and names both e-mails', async () => {
    const product = productFixture();
    localStorage.setItem('cartItems', JSON.stringify([cartLineFor(product, 'NA', 'NA', 1)]));
    mockApi([product]);
    const { store } = renderApp('/successfulorder');
    expect(
      await screen.findByText(/payment confirmation e-mail from our payment provider/),
    ).toHaveTextContent('order-tracking e-mail from Sadu Sands');
    await waitFor(() => expect(store.getState().cart.cartItems).toEqual([]));
    expect(localStorage.getItem('cartItems')).toBe('[]');
  });
});

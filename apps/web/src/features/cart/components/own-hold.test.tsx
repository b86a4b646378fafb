import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine } from '@shop/shared/cart';
import { cartLineFor, productFixture, stock } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

/**
 * The shopper's own open checkout holds the last units: in another tab the cart re-check counts
 * them as the shopper's, so it never drops their own items as sold out.
 */
const tee = productFixture({
  _id: 'tee-1',
  name: 'Strong & Kind Tee',
  category: 'selflove_men_tshirts',
  hasSize: true,
  // Everything of size L is held by the shopper's own checkout.
  countInStock: stock({ total: 2, smallMed: 2, large: 0, xlarge: 0 }),
});
const proof = { orderId: '0b7a4a52-5f0a-4c1e-9a59-3f1f3c2e1d10', token: 'proof-token' };

beforeAll(() => import('./cart-page'), 60_000);
afterEach(() => {
  toast.dismiss();
});

const storedCart = () => JSON.parse(localStorage.getItem('cartItems') ?? '[]') as CartLine[];
const storedProofs = () =>
  JSON.parse(localStorage.getItem('openCheckouts') ?? '[]') as { orderId: string }[];
const cartList = () => screen.findByRole('list', { name: 'Items in your cart' }, { timeout: 5000 });

function ownHoldsAnswer(checkouts: unknown[]) {
  const asked: { body: unknown; authorization: string | null }[] = [];
  const fetchMock = mockApi([tee], async (url, request) => {
    if (request.method !== 'POST' || url.pathname !== '/api/orders/own-holds') return undefined;
    asked.push({ body: await request.json(), authorization: request.headers.get('Authorization') });
    return { body: { checkouts } };
  });
  return { asked, fetchMock };
}

describe('the cart beside the shopper’s own open checkout', () => {
  it('keeps a guest’s items their own checkout holds, asking with the browser’s proof', async () => {
    localStorage.setItem('cartItems', JSON.stringify([cartLineFor(tee, 'L', 'NA', 2)]));
    localStorage.setItem('openCheckouts', JSON.stringify([{ ...proof, startedAt: Date.now() }]));
    const { asked } = ownHoldsAnswer([
      {
        orderId: proof.orderId,
        items: [{ product: 'tee-1', size: 'L', option: 'NA', variant: 'tee-1-L', qty: 2 }],
      },
    ]);
    renderApp('/cart');

    await cartList();
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toEqual({ body: { checkouts: [proof] }, authorization: null });
    // The re-check has been applied: the line has its stock as the shopper sees it (0 + 2 held).
    await waitFor(() => expect(storedCart()[0]?.countInStock.large).toBe(2));
    expect(storedCart()).toMatchObject([{ size: 'L', qty: 2 }]);
    expect(screen.queryByText(/was removed from your cart/)).not.toBeInTheDocument();
    expect(storedProofs().map((kept) => kept.orderId)).toEqual([proof.orderId]);
  });

  it('drops the items when that checkout has ended, and forgets its proof', async () => {
    localStorage.setItem('cartItems', JSON.stringify([cartLineFor(tee, 'L', 'NA', 2)]));
    localStorage.setItem('openCheckouts', JSON.stringify([{ ...proof, startedAt: Date.now() }]));
    ownHoldsAnswer([]);
    renderApp('/cart');
    expect(
      await screen.findByText(
        'Strong & Kind Tee (size L) is sold out and was removed from your cart.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('openCheckouts')).toBeNull());
  });

  it('asks for a signed-in shopper’s holds with their sign-in, without any proof', async () => {
    localStorage.setItem(
      'userInfo',
      JSON.stringify({
        _id: 'u1',
        name: 'Layla',
        email: 'layla@example.com',
        token: 'jwt-1',
        createdAt: '2024-01-01T00:00:00.000Z',
      }),
    );
    localStorage.setItem('cartItems', JSON.stringify([cartLineFor(tee, 'L', 'NA', 1)]));
    const { asked } = ownHoldsAnswer([
      {
        orderId: 'o-9',
        items: [{ product: 'tee-1', size: 'L', option: 'NA', variant: 'tee-1-L', qty: 1 }],
      },
    ]);
    renderApp('/cart');
    await cartList();
    await waitFor(() => expect(storedCart()[0]?.countInStock.large).toBe(1));
    expect(asked[0]).toEqual({ body: { checkouts: [] }, authorization: 'Bearer jwt-1' });
    expect(screen.queryByText(/was removed from your cart/)).not.toBeInTheDocument();
  });

  it('does not ask when the shopper has no checkout to ask about', async () => {
    localStorage.setItem('cartItems', JSON.stringify([cartLineFor(tee, 'S/M', 'NA', 1)]));
    const { asked, fetchMock } = ownHoldsAnswer([]);
    renderApp('/cart');
    await cartList();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => (input as Request).url.endsWith('/products/tee-1')),
      ).toBe(true),
    );
    expect(asked).toEqual([]);
  });
});

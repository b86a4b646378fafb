import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine } from '@shop/shared/cart';
import { QUANTITY_NOT_AVAILABLE } from '@shop/shared/stock';
import { colourBySizeFixture, variantLineFor } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

beforeAll(() => import('./cart-page'), 60_000);
afterEach(() => {
  toast.dismiss();
});

const storedCart = () => JSON.parse(localStorage.getItem('cartItems') ?? '[]') as CartLine[];
const cartList = () => screen.findByRole('list', { name: 'Items in your cart' }, { timeout: 5000 });

describe('cart lines of a product of other options', () => {
  it('keeps each variant its own line, with its title, price and address', async () => {
    const shirt = colourBySizeFixture();
    localStorage.setItem(
      'cartItems',
      JSON.stringify([variantLineFor(shirt, 'v-clay-l', 1), variantLineFor(shirt, 'v-sage-m', 2)]),
    );
    mockApi([shirt]);
    renderApp('/cart');
    const list = await cartList();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Clay / L');
    expect(items[0]).toHaveTextContent('$32.00');
    expect(items[1]).toHaveTextContent('Sage / M');
    expect(items[1]).toHaveTextContent('$28.00');
    expect(within(items[1]!).getByRole('link', { name: 'Field Shirt' })).toHaveAttribute(
      'href',
      '/products/field-shirt',
    );
    expect(
      within(items[1]!).getByRole('group', { name: 'Quantity of Field Shirt (Sage / M)' }),
    ).toHaveTextContent('2');
  });

  it('limits the quantity to the variant’s own stock', async () => {
    const shirt = colourBySizeFixture();
    localStorage.setItem('cartItems', JSON.stringify([variantLineFor(shirt, 'v-clay-l', 2)]));
    mockApi([shirt]);
    const { user } = renderApp('/cart');
    await cartList();
    await user.click(screen.getByRole('button', { name: /increase/i }));
    expect(await screen.findByText(QUANTITY_NOT_AVAILABLE)).toBeInTheDocument();
    expect(storedCart()[0]?.qty).toBe(2);
  });

  it('drops a line on the re-check when its variant no longer has the units, counting own holds', async () => {
    const shirt = colourBySizeFixture();
    localStorage.setItem(
      'cartItems',
      JSON.stringify([variantLineFor(shirt, 'v-clay-l', 2), variantLineFor(shirt, 'v-sage-m', 3)]),
    );
    localStorage.setItem(
      'openCheckouts',
      JSON.stringify([{ orderId: 'o-1', token: 't-1', startedAt: Date.now() }]),
    );
    // Now: Clay / L has 1 left; Sage / M 0, but the shopper's own checkout holds 3 of it.
    const now = colourBySizeFixture({
      variants: colourBySizeFixture().variants.map((variant) =>
        variant._id === 'v-clay-l'
          ? { ...variant, available: 1 }
          : variant._id === 'v-sage-m'
            ? { ...variant, available: 0 }
            : variant,
      ),
    });
    mockApi([now], async (url, request) =>
      request.method === 'POST' && url.pathname === '/api/orders/own-holds'
        ? {
            body: {
              checkouts: [
                {
                  orderId: 'o-1',
                  items: [
                    { product: 'shirt-1', size: 'NA', option: 'NA', variant: 'v-sage-m', qty: 3 },
                  ],
                },
              ],
            },
          }
        : undefined,
    );
    renderApp('/cart');
    expect(
      await screen.findByText(
        'Only 1 of Field Shirt (Clay / L) left: it was removed from your cart.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(storedCart().map((line) => line.variant)).toEqual(['v-sage-m']));
    expect(storedCart()[0]?.countInStock.total).toBe(3);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { colourBySizeFixture, productFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const SUMMER = { price: 25.6, title: 'Summer sale' };

/** Decision 050: a product an automatic discount covers shows its sale price, the price struck. */
describe('sale prices', () => {
  it('shows the sale price on the card, with the price struck through and the sale’s name', async () => {
    const products = [
      productFixture({ _id: 't1', name: 'Desert Bloom Tee', price: 32, sale: SUMMER }),
      productFixture({ _id: 't2', name: 'Dune Strap', price: 48.5 }),
    ];
    mockApi([], (url) =>
      url.pathname === '/api/product-cards/listing'
        ? { body: { products, page: 1, pages: 1 } }
        : undefined,
    );
    renderApp('/tshirts');
    const card = (await screen.findByRole('heading', { name: 'Desert Bloom Tee' })).closest(
      'article',
    )!;
    expect(card).toHaveTextContent('Now $25.60');
    expect(card).toHaveTextContent('Was $32.00');
    expect(within(card).getByText('$32.00', { selector: 's' })).toBeInTheDocument();
    expect(within(card).getByText('Summer sale')).toBeInTheDocument();
    const other = screen.getByRole('heading', { name: 'Dune Strap' }).closest('article')!;
    expect(other).toHaveTextContent('$48.50');
    expect(other).not.toHaveTextContent('Was');
  });

  it('shows the chosen variant’s sale on the page, and none on a variant it does not cover', async () => {
    const shirt = colourBySizeFixture();
    const onSale = shirt.variants.map((variant) =>
      variant._id === 'v-clay-m'
        ? { ...variant, sale: { price: 24, title: 'Clay week' } }
        : variant,
    );
    mockApi([{ ...shirt, variants: onSale }]);
    const { user } = renderApp('/products/shirt-1');
    await screen.findByRole('heading', { level: 1, name: 'Field Shirt' });
    const price = () => screen.getByTestId('product-price');
    expect(price()).toHaveTextContent('Now $24.00');
    expect(within(price()).getByText('$30.00', { selector: 's' })).toBeInTheDocument();
    expect(price()).toHaveTextContent('Clay week');
    await user.click(screen.getByRole('radio', { name: 'XL' }));
    await waitFor(() => expect(price()).toHaveTextContent('$34.00'));
    expect(price()).not.toHaveTextContent('Clay week');
  });

  it('puts a sale line in the cart and shows what the server takes off for it', async () => {
    const tee = productFixture({ _id: 't1', name: 'Desert Bloom Tee', price: 32, sale: SUMMER });
    const quotes: URL[] = [];
    mockApi([tee], (url) => {
      if (url.pathname !== '/api/shipping/quote') return undefined;
      quotes.push(url);
      return {
        body: {
          rates: [{ _id: 'standard', name: 'Standard', price: 5 }],
          shippingRateId: 'standard',
          taxRate: 0,
          itemsPrice: 32,
          discountPrice: 6.4,
          discount: { title: 'Summer sale', itemsPrice: 6.4, shippingPrice: 0 },
          discountMessage: null,
          shippingPrice: 5,
          taxPrice: 0,
          totalPrice: 30.6,
        },
      };
    });
    const { store } = renderApp('/cart/t1?qty=1');
    expect(await screen.findByTestId('cart-discount')).toHaveTextContent('−$6.40');
    expect(screen.getByText('Discount (Summer sale)')).toBeInTheDocument();
    expect(store.getState().cart.cartItems[0]).toMatchObject({ product: 't1', onSale: true });
    expect(quotes).toHaveLength(1);
    expect(JSON.parse(quotes[0]!.searchParams.get('items') ?? '[]')).toEqual([
      { product: 't1', qty: 1, size: 'NA', option: 'NA' },
    ]);
  });
});

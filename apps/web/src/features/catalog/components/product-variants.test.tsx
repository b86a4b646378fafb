import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { colourBySizeFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  toast.dismiss();
});

const checked = (group: string) =>
  within(screen.getByRole('group', { name: group }))
    .getAllByRole('radio')
    .filter((radio) => (radio as HTMLInputElement).checked)
    .map((radio) => (radio as HTMLInputElement).value);

const price = () => screen.getByTestId('product-price');

describe('the product page of a Colour × Size product', () => {
  it('opens on the first variant in stock, with one group per option and the rest marked', async () => {
    mockApi([colourBySizeFixture()]);
    renderApp('/products/shirt-1');
    await screen.findByRole('heading', { level: 1, name: 'Field Shirt' });
    expect(checked('Colour')).toEqual(['Clay']);
    expect(checked('Size')).toEqual(['M']);
    expect(price()).toHaveTextContent('$30.00');
    expect(screen.getByText('In Stock')).toBeInTheDocument();
    // Not hidden: the sold-out sibling and the combination the shop does not sell say so.
    expect(screen.getByRole('radio', { name: 'S — sold out' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'XS — unavailable' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'L' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Sage' })).toBeInTheDocument();
    // The spec's groups are not shown for it.
    expect(screen.queryByRole('group', { name: 'Option' })).not.toBeInTheDocument();
  });

  it('shows the chosen variant’s price, compare-at price, photos and stock, and keeps it in the address', async () => {
    mockApi([colourBySizeFixture()]);
    const { user, router } = renderApp('/products/shirt-1');
    await screen.findByRole('heading', { level: 1, name: 'Field Shirt' });

    await user.click(screen.getByRole('radio', { name: 'L' }));
    await waitFor(() => expect(price()).toHaveTextContent('Now $32.00'));
    expect(price()).toHaveTextContent('Was $40.00');
    expect(within(price()).getByText('$40.00', { selector: 's' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?variant=v-clay-l');
    expect(router.state.historyAction).toBe('REPLACE');

    await user.click(screen.getByRole('radio', { name: 'XL' }));
    await waitFor(() => expect(price()).toHaveTextContent('$34.00'));
    expect(price()).not.toHaveTextContent('Was');
    expect(screen.getByRole('img', { name: 'Field Shirt' })).toHaveAttribute(
      'src',
      '/img/field-shirt-clay-xl.svg',
    );

    await user.click(screen.getByRole('radio', { name: 'S — sold out' }));
    expect(await screen.findByRole('button', { name: 'Sold Out' })).toBeDisabled();
    expect(screen.getByText('Sold Out', { selector: 'span' })).toBeInTheDocument();

    // Sage / S is not sold: choosing Sage moves to its first variant in stock.
    await user.click(screen.getByRole('radio', { name: 'Sage — unavailable' }));
    await waitFor(() => expect(checked('Size')).toEqual(['XS']));
    expect(price()).toHaveTextContent('$26.00');
    expect(router.state.location.search).toBe('?variant=v-sage-xs');
  });

  it('opens the variant a shared address names, and the product’s photos when it has none', async () => {
    mockApi([colourBySizeFixture()]);
    renderApp('/products/shirt-1?variant=v-sage-l');
    await screen.findByRole('heading', { level: 1, name: 'Field Shirt' });
    expect(checked('Colour')).toEqual(['Sage']);
    expect(checked('Size')).toEqual(['L']);
    expect(price()).toHaveTextContent('$28.00');
    expect(screen.getByRole('img', { name: 'Field Shirt, image 1 of 2' })).toHaveAttribute(
      'src',
      '/img/field-shirt.svg',
    );
  });

  it('adds the variant to the cart with its title, price and its own line', async () => {
    mockApi([colourBySizeFixture()]);
    const { user, store } = renderApp('/products/shirt-1?variant=v-clay-l');
    await screen.findByRole('heading', { level: 1, name: 'Field Shirt' });
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    await screen.findByRole('heading', { level: 1, name: /cart/i });
    await waitFor(() => expect(store.getState().cart.cartItems).toHaveLength(1));
    expect(store.getState().cart.cartItems[0]).toMatchObject({
      product: 'shirt-1',
      variant: 'v-clay-l',
      variantTitle: 'Clay / L',
      handle: 'field-shirt',
      price: 32,
      size: 'NA',
      option: 'NA',
      countInStock: { total: 2 },
    });
    const line = await screen.findByRole('link', { name: 'Field Shirt' });
    expect(line).toHaveAttribute('href', '/products/field-shirt');
    expect(screen.getByText('Clay / L')).toBeInTheDocument();
    expect(screen.getAllByText('$32.00').length).toBeGreaterThan(0);
  });
});

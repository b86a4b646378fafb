import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const straps = [
  productFixture({
    _id: 's1',
    handle: 'classic-strap',
    name: 'Classic Strap',
    category: 'belts',
    price: 48.5,
  }),
  productFixture({ _id: 's2', name: 'Diamond Strap', category: 'belts', price: 54 }),
];
const totes = [
  productFixture({ _id: 'f1', name: 'Desert Rose Tote', category: 'flower_totes', price: 29.99 }),
];
const all = [...straps, ...totes];

describe('the home page', () => {
  it('shows the hero, the two collection carousels, the product list and the contact block', async () => {
    mockApi(all, (url) => {
      if (url.pathname !== '/api/product-cards/listing') return undefined;
      const category = url.searchParams.get('category');
      const products = category === 'belts' ? straps : category === 'flower_totes' ? totes : all;
      return { body: { products, page: 1, pages: 1 } };
    });
    renderApp('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'EXPLORE OUR SELF LOVE COLLECTION' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'SHOP NOW' })).toHaveAttribute('href', '/tshirts');

    const strapCarousel = await screen.findByRole('region', {
      name: 'SADU SANDS STRAP COLLECTION',
    });
    expect(strapCarousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(strapCarousel).toHaveAttribute('tabindex', '0');
    expect(screen.getByText('Check out our strap collection')).toBeInTheDocument();
    expect(
      within(strapCarousel).getByRole('link', { name: 'ADD TO CART: Classic Strap' }),
    ).toHaveAttribute('href', '/products/classic-strap');
    expect(within(strapCarousel).getByText('$48.50')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Next: SADU SANDS STRAP COLLECTION' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Previous: SADU SANDS STRAP COLLECTION' }),
    ).toBeInTheDocument();

    const toteCarousel = await screen.findByRole('region', { name: 'FLOWER TOTE COLLECTION' });
    expect(within(toteCarousel).getByText('Desert Rose Tote')).toBeInTheDocument();
    expect(screen.getByText('Check out our new tote collection')).toBeInTheDocument();

    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: 'help@sadusands.example' })).toHaveLength(1),
    );
    expect(screen.getByText('Chicago, IL, USA')).toBeInTheDocument();
    expect(document.title).toBe('Sadu Sands');
  });

  it('has a footer with the card brands and the legal pages', async () => {
    mockApi([]);
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    for (const brand of ['Mastercard', 'Visa', 'American Express', 'Discover']) {
      expect(within(footer).getByRole('img', { name: brand })).toBeInTheDocument();
    }
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacypolicy',
    );
    expect(within(footer).getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(within(footer).getByRole('link', { name: 'Refund Policy' })).toHaveAttribute(
      'href',
      '/refundpolicy',
    );
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
  });

  it('gives the legal pages the support address from the API', async () => {
    mockApi([]);
    renderApp('/privacypolicy');
    expect(
      (await screen.findAllByRole('link', { name: 'help@sadusands.example' })).length,
    ).toBeGreaterThan(0);
  });
});

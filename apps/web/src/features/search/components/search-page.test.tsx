import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const hoodie = productFixture({ _id: 'h1', name: 'Dune Wash Hoodie', price: 59 });
const menu = { collections: [{ handle: 'summer-drop', name: 'Summer Drop' }] };

describe('the search page (decision 050)', () => {
  it('says when the products match only some of the words', async () => {
    mockApi([], (url) =>
      url.pathname === '/api/product-cards/listing'
        ? {
            body: {
              products: [hoodie],
              page: 1,
              pages: 1,
              search: { matched: 'some', didYouMean: [] },
            },
          }
        : undefined,
    );
    renderApp('/search/zebra%20hoodie');
    expect(
      await screen.findByText(
        'No products match all of "zebra hoodie", showing products that match some of it',
      ),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { level: 3, name: 'Dune Wash Hoodie' })).toBeInTheDocument();
  });

  it('offers the closest words and the collections when nothing matches', async () => {
    mockApi([], (url) => {
      if (url.pathname === '/api/collections/menu') return { body: menu };
      return url.pathname === '/api/product-cards/listing'
        ? {
            body: {
              products: [],
              page: 1,
              pages: 0,
              search: { matched: 'none', didYouMean: ['tote', 'totes'] },
            },
          }
        : undefined;
    });
    renderApp('/search/tot');
    expect(await screen.findByText('Nothing matches “tot”.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'tote' })).toHaveAttribute('href', '/search/tote');
    expect(screen.getByRole('link', { name: 'totes' })).toHaveAttribute('href', '/search/totes');
    expect(screen.getByText(/Did you mean/)).toHaveTextContent('Did you mean tote or totes?');
    const collections = await screen.findByRole('navigation', { name: 'Collections' });
    expect(within(collections).getByRole('link', { name: 'Summer Drop' })).toHaveAttribute(
      'href',
      '/collections/summer-drop',
    );
    expect(screen.queryByText(/showing products that match some/)).toBeNull();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SEARCH_VIEW_WINDOW_MS } from '@shop/shared/search-report';
import { productFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { rememberSearch, takeRecentSearch } from './use-search-views';

// Whether a search led to a product page (the Searches report, decision 056).

const hoodie = productFixture({ _id: 'h1', name: 'Dune Wash Hoodie', price: 59 });

/** The API with the product, and the product views it was told of. */
function apiTellingViews() {
  const views: unknown[] = [];
  mockApi([hoodie], async (url, request) => {
    if (url.pathname !== '/api/search/product-views') return undefined;
    views.push(await request.json());
    return { status: 204, body: null };
  });
  return views;
}

afterEach(() => sessionStorage.clear());

describe('a search that led to a product page', () => {
  it('is remembered by the search page, its words only', async () => {
    apiTellingViews();
    renderApp('/search/Dune%20%20HOODIE');
    await screen.findByRole('heading', { level: 1, name: /^Results for/ });
    // The page remembers it in an effect, which React may run after the heading is on screen.
    await waitFor(() => expect(sessionStorage.getItem('lastSearch')).not.toBeNull());
    const remembered = JSON.parse(sessionStorage.getItem('lastSearch') ?? '{}');
    expect(Object.keys(remembered).sort()).toEqual(['at', 'query']);
    expect(remembered.query).toBe('dune hoodie');
  });

  it('is told once by the next product page, then forgotten', async () => {
    const views = apiTellingViews();
    rememberSearch('hoodie');
    renderApp('/products/h1');
    await screen.findByRole('heading', { level: 1, name: 'Dune Wash Hoodie' });
    await waitFor(() => expect(views).toEqual([{ query: 'hoodie' }]));
    expect(sessionStorage.getItem('lastSearch')).toBeNull();
  });

  it('is not told when the search is older than 30 minutes, or was never made', async () => {
    const views = apiTellingViews();
    rememberSearch('hoodie', Date.now() - SEARCH_VIEW_WINDOW_MS - 1);
    renderApp('/products/h1');
    await screen.findByRole('heading', { level: 1, name: 'Dune Wash Hoodie' });
    expect(sessionStorage.getItem('lastSearch')).toBeNull();
    expect(views).toEqual([]);
    sessionStorage.setItem('lastSearch', '{"query":"","at":0}');
    expect(takeRecentSearch()).toBeUndefined();
    sessionStorage.setItem('lastSearch', 'not json');
    expect(takeRecentSearch()).toBeUndefined();
  });
});

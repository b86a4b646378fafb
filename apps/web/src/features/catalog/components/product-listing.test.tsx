import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productFixture, stock } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const products = [
  productFixture({
    _id: 't1',
    handle: 'love-yourself-first-tee',
    name: 'Love Yourself First Tee',
    price: 29.9,
  }),
  productFixture({ _id: 't2', name: 'Bloom Tee', price: 31 }),
];

describe('the listings', () => {
  it('asks for the page’s categories and shows cards with name, price and link', async () => {
    const fetchMock = mockApi([], (url) =>
      url.pathname === '/api/product-cards/listing'
        ? { body: { products, page: 1, pages: 3 } }
        : undefined,
    );
    renderApp('/tshirts?page=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shirts' })).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { name: 'Love Yourself First Tee' })).closest(
      'article',
    )!;
    expect(within(card).getByRole('link', { name: 'Love Yourself First Tee' })).toHaveAttribute(
      'href',
      '/products/love-yourself-first-tee',
    );
    expect(within(card).getByText('$29.90')).toBeInTheDocument();

    const pager = screen.getByRole('navigation', { name: 'Product pages' });
    expect(within(pager).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pager).getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/tshirts?page=3',
    );

    const asked = fetchMock.mock.calls.map(([input]) => new URL((input as Request).url));
    const listing = asked.find((url) => url.pathname === '/api/product-cards/listing');
    expect(listing?.searchParams.get('category')).toBe(
      'selflove_women_tshirts,selflove_men_tshirts',
    );
    expect(document.title).toBe('Shirts | Sadu Sands');
  });

  it('marks a sold-out product’s card (every variant at 0) and no other', async () => {
    const soldOut = productFixture({
      _id: 'h1',
      name: 'Desert Hoodie',
      hasSize: true,
      countInStock: stock({ total: 0 }),
    });
    mockApi([], (url) =>
      url.pathname === '/api/product-cards/listing'
        ? { body: { products: [...products, soldOut], page: 1, pages: 1 } }
        : undefined,
    );
    renderApp('/tshirts');
    const card = (await screen.findByRole('heading', { name: 'Desert Hoodie' })).closest(
      'article',
    )!;
    expect(within(card).getByText('Sold out')).toBeVisible();
    expect(screen.getAllByText('Sold out')).toHaveLength(1);
  });

  it('gives a card with an uploaded photo its renditions for the grid and the photo’s alt text', async () => {
    const photo = `/api/images/${'c'.repeat(32)}-800.webp`;
    mockApi([], (url) =>
      url.pathname === '/api/product-cards/listing'
        ? {
            body: {
              products: [
                { ...products[0], image: photo, imageAlts: { [photo]: 'A tee on a chair' } },
                products[1],
              ],
              page: 1,
              pages: 1,
            },
          }
        : undefined,
    );
    renderApp('/tshirts');
    const card = (await screen.findByRole('heading', { name: 'Love Yourself First Tee' })).closest(
      'article',
    )!;
    const picture = card.querySelector('img')!;
    expect(picture).toHaveAttribute('alt', 'A tee on a chair');
    expect(picture).toHaveAttribute('srcset', expect.stringContaining('-400.webp 400w'));
    expect(picture).toHaveAttribute(
      'sizes',
      '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, 50vw',
    );
    const sample = (await screen.findByRole('heading', { name: 'Bloom Tee' }))
      .closest('article')!
      .querySelector('img')!;
    expect(sample).toHaveAttribute('src', products[1]!.image);
    expect(sample).not.toHaveAttribute('srcset');
    expect(sample).toHaveAttribute('alt', 'Bloom Tee');
  });

  it('searches by keyword and pages through /search/:keyword/page/:n', async () => {
    const fetchMock = mockApi([], (url) =>
      url.pathname === '/api/product-cards/listing'
        ? { body: { products, page: 2, pages: 2 } }
        : undefined,
    );
    renderApp('/search/tee/page/2');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Results for “tee”' }),
    ).toBeInTheDocument();
    const pager = await screen.findByRole('navigation', { name: 'Product pages' });
    expect(within(pager).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'href',
      '/search/tee',
    );
    const listing = fetchMock.mock.calls
      .map(([input]) => new URL((input as Request).url))
      .find((url) => url.pathname === '/api/product-cards/listing');
    expect(listing?.searchParams.get('keyword')).toBe('tee');
    expect(listing?.searchParams.get('pageNumber')).toBe('2');
  });

  it('shows the server’s message in a danger alert', async () => {
    mockApi([], (url) =>
      url.pathname === '/api/product-cards/listing'
        ? { status: 400, body: { message: 'Search keyword is too long' } }
        : undefined,
    );
    renderApp('/belts');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search keyword is too long');
  });

  it('shows a generic text when the server cannot be reached', async () => {
    mockApi([], (url) =>
      url.pathname === '/api/product-cards/listing'
        ? { status: 502, body: 'Bad gateway' }
        : undefined,
    );
    renderApp('/totes');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    );
  });

  it('shows a skeleton while loading, then the empty state', async () => {
    mockApi([], async (url) => {
      if (url.pathname !== '/api/product-cards/listing') return undefined;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { body: { products: [], page: 1, pages: 0 } };
    });
    renderApp('/hoodies');
    // The route's skeleton, then the listing's own, say the same while the products load.
    await waitFor(() => expect(screen.getByText('Loading products…')).toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByText(/No hoodies in the shop right now/)).toBeInTheDocument(),
    );
  });

  it.each([
    {
      path: '/page/99',
      pages: 3,
      text: 'There is no page 99 of the latest products.',
      first: '/',
    },
    {
      path: '/search/tote/page/2',
      pages: 1,
      text: 'There is no page 2 of the results for “tote”.',
      first: '/search/tote',
    },
    { path: '/belts?page=5', pages: 2, text: 'There is no page 5 of Straps.', first: '/belts' },
    // An empty listing has its page 1 only.
    {
      path: '/hoodies?page=2',
      pages: 0,
      text: 'There is no page 2 of Hoodies.',
      first: '/hoodies',
    },
  ])(
    'says $path does not exist ($pages pages) and links the first page',
    async ({ path, pages, text, first }) => {
      mockApi([], (url) =>
        url.pathname === '/api/product-cards/listing'
          ? {
              body: {
                products: [],
                page: Number(url.searchParams.get('pageNumber') ?? 1),
                pages,
              },
            }
          : undefined,
      );
      renderApp(path);
      const notice = await screen.findByText(/^There is no page/);
      expect(notice).toHaveTextContent(`${text} Go to the first page.`);
      expect(within(notice).getByRole('link', { name: 'Go to the first page' })).toHaveAttribute(
        'href',
        first,
      );
      expect(screen.queryByText(/restocked|Nothing matches|in the shop right now/)).toBeNull();
    },
  );

  it.each([
    { path: '/', empty: 'The shop is being restocked. Please come back soon.' },
    { path: '/search/tote', empty: 'Nothing matches “tote”.' },
  ])('keeps the empty text on page 1 of an empty listing ($path)', async ({ path, empty }) => {
    mockApi([], (url) =>
      url.pathname === '/api/product-cards/listing'
        ? { body: { products: [], page: 1, pages: 0 } }
        : undefined,
    );
    renderApp(path);
    expect(await screen.findByText(empty, { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(/There is no page/)).toBeNull();
  });
});

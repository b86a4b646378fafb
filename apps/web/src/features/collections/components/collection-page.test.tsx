import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const products = [
  productFixture({ _id: 't2', name: 'Bloom Tee', price: 31 }),
  productFixture({ _id: 't1', name: 'Love Yourself First Tee', price: 29.9 }),
];
const collection = {
  handle: 'summer-drop',
  name: 'Summer Drop',
  description: 'Light layers.\n\nFor long evenings.',
  seoTitle: 'Summer Drop: light layers',
  seoDescription: '',
};

describe('a collection’s page', () => {
  it('shows its name, paragraphs and products in its order, paged by address', async () => {
    const fetchMock = mockApi([], (url) =>
      url.pathname === '/api/collections/summer-drop'
        ? { body: { collection, products, page: 2, pages: 3 } }
        : undefined,
    );
    renderApp('/collections/summer-drop/page/2');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Summer Drop' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Light layers.').tagName).toBe('P');
    expect(screen.getByText('For long evenings.').tagName).toBe('P');
    expect(
      screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent),
    ).toEqual(['Bloom Tee', 'Love Yourself First Tee']);
    const pager = screen.getByRole('navigation', { name: 'Product pages' });
    expect(within(pager).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'href',
      '/collections/summer-drop',
    );
    expect(within(pager).getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/collections/summer-drop/page/3',
    );
    expect(document.title).toBe('Summer Drop: light layers, page 2 | Sadu Sands');
    const asked = fetchMock.mock.calls.map(([input]) => new URL((input as Request).url));
    expect(
      asked
        .find((url) => url.pathname === '/api/collections/summer-drop')
        ?.searchParams.get('pageNumber'),
    ).toBe('2');
  });

  it('says when a page is past the end, with a link to the first', async () => {
    mockApi([], (url) =>
      url.pathname === '/api/collections/summer-drop'
        ? { body: { collection, products: [], page: 9, pages: 1 } }
        : undefined,
    );
    renderApp('/collections/summer-drop/page/9');
    expect(await screen.findByText(/There is no page 9 of Summer Drop/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute(
      'href',
      '/collections/summer-drop',
    );
  });

  it('shows the not-found page for an unknown or draft collection', async () => {
    mockApi([], (url) =>
      url.pathname === '/api/collections/winter'
        ? { status: 404, body: { message: 'Collection not found' } }
        : undefined,
    );
    renderApp('/collections/winter');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Collection not found' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Collection not found | Sadu Sands');
  });
});

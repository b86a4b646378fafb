import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Pager } from './pager';

const renderPager = (page: number, pages: number) =>
  render(
    <MemoryRouter>
      <Pager
        page={page}
        pages={pages}
        hrefFor={(n) => (n === 1 ? '/' : `/page/${n}`)}
        label="Product pages"
      />
    </MemoryRouter>,
  );

describe('the pager', () => {
  it('is a labelled navigation with links to the first, the last and the pages around the current one', () => {
    const { container } = renderPager(4_000, 8_334);
    const nav = screen.getByRole('navigation', { name: 'Product pages' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Page 1',
      'Page 3999',
      'Page 4000',
      'Page 4001',
      'Page 8334',
    ]);
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Page 8334' })).toHaveAttribute(
      'href',
      '/page/8334',
    );
    // The current page alone is marked.
    expect(within(nav).getByRole('link', { name: 'Page 4000' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
    // Two ellipses, shown but neither a link nor read out; the list's items are the links.
    const ellipses = [...container.querySelectorAll('li[aria-hidden="true"]')];
    expect(ellipses.map((item) => item.textContent)).toEqual(['…', '…']);
    expect(ellipses.every((item) => item.querySelector('a') === null)).toBe(true);
    expect(within(nav).getAllByRole('listitem')).toHaveLength(5);
  });

  it('is as large at 8,334 pages as at 8, and every page of a short list is a link', () => {
    const sizeAt = (page: number, pages: number) => {
      const { container, unmount } = renderPager(page, pages);
      const size = container.innerHTML.replace(/\d+/g, '').length;
      unmount();
      return size;
    };
    expect(sizeAt(1, 8_334)).toBe(sizeAt(1, 8));
    expect(sizeAt(5_000, 8_334)).toBe(sizeAt(5, 10));
    renderPager(2, 3);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['1', '2', '3']);
  });

  it('shows nothing for a single page', () => {
    const { container } = renderPager(1, 1);
    expect(container).toBeEmptyDOMElement();
  });
});

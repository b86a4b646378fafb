import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { CATEGORY_PAGES } from '../../catalog/category-pages';
import { Footer } from './footer';

// A browser far east of the server (which renders in UTC): already in the next year at noon UTC.
vi.hoisted(() => {
  vi.stubEnv('TZ', 'Pacific/Kiritimati');
});
afterAll(() => {
  vi.unstubAllEnvs();
});
afterEach(() => {
  vi.useRealTimers();
});

function renderFooter() {
  render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
  return screen.getByRole('contentinfo');
}

describe('the footer', () => {
  it('links every category page, a way into the catalog without script', () => {
    const footer = renderFooter();
    const shop = within(footer).getByRole('navigation', { name: 'Shop' });
    expect(
      within(shop)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual(Object.entries(CATEGORY_PAGES).map(([slug, page]) => [page.title, `/${slug}`]));
  });

  it('gives the UTC year, as the server renders it, in any time zone', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-12-31T12:00:00Z') });
    expect(new Date().getFullYear()).toBe(2026);
    expect(renderFooter()).toHaveTextContent('© 2025 Sadu Sands. All rights reserved.');
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SearchReport } from '@shop/shared/search-report';
import { renderApp } from '../../../test/render-app';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';

const REPORT: SearchReport = {
  from: '2026-10-28',
  to: '2026-11-26',
  totals: { searches: 57, noResults: 9, ledToView: 21 },
  topQueries: [
    { query: 'tote', searches: 40, results: 18, productViews: 17 },
    { query: 'linen hoodie', searches: 8, results: 0, productViews: 0 },
  ],
  noResults: [{ query: 'linen hoodie', searches: 8 }],
};
const EMPTY: SearchReport = {
  from: '2026-10-28',
  to: '2026-11-26',
  totals: { searches: 0, noResults: 0, ledToView: 0 },
  topQueries: [],
  noResults: [],
};

/** A table's rows as the cells' text, its header row first. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the Searches report', () => {
  clearSessionStorageAfterEach();

  it('shows the top searches, those with no results and the totals', async () => {
    signInAs('staff');
    fakeAdminServer({ 'GET /api/admin/search/report': () => ({ body: REPORT }) });
    renderApp('/admin/search/report');
    const top = await screen.findByRole('table', { name: 'Top searches' });
    expect(rowsOf(top)).toEqual([
      ['Search', 'Searches', 'Results', 'Led to a product'],
      ['tote', '40', '18', '17'],
      ['linen hoodie', '8', '0', '0'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Searches with no results' }))).toEqual([
      ['Search', 'Searches'],
      ['linen hoodie', '8'],
    ]);
    const totals = screen.getByRole('list', { name: 'Totals' });
    expect(
      within(totals).getByRole('heading', { name: 'No results' }).nextSibling,
    ).toHaveTextContent('9');
    expect(within(totals).getByText('37% of searches')).toBeInTheDocument();
    expect(screen.getByText(/nothing of who searched/)).toHaveTextContent(
      '(Oct 28, 2026 to Nov 26, 2026)',
    );
    expect(screen.getByRole('link', { name: 'Searches' })).toHaveAttribute(
      'href',
      '/admin/search/report',
    );
  });

  it('says so when nobody searched', async () => {
    signInAs('owner');
    fakeAdminServer({ 'GET /api/admin/search/report': () => ({ body: EMPTY }) });
    renderApp('/admin/search/report');
    expect(await screen.findByText('No searches in the last 30 days')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers to try again when the report cannot be read', async () => {
    signInAs('staff');
    fakeAdminServer({
      'GET /api/admin/search/report': () => ({ status: 500, body: { message: 'Database down' } }),
    });
    renderApp('/admin/search/report');
    expect(await screen.findByText('Database down')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { last30DaysRange } from '@shop/shared/admin-orders';
import { renderApp } from '../../../test/render-app';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';

const EMPTY_SALES = {
  salesToday: 0,
  ordersToday: 0,
  sales30Days: 0,
  orders30Days: 0,
  awaitingShipment: 0,
};

describe('the back office summary', () => {
  clearSessionStorageAfterEach();

  it('shows the sales of today and 30 days and what awaits shipment, with links', async () => {
    signInAs('owner');
    fakeAdminServer({
      'GET /api/admin/summary': () => ({
        body: {
          salesToday: 120,
          ordersToday: 1,
          sales30Days: 2400.5,
          orders30Days: 31,
          awaitingShipment: 4,
          lowStock: [],
        },
      }),
    });
    renderApp('/admin');
    expect(await screen.findByText('$120.00')).toBeInTheDocument();
    expect(screen.getByText('1 order')).toBeInTheDocument();
    expect(screen.getByText('$2,400.50')).toBeInTheDocument();
    expect(screen.getByText('31 orders')).toBeInTheDocument();
    const { from, to } = last30DaysRange(new Date());
    expect(screen.getByRole('link', { name: 'Orders of these days' })).toHaveAttribute(
      'href',
      `/admin/orders?from=${from}&to=${to}`,
    );
    expect(screen.getByRole('link', { name: 'Paid orders to ship' })).toHaveAttribute(
      'href',
      '/admin/orders?status=paid',
    );
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toHaveAttribute(
      'href',
      '/admin/audit',
    );
  });

  it('lists the variants low on stock with links to their products', async () => {
    signInAs('staff');
    fakeAdminServer({
      'GET /api/admin/summary': () => ({
        body: {
          ...EMPTY_SALES,
          lowStock: [
            {
              product: 'p-tee',
              name: 'Dune Tee',
              size: 'L',
              option: 'NA',
              variantTitle: 'L',
              available: 1,
              lowStockThreshold: 3,
            },
            {
              product: 'p-tote',
              name: 'Sadu Tote',
              size: 'NA',
              option: 'B',
              variantTitle: 'B',
              available: 0,
              lowStockThreshold: 2,
            },
          ],
        },
      }),
    });
    renderApp('/admin');
    const table = await screen.findByRole('table', { name: 'Low stock' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Dune TeeL13', 'Sadu ToteOption B02']);
    expect(within(rows[0]!).getByRole('link', { name: 'Dune Tee' })).toHaveAttribute(
      'href',
      '/admin/products/p-tee',
    );
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Products' })).toHaveAttribute(
      'href',
      '/admin/products',
    );
    expect(within(nav).getByRole('link', { name: 'Stock movements' })).toHaveAttribute(
      'href',
      '/admin/stock/movements',
    );
  });

  it('says when nothing is low on stock', async () => {
    signInAs('owner');
    fakeAdminServer({
      'GET /api/admin/summary': () => ({ body: { ...EMPTY_SALES, lowStock: [] } }),
    });
    renderApp('/admin');
    expect(await screen.findByText('Nothing is running low')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Low stock' })).not.toBeInTheDocument();
  });

  it('shows a failure with a way to try again', async () => {
    signInAs('staff');
    fakeAdminServer({
      'GET /api/admin/summary': () => ({ status: 500, body: { message: 'Something went wrong' } }),
    });
    renderApp('/admin');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';

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
        },
      }),
    });
    renderApp('/admin');
    expect(await screen.findByText('$120.00')).toBeInTheDocument();
    expect(screen.getByText('1 order')).toBeInTheDocument();
    expect(screen.getByText('$2,400.50')).toBeInTheDocument();
    expect(screen.getByText('31 orders')).toBeInTheDocument();
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

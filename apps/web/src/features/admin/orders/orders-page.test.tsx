import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrderListResponse } from '@shop/shared/admin-orders';
import { renderApp } from '../../../test/render-app';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';

const list = (overrides: Partial<AdminOrderListResponse> = {}): AdminOrderListResponse => ({
  orders: [
    {
      _id: 'a1b2c3d4-0000-4000-8000-000000000001',
      number: 'A1B2C3D4',
      createdAt: '2026-11-20T10:00:00.000Z',
      customerName: 'Layla Haddad',
      recipientName: 'Layla Haddad',
      email: 'layla@example.com',
      status: 'paid',
      totalPrice: 96.3,
      itemsCount: 3,
    },
  ],
  page: 1,
  pages: 3,
  total: 60,
  totalCapped: false,
  next: null,
  prev: null,
  ...overrides,
});

describe('the orders list', () => {
  clearSessionStorageAfterEach();

  it('shows the orders in a table with their number, customer, status, total and items', async () => {
    signInAs('staff');
    fakeAdminServer({ 'GET /api/admin/orders': () => ({ body: list() }) });
    renderApp('/admin/orders');
    const table = await screen.findByRole('table', { name: 'Orders, newest first' });
    const row = within(table).getByRole('row', { name: /A1B2C3D4/ });
    expect(within(row).getByRole('link', { name: '#A1B2C3D4' })).toHaveAttribute(
      'href',
      '/admin/orders/a1b2c3d4-0000-4000-8000-000000000001',
    );
    expect(row).toHaveTextContent('Layla Haddad');
    expect(row).toHaveTextContent('layla@example.com');
    expect(row).toHaveTextContent('Paid');
    expect(row).toHaveTextContent('$96.30');
    expect(screen.getByText(/Page 1 of 3/)).toBeInTheDocument();
  });

  it('puts the status, the search and the page in the address and in the request', async () => {
    signInAs('staff');
    const server = fakeAdminServer({ 'GET /api/admin/orders': () => ({ body: list() }) });
    const { user, router } = renderApp('/admin/orders');
    await screen.findByRole('table');
    const last = () => server.to('GET', '/api/admin/orders').at(-1)!.query;
    expect(last().toString()).toBe('page=1');

    await user.selectOptions(screen.getByLabelText('Status'), 'Shipped');
    await waitFor(() => expect(last().get('status')).toBe('shipped'));
    expect(router.state.location.search).toBe('?status=shipped');

    const search = screen.getByRole('search', { name: 'Search by order number, e-mail or name' });
    await user.type(within(search).getByRole('searchbox'), ' layla ');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(last().get('q')).toBe('layla'));
    expect(last().get('status')).toBe('shipped');

    await user.click(screen.getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(last().get('page')).toBe('2'));
    expect(router.state.location.search).toBe('?status=shipped&q=layla&page=2');

    // Back goes to the previous filters, and asks for them again (or from the cache).
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?status=shipped&q=layla'));
    expect(screen.getByLabelText('Status')).toHaveValue('shipped');
    expect(within(search).getByRole('searchbox')).toHaveValue('layla');
  });

  it('filters by the days the orders were placed on', async () => {
    signInAs('staff');
    const server = fakeAdminServer({ 'GET /api/admin/orders': () => ({ body: list() }) });
    const { router } = renderApp('/admin/orders?from=2026-10-27&to=2026-11-26');
    await screen.findByRole('table');
    const last = server.to('GET', '/api/admin/orders').at(-1)!.query;
    expect(last.get('from')).toBe('2026-10-27');
    expect(last.get('to')).toBe('2026-11-26');
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-27');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-26');
    await router.navigate('/admin/orders?to=2026-11-26');
    await waitFor(() =>
      expect(server.to('GET', '/api/admin/orders').at(-1)!.query.get('from')).toBeNull(),
    );
  });

  it('says when no order matches the filters', async () => {
    signInAs('staff');
    fakeAdminServer({
      'GET /api/admin/orders': () => ({ body: list({ orders: [], pages: 0, total: 0 }) }),
    });
    renderApp('/admin/orders?q=nobody');
    expect(await screen.findByText('No order matches these filters.')).toBeInTheDocument();
  });

  it('shows the server’s message when the list fails', async () => {
    signInAs('staff');
    fakeAdminServer({
      'GET /api/admin/orders': () => ({ status: 400, body: { message: 'Search is too long' } }),
    });
    renderApp('/admin/orders');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search is too long');
  });
});

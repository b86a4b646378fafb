import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrderListResponse } from '@shop/shared/admin-orders';
import { renderApp } from '../../../test/render-app';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';

const CURSOR = '1763632800000000_a1b2c3d4-0000-4000-8000-000000000001';
const EARLIER = '1763629200000000_b1b2c3d4-0000-4000-8000-000000000002';

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
  next: CURSOR,
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
    expect(last().get('after')).toBe(CURSOR);
    expect(router.state.location.search).toBe(
      `?status=shipped&q=layla&page=2&after=${encodeURIComponent(CURSOR)}`,
    );

    // Back goes to the previous filters, and asks for them again (or from the cache).
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?status=shipped&q=layla'));
    expect(screen.getByLabelText('Status')).toHaveValue('shipped');
    expect(within(search).getByRole('searchbox')).toHaveValue('layla');
  });

  it('pages by the cursors the list gives: previous before its first order, next after its last', async () => {
    signInAs('staff');
    const server = fakeAdminServer({
      'GET /api/admin/orders': () => ({
        body: list({ page: 3, pages: 400, total: 10_000, totalCapped: true, prev: EARLIER }),
      }),
    });
    const { user, router } = renderApp(`/admin/orders?status=paid&page=3&after=${EARLIER}`);
    await screen.findByRole('table');
    expect(server.to('GET', '/api/admin/orders').at(-1)!.query.get('after')).toBe(EARLIER);
    const pager = screen.getByRole('navigation', { name: 'Pages of orders' });
    // Above the count's cap the list says so, and no last page is offered.
    expect(pager).toHaveTextContent('Page 3 · 10,000+ in all');
    expect(within(pager).getByRole('link', { name: 'First page' })).toHaveAttribute(
      'href',
      '/admin/orders?status=paid',
    );
    await user.click(within(pager).getByRole('link', { name: 'Previous page' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        `?status=paid&page=2&before=${encodeURIComponent(EARLIER)}`,
      ),
    );
    const asked = () => server.to('GET', '/api/admin/orders').at(-1)!.query;
    await waitFor(() => expect(asked().get('before')).toBe(EARLIER));
    expect(asked().get('after')).toBeNull();

    // A new filter starts again at the first page, without the cursor.
    await user.selectOptions(screen.getByLabelText('Status'), 'Shipped');
    await waitFor(() => expect(router.state.location.search).toBe('?status=shipped'));
  });

  it('asks for a page past 1000 at a cursor (its number is only shown), never by number alone', async () => {
    signInAs('staff');
    const server = fakeAdminServer({ 'GET /api/admin/orders': () => ({ body: list() }) });
    const { router } = renderApp(`/admin/orders?page=20002&after=${EARLIER}`);
    await screen.findByRole('table');
    const asked = () => server.to('GET', '/api/admin/orders').at(-1)!.query;
    expect(asked().get('page')).toBe('20002');
    await router.navigate('/admin/orders?page=20002');
    await waitFor(() => expect(asked().get('page')).toBe('1'));
  });

  it('shows an exact count below the cap, and no next page on the last', async () => {
    signInAs('staff');
    fakeAdminServer({
      'GET /api/admin/orders': () => ({ body: list({ pages: 1, total: 1, next: null }) }),
    });
    renderApp('/admin/orders');
    const pager = await screen.findByRole('navigation', { name: 'Pages of orders' });
    expect(pager).toHaveTextContent('Page 1 of 1 · 1 in all');
    expect(within(pager).queryByRole('link')).toBeNull();
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

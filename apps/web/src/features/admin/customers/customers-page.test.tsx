import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';

const GUEST_ID = 'guest-a1b2c3d4-0000-4000-8000-000000000001';

describe('the customers list', () => {
  clearSessionStorageAfterEach();

  it('lists customers and searches through the address', async () => {
    signInAs('staff');
    const server = fakeAdminServer({
      'GET /api/admin/customers': ({ query }) => ({
        body: {
          customers: query.get('q')
            ? []
            : [
                {
                  _id: 'c1',
                  guest: false,
                  name: 'Layla Haddad',
                  email: 'layla@example.com',
                  verified: true,
                  ordersCount: 3,
                  totalSpent: 150.25,
                  createdAt: '2026-03-01T00:00:00.000Z',
                },
                {
                  _id: GUEST_ID,
                  guest: true,
                  name: 'Omar Saleh',
                  email: 'omar@example.com',
                  verified: false,
                  ordersCount: 1,
                  totalSpent: 31.22,
                  createdAt: '2026-02-01T00:00:00.000Z',
                },
              ],
          page: 1,
          pages: 1,
          total: query.get('q') ? 0 : 1,
          totalCapped: false,
          next: null,
          prev: null,
        },
      }),
    });
    const { user, router } = renderApp('/admin/customers');
    const row = await screen.findByRole('row', { name: /Layla Haddad/ });
    expect(row).toHaveTextContent('$150.25');
    expect(row).toHaveTextContent('Registered');
    const guest = screen.getByRole('row', { name: /Omar Saleh/ });
    expect(guest).toHaveTextContent('Guest');
    expect(within(guest).getByRole('link', { name: 'Omar Saleh' })).toHaveAttribute(
      'href',
      `/admin/customers/${GUEST_ID}`,
    );
    const search = screen.getByRole('search', { name: 'Search by name or e-mail' });
    await user.type(within(search).getByRole('searchbox'), 'zed');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No customer matches this search.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=zed');
    await waitFor(() =>
      expect(server.to('GET', '/api/admin/customers').at(-1)!.query.toString()).toBe(
        'q=zed&page=1',
      ),
    );
  });
});

describe('paging through customers', () => {
  clearSessionStorageAfterEach();

  it('shows 10,000+ above the cap and asks for the page after the last customer shown', async () => {
    const after = '1772323200000000_c1b2c3d4-0000-4000-8000-000000000003';
    signInAs('staff');
    const server = fakeAdminServer({
      'GET /api/admin/customers': () => ({
        body: {
          customers: [
            {
              _id: 'c1',
              guest: false,
              name: 'Layla Haddad',
              email: 'layla@example.com',
              verified: true,
              ordersCount: 3,
              totalSpent: 150.25,
              createdAt: '2026-03-01T00:00:00.000Z',
            },
          ],
          page: 1,
          pages: 400,
          total: 10_000,
          totalCapped: true,
          next: after,
          prev: null,
        },
      }),
    });
    const { user, router } = renderApp('/admin/customers?q=layla');
    const pager = await screen.findByRole('navigation', { name: 'Pages of customers' });
    expect(pager).toHaveTextContent('Page 1 · 10,000+ in all');
    expect(within(pager).queryByRole('link', { name: 'Previous page' })).toBeNull();
    await user.click(within(pager).getByRole('link', { name: 'Next page' }));
    await waitFor(() =>
      expect(server.to('GET', '/api/admin/customers').at(-1)!.query.get('after')).toBe(after),
    );
    expect(router.state.location.search).toBe(`?q=layla&page=2&after=${encodeURIComponent(after)}`);
  });
});

describe('a customer’s page', () => {
  clearSessionStorageAfterEach();

  it('shows a guest’s details, orders, addresses and notes, and adds a note', async () => {
    signInAs('staff');
    const notes = [
      { _id: 'n1', text: 'Prefers a call', at: '2026-03-02T10:00:00.000Z', by: 'Sami' },
    ];
    const server = fakeAdminServer({
      [`GET /api/admin/customers/${GUEST_ID}`]: () => ({
        body: {
          _id: GUEST_ID,
          guest: true,
          name: 'Omar Saleh',
          email: 'omar@example.com',
          phone: '+13125550123',
          verified: false,
          registeredAt: null,
          ordersCount: 1,
          totalSpent: 31.22,
          firstOrderAt: '2026-02-01T00:00:00.000Z',
          lastOrderAt: '2026-02-01T00:00:00.000Z',
          addresses: [
            {
              address: '1 Dune Road',
              city: 'Chicago',
              state: 'IL',
              postalCode: '60601',
              country: 'US',
            },
          ],
          orders: {
            orders: [
              {
                _id: 'a1b2c3d4-0000-4000-8000-000000000001',
                number: 'A1B2C3D4',
                createdAt: '2026-02-01T00:00:00.000Z',
                status: 'paid',
                totalPrice: 31.22,
              },
            ],
            page: 1,
            pages: 1,
            total: 1,
          },
          notes,
        },
      }),
      [`POST /api/admin/customers/${GUEST_ID}/notes`]: ({ body }) => {
        const note = {
          _id: 'n2',
          text: (body as { text: string }).text,
          at: '2026-03-03T10:00:00.000Z',
          by: 'Sami',
        };
        notes.unshift(note);
        return { status: 201, body: note };
      },
    });
    const { user } = renderApp(`/admin/customers/${GUEST_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Omar Saleh' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Guest customer')).toBeInTheDocument();
    expect(screen.getByText('+13125550123')).toBeInTheDocument();
    expect(screen.getByText('Guest (no account)')).toBeInTheDocument();
    expect(screen.getByText(/\$31\.22 in 1 paid order$/)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /A1B2C3D4/ })).toHaveTextContent('Paid');
    expect(screen.getByText(/1 Dune Road/)).toBeInTheDocument();
    expect(screen.getByText('Prefers a call')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please write the note');
    await user.type(screen.getByLabelText('New note'), 'Gift wrap next time');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Gift wrap next time')).toBeInTheDocument();
    expect(server.to('POST', `/api/admin/customers/${GUEST_ID}/notes`)[0]!.body).toEqual({
      text: 'Gift wrap next time',
    });
    expect(screen.getByLabelText('New note')).toHaveValue('');
  });
});

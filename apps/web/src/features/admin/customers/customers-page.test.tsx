import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';

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
                  name: 'Layla Haddad',
                  email: 'layla@example.com',
                  verified: true,
                  ordersCount: 3,
                  totalSpent: 150.25,
                  createdAt: '2026-03-01T00:00:00.000Z',
                },
              ],
          page: 1,
          pages: 1,
          total: query.get('q') ? 0 : 1,
        },
      }),
    });
    const { user, router } = renderApp('/admin/customers');
    const row = await screen.findByRole('row', { name: /Layla Haddad/ });
    expect(row).toHaveTextContent('$150.25');
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

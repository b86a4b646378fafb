import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';

describe('the audit log', () => {
  clearSessionStorageAfterEach();

  it('shows the owner the entries of the page in the address', async () => {
    signInAs('owner');
    const server = fakeAdminServer({
      'GET /api/admin/audit': ({ query }) => ({
        body: {
          entries: [
            {
              _id: 'e1',
              at: '2026-11-21T09:00:00.000Z',
              actor: { _id: 'user-owner', email: 'owner@sadusands.example', name: 'Noura' },
              action: 'order.refunded',
              orderId: 'o1',
              userId: null,
              summary: 'Refunded $10.00 on order A1B2C3D4',
              clientAddress: '203.0.113.9',
            },
          ],
          page: Number(query.get('page')),
          pages: 2,
          total: 51,
        },
      }),
    });
    renderApp('/admin/audit?page=2');
    const row = await screen.findByRole('row', { name: /Noura/ });
    expect(row).toHaveTextContent('Refunded $10.00 on order A1B2C3D4');
    expect(row).toHaveTextContent('203.0.113.9');
    expect(server.to('GET', '/api/admin/audit')[0]!.query.get('page')).toBe('2');
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/admin/audit',
    );
  });

  it('tells staff the log is the owner’s, without asking for it', async () => {
    signInAs('staff');
    const server = fakeAdminServer({});
    renderApp('/admin/audit');
    expect(await screen.findByText('Only the shop’s owner can read the audit log.')).toBeVisible();
    expect(server.to('GET', '/api/admin/audit')).toHaveLength(0);
  });
});

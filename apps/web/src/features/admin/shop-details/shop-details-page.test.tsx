import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';

const DETAILS = { name: 'Sadu Sands', address: 'Chicago, IL, USA' };

describe('the shop details', () => {
  clearSessionStorageAfterEach();

  it('lets the owner write the name and address printed on slips and invoices', async () => {
    signInAs('owner');
    const server = fakeAdminServer({
      'GET /api/admin/shop-details': () => ({ body: DETAILS }),
      'PUT /api/admin/shop-details': (request) => ({ body: request.body }),
    });
    const { user } = renderApp('/admin/shop-details');
    const address = await screen.findByLabelText('Address');
    expect(screen.getByLabelText('Shop name')).toHaveValue('Sadu Sands');
    await user.clear(address);
    await user.type(address, '12 Loom Street{Enter}Chicago, IL 60607');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.to('PUT', '/api/admin/shop-details').at(-1)?.body).toEqual({
        name: 'Sadu Sands',
        address: '12 Loom Street\nChicago, IL 60607',
      }),
    );
    expect(await screen.findByText('Shop details saved')).toBeInTheDocument();
  });

  it('shows staff the details read only', async () => {
    signInAs('staff');
    fakeAdminServer({ 'GET /api/admin/shop-details': () => ({ body: DETAILS }) });
    renderApp('/admin/shop-details');
    expect(await screen.findByLabelText('Address')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('Only the owner changes the shop’s details.')).toBeInTheDocument();
  });
});

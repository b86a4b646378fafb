import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BACK_OFFICE_MESSAGES } from '@shop/shared/back-office';
import type { StaffMember } from '@shop/shared/back-office';
import { renderApp } from '../../../test/render-app';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';

const staff: StaffMember[] = [
  {
    _id: 'user-owner',
    name: 'Noura',
    email: 'owner@sadusands.example',
    role: 'owner',
    enrolled: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  {
    _id: 'user-sami',
    name: 'Sami',
    email: 'sami@sadusands.example',
    role: 'staff',
    enrolled: false,
    createdAt: '2026-02-01T00:00:00.000Z',
  },
];

describe('the staff page', () => {
  clearSessionStorageAfterEach();

  it('lets the owner invite, and shows the 409 message when the address has an account', async () => {
    signInAs('owner');
    const server = fakeAdminServer({
      'GET /api/admin/staff': () => ({ body: { staff } }),
      'POST /api/admin/staff': () => ({
        status: 409,
        body: { message: BACK_OFFICE_MESSAGES.staffEmailTaken },
      }),
    });
    const { user } = renderApp('/admin/staff');
    const form = await screen.findByRole('form', { name: 'Invite a staff member' });
    await user.type(within(form).getByLabelText('Name'), 'Huda');
    await user.type(within(form).getByLabelText('E-mail'), 'layla@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      BACK_OFFICE_MESSAGES.staffEmailTaken,
    );
    expect(server.to('POST', '/api/admin/staff')[0]!.body).toEqual({
      name: 'Huda',
      email: 'layla@example.com',
    });
  });

  it('removes a member after a confirming dialog, and gives the focus back', async () => {
    signInAs('owner');
    const server = fakeAdminServer({
      'GET /api/admin/staff': () => ({ body: { staff } }),
      'DELETE /api/admin/staff/user-sami': () => ({ body: { message: 'Removed' } }),
    });
    const { user } = renderApp('/admin/staff');
    const remove = await screen.findByRole('button', { name: 'Remove Sami' });
    expect(screen.queryByRole('button', { name: 'Remove Noura' })).not.toBeInTheDocument();
    await user.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Remove Sami' });
    expect(dialog).toHaveTextContent('loses access to the back office');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove).toHaveFocus();
    expect(server.to('DELETE', '/api/admin/staff/user-sami')).toHaveLength(0);

    await user.click(remove);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(server.to('DELETE', '/api/admin/staff/user-sami')).toHaveLength(1));
  });

  it('resets a member’s second factor after a confirming dialog', async () => {
    signInAs('owner');
    const server = fakeAdminServer({
      'GET /api/admin/staff': () => ({ body: { staff } }),
      'POST /api/admin/staff/user-sami/reset-mfa': () => ({ body: { message: 'Reset' } }),
    });
    const { user } = renderApp('/admin/staff');
    await user.click(
      await screen.findByRole('button', { name: 'Reset the second factor of Sami' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(server.to('POST', '/api/admin/staff/user-sami/reset-mfa')).toHaveLength(1),
    );
  });

  it('shows staff the list read-only', async () => {
    signInAs('staff');
    fakeAdminServer({ 'GET /api/admin/staff': () => ({ body: { staff } }) });
    renderApp('/admin/staff');
    const table = await screen.findByRole('table', { name: 'Staff' });
    expect(within(table).getByRole('row', { name: /Sami/ })).toHaveTextContent('Not set up');
    expect(screen.queryByRole('form', { name: 'Invite a staff member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
  });

  it('lets a staff member turn on the mail for every paid order', async () => {
    signInAs('staff');
    let setting = { newOrderMail: false };
    const server = fakeAdminServer({
      'GET /api/admin/staff': () => ({ body: { staff } }),
      'GET /api/admin/me/new-order-mail': () => ({ body: setting }),
      'PUT /api/admin/me/new-order-mail': (request) => {
        setting = request.body as typeof setting;
        return { body: setting };
      },
    });
    const { user } = renderApp('/admin/staff');
    const toggle = await screen.findByRole('switch', { name: 'Mail me every paid order' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(server.to('PUT', '/api/admin/me/new-order-mail')[0]?.body).toEqual({
      newOrderMail: true,
    });
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BACK_OFFICE_MESSAGES } from '@shop/shared/back-office';
import { PASSWORDS_DO_NOT_MATCH } from '@shop/shared/password';
import { renderApp } from '../../../test/render-app';
import { fakeAdminServer } from '../testing/admin-server';

async function fill(user: ReturnType<typeof renderApp>['user'], confirm = 'Sand-Dune1') {
  await user.type(await screen.findByLabelText('Name'), 'Noura');
  await user.type(screen.getByLabelText('E-mail'), 'noura@sadusands.example');
  await user.type(screen.getByLabelText('Password'), 'Sand-Dune1');
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Create owner account' }));
}

describe('the owner setup page', () => {
  it('creates the owner with the link’s token and sends them to the login', async () => {
    const server = fakeAdminServer({
      'POST /api/admin/setup': () => ({ status: 201, body: { message: 'Owner created' } }),
    });
    const { user } = renderApp('/admin/setup?token=start-123');
    await fill(user);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your shop has an owner' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in at the login page' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fadmin',
    );
    expect(server.to('POST', '/api/admin/setup')[0]!.body).toEqual({
      token: 'start-123',
      name: 'Noura',
      email: 'noura@sadusands.example',
      password: 'Sand-Dune1',
    });
  });

  it('checks the passwords match before sending', async () => {
    const server = fakeAdminServer({});
    const { user } = renderApp('/admin/setup?token=start-123');
    await fill(user, 'Sand-Dune2');
    expect(await screen.findByText(PASSWORDS_DO_NOT_MATCH)).toBeInTheDocument();
    expect(server.to('POST', '/api/admin/setup')).toHaveLength(0);
  });

  it('shows why an old link fails', async () => {
    fakeAdminServer({
      'POST /api/admin/setup': () => ({
        status: 400,
        body: { message: BACK_OFFICE_MESSAGES.setupLinkInvalid },
      }),
    });
    const { user } = renderApp('/admin/setup?token=old');
    await fill(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      BACK_OFFICE_MESSAGES.setupLinkInvalid,
    );
  });
});

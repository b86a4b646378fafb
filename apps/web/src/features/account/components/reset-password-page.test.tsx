import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import { PASSWORD_EMPTY, PASSWORD_TOO_WEAK, PASSWORDS_DO_NOT_MATCH } from '@shop/shared/password';
import { renderApp } from '../../../test/render-app';
import { mockAccountApi } from '../testing/account-server';
import { clearToastsAfterEach, toastTexts } from '../testing/toasts';

async function submit(
  user: ReturnType<typeof renderApp>['user'],
  password: string,
  confirm: string,
) {
  if (password) await user.type(await screen.findByLabelText('New Password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(await screen.findByRole('button', { name: 'Reset Password' }));
}

describe('the reset password page', () => {
  clearToastsAfterEach();

  it.each([
    ['Sand-Dune1', 'Sand-Dune', PASSWORDS_DO_NOT_MATCH],
    ['', '', PASSWORD_EMPTY],
    ['sand-dune1', 'sand-dune1', PASSWORD_TOO_WEAK],
  ])('refuses %j / %j with a toast: %s', async (password, confirm, message) => {
    const { calls } = mockAccountApi(() => undefined);
    const { user } = renderApp('/reset-password/tok123');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset Password' }),
    ).toBeInTheDocument();
    await submit(user, password, confirm);
    await waitFor(() => expect(toastTexts()).toEqual([message]));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sets the password with the link’s token and offers to log in', async () => {
    const { calls } = mockAccountApi((call) =>
      call.path === '/api/users/reset-password/tok123'
        ? { body: { message: ACCOUNT_MESSAGES.passwordReset } }
        : undefined,
    );
    const { user } = renderApp('/reset-password/tok123');
    await submit(user, 'Sand-Dune1', 'Sand-Dune1');
    expect(await screen.findByText('Password reset successful!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ password: 'Sand-Dune1' });
  });

  it('welcomes an invited staff member coming from the invitation (?welcome=1)', async () => {
    mockAccountApi(() => undefined);
    renderApp('/reset-password/tok123?welcome=1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your password' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Welcome to the Sadu Sands team! Choose your password to finish setting up your staff account.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Choose a new password for your account.')).not.toBeInTheDocument();
    expect(screen.queryByText(/Reset Password/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password', { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save my password' })).toBeInTheDocument();
  });

  it('shows why an expired link fails and where to get a new one', async () => {
    mockAccountApi((call) =>
      call.path === '/api/users/reset-password/old'
        ? { status: 400, body: { message: ACCOUNT_MESSAGES.badResetLink } }
        : undefined,
    );
    const { user } = renderApp('/reset-password/old');
    await submit(user, 'Sand-Dune1', 'Sand-Dune1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ACCOUNT_MESSAGES.badResetLink);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
  });
});

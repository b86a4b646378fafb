import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import { PASSWORD_EMPTY, PASSWORD_TOO_WEAK, PASSWORDS_DO_NOT_MATCH } from '@shop/shared/password';
import { renderApp } from '../../../test/render-app';
import { mockAccountApi } from '../testing/account-server';
import { clearToastsAfterEach, toastTexts } from '../testing/toasts';

/** A real refusal: a taken address is answered as a free one, so it makes none. */
const TOO_MANY = 'Too many requests. Please try again in 60 minutes.';

async function fillIn(
  user: ReturnType<typeof renderApp>['user'],
  { password, confirm }: { password: string; confirm: string },
) {
  await user.type(await screen.findByLabelText('Username'), 'Maya');
  await user.type(screen.getByLabelText('E-mail address'), 'maya@example.com');
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('the registration page', () => {
  clearToastsAfterEach();

  it('has labelled fields with autocomplete and a link to the terms', async () => {
    mockAccountApi(() => undefined);
    renderApp('/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText('E-mail address')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      '/terms',
    );
  });

  it.each([
    ['Sand-Dune1', 'Sand-Dune2', PASSWORDS_DO_NOT_MATCH, 'Confirm password'],
    ['', '', PASSWORD_EMPTY, 'Password'],
    ['sanddune', 'sanddune', PASSWORD_TOO_WEAK, 'Password'],
    ['SandDune12', 'SandDune12', PASSWORD_TOO_WEAK, 'Password'],
  ])('refuses %j / %j before sending: %s', async (password, confirm, message, fieldLabel) => {
    const { calls } = mockAccountApi(() => undefined);
    const { user } = renderApp('/register');
    await fillIn(user, { password, confirm });
    await waitFor(() => expect(toastTexts()).toEqual([message]));
    const field = screen.getByLabelText(fieldLabel);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(screen.getByText(message, { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows every field problem at once', async () => {
    mockAccountApi(() => undefined);
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_EMPTY, { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveFocus();
  });

  it('sends name, e-mail and password and goes to /pending', async () => {
    const { calls } = mockAccountApi((call) =>
      call.path === '/api/users'
        ? { status: 201, body: { message: ACCOUNT_MESSAGES.registered } }
        : undefined,
    );
    const { user, router } = renderApp('/register');
    await fillIn(user, { password: 'Sand-Dune1', confirm: 'Sand-Dune1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pending'));
    expect(calls.find((call) => call.path === '/api/users')?.body).toEqual({
      name: 'Maya',
      email: 'maya@example.com',
      password: 'Sand-Dune1',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: ACCOUNT_MESSAGES.registered }),
    ).toBeInTheDocument();
  });

  it('shows the server’s message (a limit reached) in an alert and a toast', async () => {
    mockAccountApi((call) =>
      call.path === '/api/users' ? { status: 429, body: { message: TOO_MANY } } : undefined,
    );
    const { user } = renderApp('/register');
    await fillIn(user, { password: 'Sand-Dune1', confirm: 'Sand-Dune1' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(TOO_MANY);
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(toastTexts()).toEqual([TOO_MANY]);
  });

  it('says Registration failed when the server gives no message', async () => {
    mockAccountApi((call) => (call.path === '/api/users' ? { status: 502, body: '' } : undefined));
    const { user } = renderApp('/register');
    await fillIn(user, { password: 'Sand-Dune1', confirm: 'Sand-Dune1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
  });

  it('says An error occurred during registration when the network fails', async () => {
    const { fetchMock } = mockAccountApi(() => undefined);
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = renderApp('/register');
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    await fillIn(user, { password: 'Sand-Dune1', confirm: 'Sand-Dune1' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred during registration',
    );
    quiet.mockRestore();
  });
});

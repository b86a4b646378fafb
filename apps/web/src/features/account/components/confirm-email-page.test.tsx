import { StrictMode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import { CREDENTIAL_MESSAGES, emailChangedMessage } from '@shop/shared/credential-change';
import { routes } from '../../../app/router';
import { createStore } from '../../../app/store';
import { storedStateSchemas } from '../../../lib/contract-schemas';
import { mockAccountApi, signedInUser } from '../testing/account-server';

/** As main.tsx renders the shop: under StrictMode, which mounts every component twice. */
function renderStrict(path: string) {
  const store = createStore(storedStateSchemas);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
  return { store };
}

const NEW_EMAIL = 'layla.new@example.com';
const confirmed = (id = 'u1') => ({
  body: { message: emailChangedMessage(NEW_EMAIL), _id: id, email: NEW_EMAIL },
});

describe('the e-mail confirmation page', () => {
  it('confirms once on opening, even under StrictMode and signed out, and offers to sign in', async () => {
    const { calls } = mockAccountApi((call) =>
      call.path === '/api/users/confirm-email/t0ken' && call.method === 'POST'
        ? confirmed()
        : undefined,
    );
    renderStrict('/confirm-email/t0ken');
    // The first visit loads the page's code: on a busy machine that may take a moment.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'E-mail address changed' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(emailChangedMessage(NEW_EMAIL))).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(calls.filter((call) => call.path.startsWith('/api/users/confirm-email/'))).toHaveLength(
      1,
    );
    expect(document.title).toBe('Confirm E-mail | Sadu Sands');
  });

  it('forgets a session of that account in this browser: its tokens ended with the change', async () => {
    localStorage.setItem('userInfo', JSON.stringify(signedInUser));
    mockAccountApi((call) =>
      call.path.startsWith('/api/users/confirm-email/') ? confirmed('u1') : undefined,
    );
    const { store } = renderStrict('/confirm-email/t0ken');
    await screen.findByRole('heading', { level: 1, name: 'E-mail address changed' });
    await waitFor(() => expect(store.getState().account.userInfo).toBeNull());
    expect(localStorage.getItem('userInfo')).toBeNull();
  });

  it('leaves the session of another account alone', async () => {
    localStorage.setItem('userInfo', JSON.stringify(signedInUser));
    mockAccountApi((call) =>
      call.path.startsWith('/api/users/confirm-email/') ? confirmed('someone-else') : undefined,
    );
    const { store } = renderStrict('/confirm-email/t0ken');
    await screen.findByRole('heading', { level: 1, name: 'E-mail address changed' });
    expect(store.getState().account.userInfo).toEqual(signedInUser);
  });

  it.each([
    [400, CREDENTIAL_MESSAGES.badEmailChangeLink],
    [409, ACCOUNT_MESSAGES.userExists],
  ])('shows the server’s %i answer and the way forward', async (status, message) => {
    mockAccountApi((call) =>
      call.path.startsWith('/api/users/confirm-email/') ? { status, body: { message } } : undefined,
    );
    renderStrict('/confirm-email/used');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText(/Your e-mail address has not changed/)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?redirect=/profile',
    );
  });
});

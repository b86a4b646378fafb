import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import { createStore } from '../../../app/store';
import { storedStateSchemas } from '../../../lib/contract-schemas';
import { accountsApi } from '../api/accounts-api';
import { mockAccountApi, signedInUser } from '../testing/account-server';
import type { AccountCall } from '../testing/account-server';
import { useLogout } from './use-logout';

const LOGOUT = '/api/users/logout';

function LogoutButton() {
  const logout = useLogout();
  return (
    <button type="button" onClick={logout}>
      Logout
    </button>
  );
}

/** Signed in (as restored from storage) with the user's details cached, on a guarded page. */
async function signedInOnProfile() {
  localStorage.setItem('userInfo', JSON.stringify(signedInUser));
  const store = createStore(storedStateSchemas);
  await store.dispatch(accountsApi.endpoints.getUserDetails.initiate(signedInUser._id));
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home</h1> },
      { path: '/profile', element: <LogoutButton /> },
    ],
    { initialEntries: ['/profile'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, user: userEvent.setup() };
}

/** The user's details answer; the logout answers as the test says. */
const server = (logout: (call: AccountCall) => { status?: number; body: unknown }) =>
  mockAccountApi((call) => {
    if (call.path === LOGOUT) return logout(call);
    if (call.path === '/api/users/profile')
      return {
        body: {
          _id: signedInUser._id,
          name: signedInUser.name,
          email: signedInUser.email,
          isVerified: true,
          createdAt: signedInUser.createdAt,
        },
      };
    return undefined;
  });

/** Exactly as before the server had a logout: no user, nothing cached, on the home page. */
async function expectSignedOut({ store, router }: Awaited<ReturnType<typeof signedInOnProfile>>) {
  expect(store.getState().account.userInfo).toBeNull();
  expect(localStorage.getItem('userInfo')).toBeNull();
  expect(store.getState().api.queries).toEqual({});
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
}

const logoutCalls = (calls: AccountCall[]) => calls.filter((call) => call.path === LOGOUT);

describe('useLogout', () => {
  it('ends the token on the server, sent as the bearer, and forgets the user', async () => {
    const { calls } = server(() => ({ body: { message: 'Logged out' } }));
    const view = await signedInOnProfile();
    await view.user.click(screen.getByRole('button', { name: 'Logout' }));
    await expectSignedOut(view);
    await waitFor(() => expect(logoutCalls(calls)).toHaveLength(1));
    expect(logoutCalls(calls)[0]).toMatchObject({
      method: 'POST',
      authorization: `Bearer ${signedInUser.token}`,
    });
  });

  it('forgets the user all the same when the server refuses the token (401)', async () => {
    const { calls } = server(() => ({
      status: 401,
      body: { message: ACCOUNT_MESSAGES.tokenFailed },
    }));
    const view = await signedInOnProfile();
    await view.user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(logoutCalls(calls)).toHaveLength(1));
    expect(logoutCalls(calls)[0]?.authorization).toBe(`Bearer ${signedInUser.token}`);
    await expectSignedOut(view);
  });

  it('forgets the user all the same when the server cannot be reached', async () => {
    const { calls } = server(() => {
      throw new TypeError('Failed to fetch');
    });
    const view = await signedInOnProfile();
    await view.user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(logoutCalls(calls)).toHaveLength(1));
    await expectSignedOut(view);
  });

  it('does not wait for the server to answer', async () => {
    const { fetchMock } = server(() => ({ body: { message: 'Logged out' } }));
    const logoutSent = vi.fn();
    vi.stubGlobal('fetch', (input: Request) => {
      if (new URL(input.url).pathname !== LOGOUT) return fetchMock(input);
      logoutSent(input.headers.get('Authorization'));
      return new Promise<Response>(() => {}); // never answers
    });
    const view = await signedInOnProfile();
    await view.user.click(screen.getByRole('button', { name: 'Logout' }));
    await expectSignedOut(view);
    expect(logoutSent).toHaveBeenCalledWith(`Bearer ${signedInUser.token}`);
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import { renderApp } from '../../../test/render-app';
import { LOGIN_COOLDOWN_KEY } from '../cooldown-storage';
import { mockAccountApi, signedInUser } from '../testing/account-server';
import { useCountdownClock } from '../testing/countdown-clock';
import type { AccountCall } from '../testing/account-server';

const START = new Date('2024-05-01T10:00:00.000Z').getTime();

/** The login answers: one right password, 401 for every other. */
const loginServer = (call: AccountCall) => {
  if (call.path !== '/api/users/login') return undefined;
  const { password } = call.body as { password: string };
  return password === 'Right-pass1'
    ? { body: signedInUser }
    : { status: 401, body: { message: ACCOUNT_MESSAGES.invalidCredentials } };
};

function setup(path = '/login') {
  const view = renderApp(path);
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { ...view, user };
}

async function failLogin(user: ReturnType<typeof userEvent.setup>, times: number) {
  for (let i = 0; i < times; i++) {
    const password = screen.getByLabelText('Password');
    await user.clear(password);
    await user.type(password, 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    if (i < times - 1) {
      await screen.findByText(ACCOUNT_MESSAGES.invalidCredentials);
      await waitFor(() => expect(screen.getByLabelText('Password')).toHaveValue(''));
    }
  }
}

const storedCooldown = () => JSON.parse(localStorage.getItem(LOGIN_COOLDOWN_KEY) ?? 'null');
const timer = () => screen.getByRole('timer');
/** Testing Library's waits move the fake clock a little, so the stored end is checked to the second. */
function expectLockedFor(seconds: number) {
  const left = (storedCooldown()?.lockedUntil ?? 0) - Date.now();
  expect(left).toBeGreaterThan((seconds - 1) * 1000);
  expect(left).toBeLessThanOrEqual(seconds * 1000);
}
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the login page', () => {
  beforeAll(async () => {
    // Load the lazy pages with real timers: under the fake clock Testing Library waits in fake time.
    await Promise.all([
      import('./login-page'),
      import('../../home/components/home-page'),
      import('../../cart/components/cart-page'),
      import('../../checkout/components/shipping-page'),
    ]);
  });
  beforeEach(() => {
    useCountdownClock(START);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has labelled fields, the right autocomplete and links to reset and register', async () => {
    mockAccountApi(loginServer);
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail address')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Register' }),
    ).toHaveAttribute('href', '/register');
    expect(document.title).toBe('Sign In | Sadu Sands');
  });

  it('checks the fields before calling the server and focuses the first error', async () => {
    const { calls } = mockAccountApi(loginServer);
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getByText('Password cannot be empty')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail address')).toHaveFocus();
    expect(calls.filter((call) => call.path === '/api/users/login')).toHaveLength(0);
  });

  it('shows the server’s message in a focused danger alert', async () => {
    mockAccountApi(loginServer);
    const { user } = setup();
    await user.type(await screen.findByLabelText('E-mail address'), 'layla@example.com');
    await failLogin(user, 1);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ACCOUNT_MESSAGES.invalidCredentials);
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
  });

  it('locks the form for 60 s after 5 failures, counting down, restored on reload, removed when over', async () => {
    const { calls } = mockAccountApi(loginServer);
    const { user, unmount } = setup();
    await user.type(await screen.findByLabelText('E-mail address'), 'layla@example.com');
    await failLogin(user, 5);

    expect(await screen.findByRole('timer')).toHaveTextContent(
      'Too many attempts. Please wait 1:00',
    );
    expect(screen.getByRole('alert')).toContainElement(timer());
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    expect(screen.getByLabelText('E-mail address')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(screen.queryByText(ACCOUNT_MESSAGES.invalidCredentials)).not.toBeInTheDocument();
    expect(storedCooldown()).toMatchObject({ failures: 0, lockouts: 1 });
    expectLockedFor(60);
    expect(calls.filter((call) => call.path === '/api/users/login')).toHaveLength(5);

    await tick(1000);
    expect(timer()).toHaveTextContent('Too many attempts. Please wait 0:59');
    await tick(15_000);
    expect(timer()).toHaveTextContent('Too many attempts. Please wait 0:44');

    // A reload: the page comes back locked with the time that is left.
    unmount();
    setup();
    expect(await screen.findByRole('timer')).toHaveTextContent(
      'Too many attempts. Please wait 0:44',
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();

    await tick(44_000);
    await waitFor(() => expect(screen.queryByRole('timer')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.getByText('You can try to sign in again.')).toBeInTheDocument();
    // The lock is gone from storage; the lockout count stays so the next one is longer.
    expect(storedCooldown()).toEqual({ failures: 0, lockouts: 1, lockedUntil: null });
  });

  it('escalates to 300 s for the second lockout and 3600 s for the third', async () => {
    localStorage.setItem(
      LOGIN_COOLDOWN_KEY,
      JSON.stringify({ failures: 4, lockouts: 1, lockedUntil: null }),
    );
    mockAccountApi(loginServer);
    const { user } = setup();
    await user.type(await screen.findByLabelText('E-mail address'), 'layla@example.com');
    await failLogin(user, 1);
    expect(await screen.findByRole('timer')).toHaveTextContent(
      'Too many attempts. Please wait 5:00',
    );

    await tick(300_000);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled());
    await failLogin(user, 5);
    expect(await screen.findByRole('timer')).toHaveTextContent(
      'Too many attempts. Please wait 60:00',
    );
    expect(storedCooldown()).toMatchObject({ lockouts: 3 });
  });

  it('follows the server’s 429 and Retry-After even when it has counted fewer failures', async () => {
    mockAccountApi((call) =>
      call.path === '/api/users/login'
        ? {
            status: 429,
            body: { message: 'Too many attempts. Please wait 4:10' },
            headers: { 'Retry-After': '250' },
          }
        : undefined,
    );
    const { user } = setup();
    await user.type(await screen.findByLabelText('E-mail address'), 'layla@example.com');
    await failLogin(user, 1);
    expect(await screen.findByRole('timer')).toHaveTextContent(
      'Too many attempts. Please wait 4:10',
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    expect(storedCooldown()).toMatchObject({ failures: 0, lockouts: 1 });
    expectLockedFor(250);
  });

  it('ignores a stored cooldown of the wrong shape', async () => {
    localStorage.setItem(LOGIN_COOLDOWN_KEY, JSON.stringify({ failures: 99, lockedUntil: 'soon' }));
    mockAccountApi(loginServer);
    setup();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(localStorage.getItem(LOGIN_COOLDOWN_KEY)).toBeNull();
  });

  it('signs in, stores userInfo, forgets the failures and goes to the redirect target', async () => {
    localStorage.setItem(
      LOGIN_COOLDOWN_KEY,
      JSON.stringify({ failures: 3, lockouts: 0, lockedUntil: null }),
    );
    const { calls } = mockAccountApi(loginServer);
    const { user, store, router } = setup('/login?redirect=%2Fcart%3Fx%3D1');
    await user.type(await screen.findByLabelText('E-mail address'), ' Layla@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'Right-pass1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(router.state.location.search).toBe('?x=1');
    expect(store.getState().account.userInfo).toEqual(signedInUser);
    expect(JSON.parse(localStorage.getItem('userInfo') ?? 'null')).toEqual(signedInUser);
    expect(localStorage.getItem(LOGIN_COOLDOWN_KEY)).toBeNull();
    expect(calls.find((call) => call.path === '/api/users/login')?.body).toEqual({
      email: 'layla@example.com',
      password: 'Right-pass1',
    });
  });

  it('never follows a redirect to another site', async () => {
    mockAccountApi(loginServer);
    const { user, router } = setup('/login?redirect=https://evil.example/phish');
    await user.type(await screen.findByLabelText('E-mail address'), 'layla@example.com');
    await user.type(screen.getByLabelText('Password'), 'Right-pass1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  // Security finding 11 (every hostile form is in redirect-target.test.ts).
  it.each(['/..//evil.example/x', '/%2F%2Fevil.example'])(
    'signs in with the redirect %j and lands on the home page, not an error',
    async (redirect) => {
      mockAccountApi(loginServer);
      const { user, router } = setup(`/login?redirect=${encodeURIComponent(redirect)}`);
      await user.type(await screen.findByLabelText('E-mail address'), 'layla@example.com');
      await user.type(screen.getByLabelText('Password'), 'Right-pass1');
      await user.click(screen.getByRole('button', { name: 'Sign In' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(router.state.errors).toBeNull();
      expect(
        await screen.findByRole('heading', { level: 1, name: 'EXPLORE OUR SELF LOVE COLLECTION' }),
      ).toBeInTheDocument();
    },
  );

  it('sends a signed-in visitor straight on', async () => {
    localStorage.setItem('userInfo', JSON.stringify(signedInUser));
    mockAccountApi(() => undefined);
    const { router } = setup('/login?redirect=/shipping');
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipping'));
  });

  it('offers a new verification link to an unverified account', async () => {
    const { calls } = mockAccountApi((call) => {
      if (call.path === '/api/users/login')
        return { status: 403, body: { message: ACCOUNT_MESSAGES.notVerified } };
      if (call.path === '/api/users/resend-verification')
        return { body: { message: ACCOUNT_MESSAGES.verificationResent } };
      return undefined;
    });
    const { user } = setup();
    await user.type(await screen.findByLabelText('E-mail address'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'Right-pass1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.notVerified);

    await user.click(screen.getByRole('button', { name: 'Send a new verification link' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.verificationResent)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/users/resend-verification')?.body).toEqual({
      email: 'new@example.com',
    });
    // A 403 is not a wrong password: nothing is counted.
    expect(localStorage.getItem(LOGIN_COOLDOWN_KEY)).toBeNull();
  });
});

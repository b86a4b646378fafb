import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import { CREDENTIAL_MESSAGES, emailChangePendingMessage } from '@shop/shared/credential-change';
import type { Order } from '@shop/shared/orders';
import {
  PASSWORD_EMPTY,
  PASSWORDS_DO_NOT_MATCH,
  PROFILE_PASSWORD_TOO_WEAK,
} from '@shop/shared/password';
import { renderApp } from '../../../test/render-app';
import { mockAccountApi, signedInUser } from '../testing/account-server';
import type { AccountCall } from '../testing/account-server';
import { clearToastsAfterEach, toastTexts } from '../testing/toasts';

/** A real refusal: a taken address is answered as a free one, so it makes none. */
const TOO_MANY = 'Too many requests. Please try again in 60 minutes.';

function order(overrides: Partial<Order>): Order {
  return {
    _id: '00000000-0000-4000-8000-0000000000a1',
    number: '00000000',
    orderItems: [],
    shippingAddress: {
      fullName: 'Maya Haddad',
      address: '1 Dune Rd',
      city: 'Chicago',
      state: 'IL',
      postalCode: '60601',
      country: 'US',
    },
    paymentMethod: 'Stripe',
    itemsPrice: 40,
    shippingPrice: 5,
    taxPrice: 2.8,
    totalPrice: 47.8,
    status: 'paid',
    isPaid: true,
    paidAt: '2024-03-02T10:00:00.000Z',
    isDelivered: false,
    deliveredAt: null,
    user: { name: 'Layla', email: 'layla@example.com' },
    shipments: [],
    refundedPrice: 0,
    createdAt: '2024-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const paidDelivered = order({
  _id: '0000beef-0000-4000-8000-000000000001',
  status: 'delivered',
  isDelivered: true,
  deliveredAt: '2024-03-05T10:00:00.000Z',
  totalPrice: 120,
});
const paid = order({ _id: '0000cafe-0000-4000-8000-000000000002' });
const refunded = order({
  _id: '0000f00d-0000-4000-8000-000000000004',
  status: 'refunded',
  refundedPrice: 47.8,
  createdAt: '2024-02-01T10:00:00.000Z',
});
const cancelled = order({
  _id: '0000abcd-0000-4000-8000-000000000005',
  status: 'cancelled',
  refundedPrice: 47.8,
  createdAt: '2024-01-01T10:00:00.000Z',
});
const unpaid = order({
  _id: '0000dead-0000-4000-8000-000000000003',
  status: 'pending_payment',
  isPaid: false,
  paidAt: null,
});

const updatedUser = { ...signedInUser, name: 'Layla Q', token: 'jwt-2' };

function profileServer(orders: Order[] | 'broken' = [paidDelivered, paid, unpaid]) {
  return (call: AccountCall) => {
    if (call.path === '/api/users/profile' && call.method === 'GET')
      return {
        body: {
          _id: 'u1',
          name: call.authorization === 'Bearer jwt-2' ? 'Layla Q' : 'Layla',
          email: 'layla@example.com',
          isVerified: true,
          createdAt: signedInUser.createdAt,
        },
      };
    if (call.path === '/api/users/profile' && call.method === 'PUT') return { body: updatedUser };
    if (call.path === '/api/orders/')
      return orders === 'broken'
        ? { status: 500, body: { message: 'The orders are resting' } }
        : { body: orders };
    return undefined;
  };
}

/**
 * The home page is shown and the profile page, with its sign-in guard, is gone: nothing is left
 * that could redirect to /login later.
 */
async function homeShownAndProfileGone() {
  expect(
    await screen.findByRole('heading', { level: 1, name: 'EXPLORE OUR SELF LOVE COLLECTION' }),
  ).toBeVisible();
  await waitFor(() =>
    expect(screen.queryByRole('heading', { level: 1, name: 'Profile' })).toBeNull(),
  );
}

function signIn() {
  localStorage.setItem('userInfo', JSON.stringify(signedInUser));
}

describe('the profile page', () => {
  clearToastsAfterEach();
  // The route loads the page's code on demand: have it compiled before the first test waits for it.
  beforeAll(async () => {
    await import('./profile-page');
  });

  it('shows two tabs, the settings form first, with the user’s details', async () => {
    signIn();
    mockAccountApi(profileServer());
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Profile Settings' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: /^Orders List/ })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    expect(screen.getByLabelText('Name')).toHaveValue('Layla');
    expect(screen.getByLabelText('Name')).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText('E-mail address')).toHaveValue('layla@example.com');
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Current password')).toHaveAttribute(
      'autocomplete',
      'current-password',
    );
    expect(screen.getByLabelText('Current password')).toHaveAttribute('type', 'password');
  });

  it.each([
    ['', '', PASSWORD_EMPTY],
    ['Sand-Dune1', 'Sand-Dune2', PASSWORDS_DO_NOT_MATCH],
    ['sanddune1', 'sanddune1', PROFILE_PASSWORD_TOO_WEAK],
    ['SandDune1', 'SandDune1', PROFILE_PASSWORD_TOO_WEAK],
  ])(
    'refuses password %j / %j with a toast and a field error: %s',
    async (password, confirm, message) => {
      signIn();
      const { calls } = mockAccountApi(profileServer());
      const { user } = renderApp('/profile');
      const passwordField = await screen.findByLabelText('New password');
      if (password) await user.type(passwordField, password);
      if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm);
      await user.click(screen.getByRole('button', { name: 'Update' }));

      await waitFor(() => expect(toastTexts()).toContain(message));
      const field =
        message === PASSWORDS_DO_NOT_MATCH
          ? screen.getByLabelText('Confirm new password')
          : passwordField;
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveFocus();
      expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    },
  );

  it('saves name, e-mail and password, stores the new userInfo and says Profile Updated', async () => {
    signIn();
    const { calls } = mockAccountApi(profileServer());
    const { user, store } = renderApp('/profile');
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Layla Q');
    await user.type(screen.getByLabelText('New password'), 'Sand-Dune1');
    await user.type(screen.getByLabelText('Confirm new password'), 'Sand-Dune1');
    await user.type(screen.getByLabelText('Current password'), 'Old-Dune0');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(toastTexts()).toContain(ACCOUNT_MESSAGES.profileUpdated));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      id: 'u1',
      name: 'Layla Q',
      email: 'layla@example.com',
      password: 'Sand-Dune1',
      currentPassword: 'Old-Dune0',
    });
    expect(store.getState().account.userInfo).toEqual(updatedUser);
    expect(JSON.parse(localStorage.getItem('userInfo') ?? 'null')).toEqual(updatedUser);
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    // The details are fetched again with the new token, never with the old one after the change.
    await waitFor(() =>
      expect(
        calls.filter((call) => call.method === 'GET' && call.path === '/api/users/profile').at(-1)
          ?.authorization,
      ).toBe('Bearer jwt-2'),
    );
    expect(store.getState().account.userInfo).not.toBeNull();
  });

  it('shows the server’s refusal in a focused alert', async () => {
    signIn();
    mockAccountApi((call) =>
      call.method === 'PUT' ? { status: 429, body: { message: TOO_MANY } } : profileServer()(call),
    );
    const { user } = renderApp('/profile');
    await user.type(await screen.findByLabelText('New password'), 'Sand-Dune1');
    await user.type(screen.getByLabelText('Confirm new password'), 'Sand-Dune1');
    await user.type(screen.getByLabelText('Current password'), 'Old-Dune0');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(TOO_MANY);
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
  });

  it('asks for the current password before sending anything', async () => {
    signIn();
    const { calls } = mockAccountApi(profileServer());
    const { user } = renderApp('/profile');
    await user.type(await screen.findByLabelText('New password'), 'Sand-Dune1');
    await user.type(screen.getByLabelText('Confirm new password'), 'Sand-Dune1');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(current).toHaveFocus();
    expect(current).toHaveAccessibleDescription(
      expect.stringContaining(CREDENTIAL_MESSAGES.currentPasswordRequired),
    );
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows the server’s word on a wrong current password, and stays signed in', async () => {
    signIn();
    mockAccountApi((call) =>
      call.method === 'PUT'
        ? { status: 400, body: { message: CREDENTIAL_MESSAGES.currentPasswordWrong } }
        : profileServer()(call),
    );
    const { user, store } = renderApp('/profile');
    await user.type(await screen.findByLabelText('New password'), 'Sand-Dune1');
    await user.type(screen.getByLabelText('Confirm new password'), 'Sand-Dune1');
    await user.type(screen.getByLabelText('Current password'), 'Not-Mine9');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      CREDENTIAL_MESSAGES.currentPasswordWrong,
    );
    expect(store.getState().account.userInfo).toEqual(signedInUser);
  });

  it('after an e-mail change, keeps the current address and says where the link went', async () => {
    signIn();
    const newEmail = 'layla.new@example.com';
    let changed = false;
    const { calls } = mockAccountApi((call) => {
      if (call.path === '/api/users/profile' && call.method === 'PUT') {
        changed = true;
        return { body: { ...updatedUser, message: emailChangePendingMessage(newEmail) } };
      }
      if (call.path === '/api/users/profile' && call.method === 'GET' && changed)
        return {
          body: {
            _id: 'u1',
            name: 'Layla',
            email: 'layla@example.com',
            isVerified: true,
            createdAt: signedInUser.createdAt,
            pendingEmail: newEmail,
          },
        };
      return profileServer()(call);
    });
    const { user, store } = renderApp('/profile');
    const email = await screen.findByLabelText('E-mail address');
    expect(screen.queryByText(/We sent a link/)).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, newEmail);
    await user.type(screen.getByLabelText('New password'), 'Sand-Dune1');
    await user.type(screen.getByLabelText('Confirm new password'), 'Sand-Dune1');
    await user.type(screen.getByLabelText('Current password'), 'Old-Dune0');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(emailChangePendingMessage(newEmail))).toBeInTheDocument();
    expect(screen.getByText(emailChangePendingMessage(newEmail)).closest('[role=status]')).not.toBe(
      null,
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ email: newEmail });
    expect(screen.getByLabelText('E-mail address')).toHaveValue('layla@example.com');
    // The answer's message is shown, not kept in the stored userInfo.
    expect(store.getState().account.userInfo).toEqual(updatedUser);
  });

  it('lists the paid orders only, with a count badge, each linking to its page', async () => {
    signIn();
    mockAccountApi(profileServer());
    const { user } = renderApp('/profile');
    const ordersTab = await screen.findByRole('tab', { name: 'Orders List (2 paid orders)' });
    await user.click(ordersTab);
    // The tab is selected once the click's update has rendered (not necessarily in the same tick).
    expect(
      await screen.findByRole('tab', { name: 'Orders List (2 paid orders)', selected: true }),
    ).toHaveAttribute('aria-selected', 'true');

    const table = await screen.findByRole('table', { name: 'Your paid orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('#0000BEEF');
    expect(rows[0]).toHaveTextContent('Mar 1, 2024');
    expect(rows[0]).toHaveTextContent('$120.00');
    expect(rows[0]).toHaveTextContent('Mar 2, 2024');
    expect(rows[0]).toHaveTextContent('Mar 5, 2024');
    expect(rows[1]).toHaveTextContent('$47.80');
    expect(rows[1]).toHaveTextContent('Not yet');
    expect(within(rows[0]!).getByRole('link', { name: 'Order #0000BEEF' })).toHaveAttribute(
      'href',
      `/order/${paidDelivered._id}`,
    );
    expect(screen.queryByText('#0000DEAD')).not.toBeInTheDocument();
  });

  it('says each order’s status in words: a refunded or cancelled one never reads as on its way', async () => {
    signIn();
    mockAccountApi(profileServer([paidDelivered, paid, refunded, cancelled, unpaid]));
    renderApp('/profile?tab=orders');
    const table = await screen.findByRole('table', { name: 'Your paid orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Order', 'Date', 'Total', 'Status', 'Paid', 'Delivered']);
    const rows = within(table).getAllByRole('row').slice(1);
    const statusColumn = 3;
    const deliveredColumn = 5;
    const cells = (row: HTMLElement) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
    expect(rows.map((row) => cells(row)[statusColumn])).toEqual([
      'Delivered',
      'Paid',
      'Refunded',
      'Cancelled',
    ]);
    expect(rows.map((row) => cells(row)[deliveredColumn])).toEqual([
      'Mar 5, 2024',
      'Not yet',
      'No',
      'No',
    ]);
    // The phone's cards say the same.
    const cards = within(screen.getByRole('list', { name: 'Your paid orders' })).getAllByRole(
      'listitem',
    );
    expect(cards[2]).toHaveTextContent('StatusRefunded');
    expect(cards[3]).toHaveTextContent('StatusCancelled');
  });

  it('opens the orders tab from the address and says No Orders when none is paid', async () => {
    signIn();
    mockAccountApi(profileServer([unpaid]));
    renderApp('/profile?tab=orders');
    expect(await screen.findByText('No Orders')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop the collection' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('tab', { name: 'Orders List (0 paid orders)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('shows an error when the orders cannot be loaded', async () => {
    signIn();
    mockAccountApi(profileServer('broken'));
    renderApp('/profile?tab=orders');
    expect(await screen.findByRole('alert')).toHaveTextContent('The orders are resting');
  });

  it('logs out from the profile: home page, userInfo gone, user details and orders dropped', async () => {
    signIn();
    mockAccountApi(profileServer());
    const { user, store, router } = renderApp('/profile');
    await screen.findByRole('form', { name: 'Profile settings' });
    await user.click(screen.getByRole('tab', { name: /^Orders List/ }));
    await screen.findByRole('table', { name: 'Your paid orders' });
    const cached = () =>
      Object.values(store.getState().api.queries).map((query) => query?.endpointName);
    expect(cached()).toEqual(expect.arrayContaining(['getMyOrders', 'getUserDetails']));

    await user.click(screen.getByRole('button', { name: /Hi, Layla/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(store.getState().account.userInfo).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem('userInfo')).toBeNull();
    await waitFor(() => expect(cached()).not.toContain('getMyOrders'));
    expect(cached()).not.toContain('getUserDetails');
    // No late redirect of the sign-in guard takes the shopper to /login afterwards.
    await homeShownAndProfileGone();
    expect(router.state.location.pathname).toBe('/');
    // Once home, the guard sends a signed-out visitor of the profile to sign in again.
    await act(() => router.navigate('/profile'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('logs out from the phone sidebar too, though the sidebar closes on the way', async () => {
    signIn();
    mockAccountApi(profileServer());
    const { user, store, router } = renderApp('/profile');
    await screen.findByRole('form', { name: 'Profile settings' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const sidebar = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().account.userInfo).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    await homeShownAndProfileGone();
    expect(router.state.location.pathname).toBe('/');
  });
});

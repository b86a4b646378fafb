import { StrictMode } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import { routes } from '../../../app/router';
import { createStore } from '../../../app/store';
import { storedStateSchemas } from '../../../lib/contract-schemas';
import { mockAccountApi } from '../testing/account-server';

/** As main.tsx renders the shop: under StrictMode, which mounts every component twice. */
function renderStrict(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <StrictMode>
      <Provider store={createStore(storedStateSchemas)}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
  return { user: userEvent.setup() };
}

describe('the verification page', () => {
  it('checks the link once, even under StrictMode, and offers to log in', async () => {
    const { calls } = mockAccountApi((call) =>
      call.path === '/api/users/verify/u-1/s3cret'
        ? { body: { message: ACCOUNT_MESSAGES.verified } }
        : undefined,
    );
    renderStrict('/verify/u-1/s3cret');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Successfully verified!' }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(calls.filter((call) => call.path.startsWith('/api/users/verify/'))).toHaveLength(1);
  });

  it('shows the server’s message and sends a new link on request', async () => {
    const { calls } = mockAccountApi((call) => {
      if (call.path.startsWith('/api/users/verify/'))
        return { status: 400, body: { message: ACCOUNT_MESSAGES.badVerificationLink } };
      if (call.path === '/api/users/resend-verification')
        return { body: { message: ACCOUNT_MESSAGES.verificationResent } };
      return undefined;
    });
    const { user } = renderStrict('/verify/u-1/used');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      ACCOUNT_MESSAGES.badVerificationLink,
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await user.type(screen.getByLabelText('E-mail address'), 'maya@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new verification link' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.verificationResent)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/users/resend-verification')?.body).toEqual({
      email: 'maya@example.com',
    });
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import { renderApp } from '../../../test/render-app';
import { FORGOT_PASSWORD_COOLDOWN_KEY } from '../cooldown-storage';
import { mockAccountApi } from '../testing/account-server';
import { useCountdownClock } from '../testing/countdown-clock';

const START = new Date('2024-05-01T10:00:00.000Z').getTime();
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const button = () => screen.getByRole('button', { name: 'SEND PASSWORD RESET' });

function setup() {
  const view = renderApp('/forgot-password');
  return { ...view, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
}

describe('the forgot password page', () => {
  beforeAll(async () => {
    await import('./forgot-password-page'); // loaded with real timers (see countdown-clock)
  });
  beforeEach(() => useCountdownClock(START));
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has an e-mail field and the SEND PASSWORD RESET button', async () => {
    mockAccountApi(() => undefined);
    setup();
    const email = await screen.findByLabelText('E-mail address');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(button()).toBeEnabled();
  });

  it('asks for a link, then rests the button for 15 minutes, ticking, kept over a reload', async () => {
    const { calls } = mockAccountApi((call) =>
      call.path === '/api/users/forgot-password'
        ? { body: { message: ACCOUNT_MESSAGES.resetRequested } }
        : undefined,
    );
    const { user, unmount } = setup();
    await user.type(await screen.findByLabelText('E-mail address'), 'maya@example.com');
    await user.click(button());

    expect(await screen.findByText(ACCOUNT_MESSAGES.resetRequested)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'maya@example.com',
    });
    expect(button()).toBeDisabled();
    expect(screen.getByRole('timer')).toHaveTextContent('15:00');
    expect(screen.getByRole('timer').closest('[role="status"]')).toHaveTextContent(
      /check your spam and junk folders/i,
    );
    const endsAt = Number(localStorage.getItem(FORGOT_PASSWORD_COOLDOWN_KEY));
    expect(endsAt - Date.now()).toBeGreaterThan(899_000);
    expect(endsAt - Date.now()).toBeLessThanOrEqual(900_000);

    await tick(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('14:59');
    await tick(60_000);
    expect(screen.getByRole('timer')).toHaveTextContent('13:59');

    unmount();
    setup();
    expect(await screen.findByRole('timer')).toHaveTextContent('13:59');
    expect(button()).toBeDisabled();

    await tick(839_000);
    await waitFor(() => expect(button()).toBeEnabled());
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(localStorage.getItem(FORGOT_PASSWORD_COOLDOWN_KEY)).toBeNull();
  });

  it('keeps the button usable and shows the error when the request fails', async () => {
    mockAccountApi((call) =>
      call.path === '/api/users/forgot-password'
        ? { status: 429, body: { message: 'Too many requests. Please try again later.' } }
        : undefined,
    );
    const { user } = setup();
    await user.type(await screen.findByLabelText('E-mail address'), 'maya@example.com');
    await user.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again later.',
    );
    expect(button()).toBeEnabled();
    expect(localStorage.getItem(FORGOT_PASSWORD_COOLDOWN_KEY)).toBeNull();
  });

  it('drops a stored end time that has passed', async () => {
    localStorage.setItem(FORGOT_PASSWORD_COOLDOWN_KEY, String(START - 1));
    mockAccountApi(() => undefined);
    setup();
    expect(await screen.findByRole('button', { name: 'SEND PASSWORD RESET' })).toBeEnabled();
    expect(localStorage.getItem(FORGOT_PASSWORD_COOLDOWN_KEY)).toBeNull();
  });
});

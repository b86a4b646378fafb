import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BACK_OFFICE_MESSAGES } from '@shop/shared/back-office';
import { renderApp } from '../../../test/render-app';
import {
  BACK_OFFICE_TOKEN,
  LOGIN_TOKEN,
  clearSessionStorageAfterEach,
  fakeAdminServer,
  signInAs,
} from '../testing/admin-server';

const summary = {
  salesToday: 120,
  ordersToday: 2,
  sales30Days: 2400.5,
  orders30Days: 31,
  awaitingShipment: 4,
};

describe('the back office sign-in step', () => {
  clearSessionStorageAfterEach();

  it('enrolls: QR code and secret, the first code, the recovery codes once, then the token', async () => {
    const user = signInAs('staff', { backOffice: false });
    const server = fakeAdminServer({
      'POST /api/admin/mfa/enroll': () => ({
        body: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl:
            'otpauth://totp/Sadu%20Sands:staff?secret=JBSWY3DPEHPK3PXP&issuer=Sadu%20Sands',
        },
      }),
      'POST /api/admin/session': () => ({
        body: { token: BACK_OFFICE_TOKEN, recoveryCodes: ['aaaa-1111', 'bbbb-2222'] },
      }),
      'GET /api/admin/summary': () => ({ body: summary }),
    });
    const view = renderApp('/admin');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up your second factor' }),
    ).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(server.to('POST', '/api/admin/mfa/enroll')).toHaveLength(1);
    expect(server.to('POST', '/api/admin/mfa/enroll')[0]!.authorization).toBe(
      `Bearer ${LOGIN_TOKEN}`,
    );

    await view.user.type(screen.getByLabelText('6-digit code'), '123456');
    await view.user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Save your recovery codes' }),
    ).toBeInTheDocument();
    expect(screen.getByText('aaaa-1111')).toBeInTheDocument();
    expect(screen.getByText('bbbb-2222')).toBeInTheDocument();
    const sent = server.to('POST', '/api/admin/session')[0]!;
    expect(sent.body).toEqual({ code: '123456' });
    expect(sent.authorization).toBe(`Bearer ${LOGIN_TOKEN}`);
    // Every tab knows the back office is open; the token itself stays in the API's HttpOnly cookie.
    expect(JSON.parse(localStorage.getItem('backOfficeSession') ?? '{}')).toMatchObject({
      userId: user._id,
    });
    expect(localStorage.getItem('backOfficeSession')).not.toContain(BACK_OFFICE_TOKEN);
    expect(sessionStorage.getItem('backOfficeSession')).toBeNull();
    expect(localStorage.getItem('userInfo')).not.toContain(BACK_OFFICE_TOKEN);

    // Copy puts them on the clipboard; Download saves them as a text file.
    await view.user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toContain('aaaa-1111\nbbbb-2222');
    expect(await screen.findByText('Recovery codes copied')).toBeInTheDocument();
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:codes';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    await view.user.click(screen.getByRole('button', { name: 'Download' }));
    expect(saved).toHaveLength(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]!);
    });
    expect(text).toContain('aaaa-1111\nbbbb-2222');
    await view.user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Summary' })).toBeInTheDocument();
    expect(screen.queryByText('aaaa-1111')).not.toBeInTheDocument();
    expect(server.to('GET', '/api/admin/summary')[0]!.credentials).toBe('same-origin');
  });

  it('asks an enrolled member for the code only, and shows why a code is refused', async () => {
    signInAs('owner', { backOffice: false });
    fakeAdminServer({
      'POST /api/admin/mfa/enroll': () => ({
        status: 409,
        body: { message: BACK_OFFICE_MESSAGES.alreadyEnrolled },
      }),
      'POST /api/admin/session': ({ body }) =>
        (body as { code: string }).code === 'good-recovery'
          ? { body: { token: BACK_OFFICE_TOKEN } }
          : { status: 400, body: { message: BACK_OFFICE_MESSAGES.badCode } },
      'GET /api/admin/summary': () => ({ body: summary }),
    });
    const { user } = renderApp('/admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirm it’s you' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Code or recovery code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BACK_OFFICE_MESSAGES.badCode);

    await user.clear(screen.getByLabelText('Code or recovery code'));
    await user.type(screen.getByLabelText('Code or recovery code'), 'good-recovery');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Summary' })).toBeInTheDocument();
    expect(screen.queryByText('Save your recovery codes')).not.toBeInTheDocument();
  });

  it('shows a rate limit refusal of the enrollment in an alert', async () => {
    signInAs('staff', { backOffice: false });
    fakeAdminServer({
      'POST /api/admin/mfa/enroll': () => ({
        status: 429,
        body: { message: 'Too many attempts. Please wait 1:00' },
      }),
    });
    renderApp('/admin');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait 1:00',
    );
  });

  it('goes back to the code step when the back-office session is refused (401)', async () => {
    signInAs('staff');
    fakeAdminServer({
      'GET /api/admin/summary': () => ({
        status: 401,
        body: { message: BACK_OFFICE_MESSAGES.needsSecondFactor },
      }),
      'POST /api/admin/mfa/enroll': () => ({
        status: 409,
        body: { message: BACK_OFFICE_MESSAGES.alreadyEnrolled },
      }),
    });
    renderApp('/admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirm it’s you' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('backOfficeSession')).toBeNull();
  });

  it('shows a customer that the back office is not for them, and asks for no code', async () => {
    signInAs('customer', { backOffice: false });
    const server = fakeAdminServer({});
    renderApp('/admin/orders');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page is not for you' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
    expect(server.requests.some((request) => request.path.startsWith('/api/admin'))).toBe(false);
  });

  it('sends a visitor who is not signed in to the login, coming back to the back office', async () => {
    fakeAdminServer({});
    const { router } = renderApp('/admin/orders?status=paid');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('/admin/orders?status=paid')}`,
    );
  });
});

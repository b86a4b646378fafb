import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORMER_CUSTOMER, PRIVACY_MESSAGES } from '@shop/shared/privacy';
import { renderApp } from '../../../test/render-app';
import { mockAccountApi, signedInProfile, signedInUser } from '../testing/account-server';
import type { AccountCall } from '../testing/account-server';
import { clearToastsAfterEach, toastTexts } from '../testing/toasts';

const FILE_NAME = 'sadu-sands-my-data-2026-11-22.json';
const exported = {
  exportedAt: '2026-11-22T10:00:00.000Z',
  profile: {
    name: 'Layla',
    email: 'layla@example.com',
    verified: true,
    createdAt: signedInUser.createdAt,
    role: 'customer',
  },
  orders: [],
  reviews: [],
};

type Reply = { status?: number; body: unknown; headers?: Record<string, string> };

/** The profile's own calls, and what the privacy calls answer. */
function server(privacy: { exportReply?: Reply; deleteReply?: Reply } = {}) {
  return (call: AccountCall): Reply | undefined => {
    if (call.path === '/api/users/profile/export')
      return (
        privacy.exportReply ?? {
          body: exported,
          headers: {
            'Content-Disposition': `attachment; filename="${FILE_NAME}"`,
            'Cache-Control': 'no-store',
          },
        }
      );
    if (call.path === '/api/users/profile' && call.method === 'DELETE')
      return privacy.deleteReply ?? { body: { message: PRIVACY_MESSAGES.deleted } };
    if (call.path === '/api/users/profile') return { body: signedInProfile };
    if (call.path === '/api/orders/') return { body: [] };
    return undefined;
  };
}

/** What the page handed the browser to save: the link's file name and the blob's text. */
function captureDownloads() {
  const saved: { fileName: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:shop/${++next}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: (url: string) => void blobs.delete(url),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) saved.push({ fileName: this.download, blob });
  });
  return saved;
}

/** A blob's text (jsdom's Blob has no text()). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

async function openProfile(privacy?: Parameters<typeof server>[0]) {
  localStorage.setItem('userInfo', JSON.stringify(signedInUser));
  const api = mockAccountApi(server(privacy));
  const view = renderApp('/profile');
  await screen.findByRole('heading', { level: 2, name: 'Your data' }, ANSWERED);
  return { ...api, ...view };
}

/** For what waits on the (stand-in) server under a busy test run: more than the default second. */
const ANSWERED = { timeout: 4000 };

// The route loads the page's code on demand: have it compiled before the first test waits for it.
beforeAll(async () => {
  await import('./profile-page');
});

async function openDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  return screen.findByRole('dialog', { name: 'Delete your account?' });
}

describe('download my data', () => {
  clearToastsAfterEach();
  afterEach(() => vi.restoreAllMocks());

  it('fetches the export with the bearer and saves it under the server’s file name', async () => {
    const saved = captureDownloads();
    const { user, calls } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));

    await waitFor(() => expect(saved).toHaveLength(1), ANSWERED);
    expect(saved[0]?.fileName).toBe(FILE_NAME);
    expect(saved[0]?.blob.type).toBe('application/json');
    expect(JSON.parse(await textOf(saved[0]!.blob))).toEqual(exported);
    expect(calls.find((call) => call.path === '/api/users/profile/export')?.authorization).toBe(
      'Bearer jwt-1',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal in an alert and saves nothing', async () => {
    const saved = captureDownloads();
    const { user } = await openProfile({
      exportReply: {
        status: 429,
        body: { message: 'Too many requests. Please try again in 40 minutes.' },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert', {}, ANSWERED)).toHaveTextContent(
      'Too many requests. Please try again in 40 minutes.',
    );
    expect(saved).toEqual([]);
  });

  it('says the download failed when the server gives no reason', async () => {
    captureDownloads();
    const { user } = await openProfile({ exportReply: { status: 502, body: 'Bad gateway' } });
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert', {}, ANSWERED)).toHaveTextContent(
      PRIVACY_MESSAGES.exportFailed,
    );
  });
});

describe('delete my account', () => {
  clearToastsAfterEach();
  beforeEach(() => localStorage.clear());

  it('opens a dialog that says what happens, keeps the focus inside and gives it back', async () => {
    const { user } = await openProfile();
    const trigger = screen.getByRole('button', { name: 'Delete my account' });
    const dialog = await openDialog(user);
    expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    expect(dialog).toHaveTextContent(`your reviews stay, shown under ‘${FORMER_CUSTOMER}’`);
    const password = within(dialog).getByLabelText('Current password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');

    // Tabbing goes round the dialog's own controls, never out to the page behind it.
    for (let step = 0; step < 6; step++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it('asks for the password before sending anything', async () => {
    const { user, calls } = await openProfile();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await within(dialog).findByText('Password cannot be empty')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it.each([
    [400, PRIVACY_MESSAGES.wrongPassword],
    [409, PRIVACY_MESSAGES.orderAwaitingShipment],
  ])(
    'shows the server’s refusal (%i) in the dialog and stays signed in',
    async (status, message) => {
      const { user, store } = await openProfile({ deleteReply: { status, body: { message } } });
      const dialog = await openDialog(user);
      await user.type(within(dialog).getByLabelText('Current password'), 'Not-it-1!');
      await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
      expect(await within(dialog).findByRole('alert', {}, ANSWERED)).toHaveTextContent(message);
      expect(store.getState().account.userInfo).not.toBeNull();
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    },
  );

  it('deletes with the password, forgets the user and says so on the home page', async () => {
    const { user, calls, store, router } = await openProfile();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Current password'), 'Sand-Dune1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'), ANSWERED);
    const sent = calls.find((call) => call.method === 'DELETE');
    expect(sent).toMatchObject({
      path: '/api/users/profile',
      body: { password: 'Sand-Dune1' },
      authorization: 'Bearer jwt-1',
    });
    expect(store.getState().account.userInfo).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    await waitFor(() => expect(toastTexts()).toContain(PRIVACY_MESSAGES.deleted), ANSWERED);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});

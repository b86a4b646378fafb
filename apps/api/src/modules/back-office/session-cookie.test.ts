import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MESSAGES } from '@shop/shared/back-office';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { base32Decode, totp } from './totp';

const SHOP = 'https://shop.example';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', APP_URL: SHOP });
}, 60_000);
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, body?: object) =>
  t.app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

/** A staff member who proved the second factor: their sign-in and the cookie the shop set. */
async function signedInStaff() {
  const member = await addBackOfficeUser(t, 'staff');
  const enrolled = await call('POST', '/api/admin/mfa/enroll', bearer(member.loginToken));
  const code = totp(base32Decode(String(enrolled.json().secret)), Date.now());
  const opened = await call('POST', '/api/admin/session', bearer(member.loginToken), { code });
  expect(opened.statusCode).toBe(200);
  const setCookie = String(opened.headers['set-cookie']);
  const cookie = setCookie.split(';')[0] ?? '';
  return { ...member, opened: opened.json() as { token: string }, setCookie, cookie };
}

describe('the back-office session cookie', () => {
  it('is HttpOnly, Secure, SameSite=Strict, scoped to /api/admin for 8 hours, and holds the token answered', async () => {
    const member = await signedInStaff();
    expect(member.setCookie).toBe(
      `shop_back_office=${member.opened.token}; Path=/api/admin; Max-Age=28800; HttpOnly; SameSite=Strict; Secure`,
    );
  });

  it('opens the back office on its own and beside the sign-in token (a second tab)', async () => {
    const member = await signedInStaff();
    for (const headers of [
      { cookie: member.cookie },
      { cookie: member.cookie, ...bearer(member.loginToken) },
    ]) {
      const staff = await call('GET', '/api/admin/staff', headers);
      expect(staff.statusCode).toBe(200);
      expect(staff.json().staff).toContainEqual(expect.objectContaining({ email: member.email }));
    }
    // Without it, the sign-in alone still needs the code.
    const signInOnly = await call('GET', '/api/admin/staff', bearer(member.loginToken));
    expect(signInOnly.statusCode).toBe(403);
    expect(signInOnly.json()).toEqual({ message: BACK_OFFICE_MESSAGES.needsSecondFactor });
  });

  it('takes writes from the shop’s origin and refuses them from another origin or none', async () => {
    const owner = await addBackOfficeUser(t, 'owner');
    const invite = (headers: Headers, n: number) =>
      call(
        'POST',
        '/api/admin/staff',
        { cookie: `shop_back_office=${owner.token}`, ...headers },
        {
          name: `Invited ${n}`,
          email: `invited-${n}-${Date.now()}@shop.test`,
        },
      );
    const ours = await invite({ origin: SHOP }, 1);
    expect(ours.statusCode).toBe(201);
    for (const [n, headers] of [
      [2, { origin: 'https://evil.example' }],
      [3, { origin: 'null' }],
      [4, {}],
    ] as const) {
      const refused = await invite(headers, n);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: BACK_OFFICE_MESSAGES.crossSiteRefused });
    }
    const staff = await call('GET', '/api/admin/staff', bearer(owner.token));
    const names = (staff.json().staff as { name: string }[]).map((member) => member.name);
    expect(names).toContain('Invited 1');
    expect(names.filter((name) => /^Invited [234]$/.test(name))).toEqual([]);
  });

  it('leaves scripts as they were: the bearer token works without cookie or Origin', async () => {
    const member = await signedInStaff();
    const staff = await call('GET', '/api/admin/staff', bearer(member.opened.token));
    expect(staff.statusCode).toBe(200);
    const owner = await addBackOfficeUser(t, 'owner');
    const invited = await call('POST', '/api/admin/staff', bearer(owner.token), {
      name: 'Scripted',
      email: `scripted-${Date.now()}@shop.test`,
    });
    expect(invited.statusCode).toBe(201);
  });

  it('belongs to its own user: another user’s sign-in beside it is not let in', async () => {
    const member = await signedInStaff();
    const other = await addBackOfficeUser(t, 'staff');
    const mixed = await call('GET', '/api/admin/staff', {
      cookie: member.cookie,
      ...bearer(other.loginToken),
    });
    expect(mixed.statusCode).toBe(403);
    expect(mixed.json()).toEqual({ message: BACK_OFFICE_MESSAGES.needsSecondFactor });
  });

  it('is cleared on sign-out', async () => {
    const signedOut = await call('DELETE', '/api/admin/session', {});
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ message: BACK_OFFICE_MESSAGES.signedOut });
    expect(signedOut.headers['set-cookie']).toBe(
      'shop_back_office=; Path=/api/admin; Max-Age=0; HttpOnly; SameSite=Strict; Secure',
    );
  });
});

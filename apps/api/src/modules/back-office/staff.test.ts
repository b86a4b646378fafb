import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import { AUDIT_PAGE_SIZE, BACK_OFFICE_MESSAGES } from '@shop/shared/back-office';
import { openApiClient, type ApiClient } from '../../test/api-client';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { addVerifiedCustomer } from '../../test/fixtures';
import { SmtpInbox, linkIn } from '../../test/smtp-inbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { base32Decode, totp } from './totp';

const APP_URL = 'http://shop.test';
let t: TestApp;
let api: ApiClient;
let inbox: SmtpInbox;
let owner: Awaited<ReturnType<typeof addBackOfficeUser>>;
let staff: Awaited<ReturnType<typeof addBackOfficeUser>>;
let counter = 0;
const uniqueEmail = (name: string) => `${name}.${++counter}.${Date.now()}@example.com`;

beforeAll(async () => {
  inbox = new SmtpInbox();
  const env = { APP_URL, SMTP_URL: await inbox.start(), RATE_LIMIT_PER_MINUTE: '100000' };
  t = await createTestApp(env);
  api = await openApiClient(t, env);
  owner = await addBackOfficeUser(t, 'owner', { name: 'Olive Owner' });
  staff = await addBackOfficeUser(t, 'staff', { name: 'Sam Staff' });
}, 60_000);
afterAll(async () => {
  await api.stop();
  await t.close();
  await inbox.stop();
});

const invite = (token: string, body: unknown) =>
  api.call('POST', '/api/admin/staff', { token, body });

/** Enrolls a login and proves a code: answers the back-office token. */
async function proveSecondFactor(loginToken: string): Promise<string> {
  const enrolled = await api.call('POST', '/api/admin/mfa/enroll', { token: loginToken });
  expect(enrolled.status).toBe(200);
  const code = totp(base32Decode(String(enrolled.body.secret)), Date.now());
  const opened = await api.call('POST', '/api/admin/session', {
    token: loginToken,
    body: { code },
  });
  expect(opened.status).toBe(200);
  return String(opened.body.token);
}

describe('what staff may not do', () => {
  it('refuses staff on inviting, removing, resetting a second factor and the audit log (ownerOnly)', async () => {
    const calls = [
      ['POST', '/api/admin/staff', { name: 'New', email: uniqueEmail('new') }],
      ['DELETE', `/api/admin/staff/${owner.id}`, undefined],
      ['POST', `/api/admin/staff/${owner.id}/reset-mfa`, undefined],
      ['GET', '/api/admin/audit', undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      const answer = await api.call(method, url, { token: staff.token, body });
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(answer.body).toEqual({ message: BACK_OFFICE_MESSAGES.ownerOnly });
    }
  });

  it('lets staff see the staff list: owners and staff, no customers', async () => {
    const customer = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Shopper',
      email: uniqueEmail('shopper'),
    });
    const answer = await api.call('GET', '/api/admin/staff', { token: staff.token });
    expect(answer.status).toBe(200);
    const list = answer.body.staff as { _id: string; role: string }[];
    expect(list[0]).toMatchObject({ role: 'owner' });
    expect(list).toContainEqual({
      _id: staff.id,
      name: 'Sam Staff',
      email: staff.email,
      role: 'staff',
      enrolled: false,
      createdAt: expect.any(String),
    });
    expect(list.map((member) => member._id)).not.toContain(customer.id);
  });

  it('refuses a login that has not proved its second factor, and a customer, with a message', async () => {
    const login = await api.call('DELETE', `/api/admin/staff/${staff.id}`, {
      token: owner.loginToken,
    });
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ message: BACK_OFFICE_MESSAGES.needsSecondFactor });
    const customer = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Shopper',
      email: uniqueEmail('shopper'),
    });
    const refused = await api.call('GET', '/api/admin/audit', { token: customer.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: BACK_OFFICE_MESSAGES.notBackOffice });
    const none = await api.call('GET', '/api/admin/audit');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: ACCOUNT_MESSAGES.noToken });
  });
});

describe('inviting staff', () => {
  it('mails an invitation whose link sets the password; then the new member signs in and enrolls', async () => {
    const email = uniqueEmail('invitee');
    const created = await invite(owner.token, { name: 'Ivy Invitee', email: email.toUpperCase() });
    expect(created.status, api.where).toBe(201);
    expect(created.body).toEqual({
      _id: expect.any(String),
      name: 'Ivy Invitee',
      email,
      role: 'staff',
      enrolled: false,
      createdAt: expect.any(String),
    });

    // Until the password is chosen nobody can sign in to it.
    const early = await api.call('POST', '/api/users/login', {
      body: { email, password: 'Anything-1!' },
      ip: '10.31.0.1',
    });
    expect(early.status).toBe(401);
    expect(early.body).toEqual({ message: ACCOUNT_MESSAGES.invalidCredentials });

    const mail = await inbox.waitFor(email, { subject: /invited/ });
    expect(mail.text).toContain('Hi Ivy Invitee,');
    expect(mail.text).toContain('Olive Owner added you');
    expect(mail.text).toContain('valid for 7 days');
    const link = linkIn(mail, '/reset-password/');
    const token = link.match(/^http:\/\/shop\.test\/reset-password\/([\w-]+)\?welcome=1$/)?.[1];
    expect(token, link).toBeDefined();

    const set = await api.call('POST', `/api/users/reset-password/${token}`, {
      body: { password: 'Staff-Pass1!' },
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ message: ACCOUNT_MESSAGES.passwordReset });
    const login = await api.call('POST', '/api/users/login', {
      body: { email, password: 'Staff-Pass1!' },
      ip: '10.31.0.2',
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ email, role: 'staff' });

    const backOffice = await proveSecondFactor(String(login.body.token));
    const list = await api.call('GET', '/api/admin/staff', { token: backOffice });
    expect(list.body.staff).toContainEqual(
      expect.objectContaining({ email, role: 'staff', enrolled: true }),
    );
    // The link works once.
    const reuse = await api.call('POST', `/api/users/reset-password/${token}`, {
      body: { password: 'Other-Pass1!' },
    });
    expect(reuse.status).toBe(400);
  });

  it('answers 409 when the address already has an account, and 400 with a message for bad input', async () => {
    const taken = await invite(owner.token, { name: 'Again', email: staff.email });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: BACK_OFFICE_MESSAGES.staffEmailTaken });
    const bad = await invite(owner.token, { name: 'No address', email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid email address');
    const empty = await invite(owner.token, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toEqual(expect.any(String));
  });
});

describe('removing staff', () => {
  it('ends the account and every token it holds at once', async () => {
    const leaver = await addBackOfficeUser(t, 'staff', { name: 'Lee Leaver' });
    expect((await api.call('GET', '/api/admin/staff', { token: leaver.token })).status).toBe(200);

    const removed = await api.call('DELETE', `/api/admin/staff/${leaver.id}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: BACK_OFFICE_MESSAGES.staffRemoved });
    for (const token of [leaver.token, leaver.loginToken]) {
      const after = await api.call('GET', '/api/admin/staff', { token });
      expect(after.status).toBe(401);
      expect(after.body).toEqual({ message: ACCOUNT_MESSAGES.tokenFailed });
    }
    const again = await api.call('DELETE', `/api/admin/staff/${leaver.id}`, { token: owner.token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: BACK_OFFICE_MESSAGES.staffNotFound });
  });

  it('answers 404 for customers and unknown ids, and refuses to remove an owner', async () => {
    const customer = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Shopper',
      email: uniqueEmail('shopper'),
    });
    for (const id of [customer.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const answer = await api.call('DELETE', `/api/admin/staff/${id}`, { token: owner.token });
      expect(answer.status, id).toBe(404);
      expect(answer.body).toEqual({ message: BACK_OFFICE_MESSAGES.staffNotFound });
    }
    const ownerRemoval = await api.call('DELETE', `/api/admin/staff/${owner.id}`, {
      token: owner.token,
    });
    expect(ownerRemoval.status).toBe(409);
    expect(ownerRemoval.body).toEqual({ message: BACK_OFFICE_MESSAGES.cannotRemoveOwner });
  });
});

describe('resetting a second factor', () => {
  it('forgets the secret and ends their back-office sessions; they enroll again', async () => {
    const member = await addBackOfficeUser(t, 'staff', { name: 'Rae Reset' });
    const backOffice = await proveSecondFactor(member.loginToken);

    const reset = await api.call('POST', `/api/admin/staff/${member.id}/reset-mfa`, {
      token: owner.token,
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: BACK_OFFICE_MESSAGES.mfaReset });
    for (const token of [backOffice, member.token]) {
      const after = await api.call('GET', '/api/admin/staff', { token });
      expect(after.status).toBe(401);
      expect(after.body).toEqual({ message: ACCOUNT_MESSAGES.tokenFailed });
    }
    const noSecret = await api.call('POST', '/api/admin/session', {
      token: member.loginToken,
      body: { code: '123456' },
    });
    expect(noSecret.status).toBe(403);
    expect(noSecret.body).toEqual({ message: BACK_OFFICE_MESSAGES.notEnrolled });
    await proveSecondFactor(member.loginToken);

    const unknown = await api.call(
      'POST',
      '/api/admin/staff/00000000-0000-4000-8000-000000000000/reset-mfa',
      { token: owner.token },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: BACK_OFFICE_MESSAGES.staffNotFound });
  });
});

describe('the audit log', () => {
  it('lists the back-office writes for the owner, newest first, with who and from where', async () => {
    const email = uniqueEmail('audited');
    const created = await invite(owner.token, { name: 'Ada Audited', email });
    const memberId = String(created.body._id);
    await api.call('POST', `/api/admin/staff/${memberId}/reset-mfa`, { token: owner.token });
    await api.call('DELETE', `/api/admin/staff/${memberId}`, { token: owner.token });

    const answer = await api.call('GET', '/api/admin/audit?page=1', { token: owner.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ page: 1, pages: expect.any(Number) });
    const entries = answer.body.entries as { action: string; userId: string | null }[];
    expect(entries.length).toBeLessThanOrEqual(AUDIT_PAGE_SIZE);
    const mine = entries.filter((entry) => entry.userId === memberId);
    expect(mine.map((entry) => entry.action)).toEqual([
      'staff.removed',
      'staff.mfa_reset',
      'staff.invited',
    ]);
    expect(mine[0]).toMatchObject({
      actor: { _id: owner.id, email: owner.email, name: 'Olive Owner' },
      orderId: null,
      summary: `Removed Ada Audited <${email}> from the staff`,
      clientAddress: '127.0.0.1',
    });

    for (const page of ['0', 'abc', '1001']) {
      const bad = await api.call('GET', `/api/admin/audit?page=${page}`, { token: owner.token });
      expect(bad.status, page).toBe(400);
      expect(bad.body.message).toMatch(/^Page must/);
    }
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const db = t.database.db;
    const refusalOf = async (statement: ReturnType<typeof sql>) => {
      const messages: string[] = [];
      await db.execute(statement).then(
        () => messages.push('(ran)'),
        (error: unknown) => {
          for (let cause = error; cause instanceof Error; cause = cause.cause)
            messages.push(cause.message);
        },
      );
      return messages.join(' ');
    };
    // The test's database role owns the table: only the triggers stand in the way.
    expect(await refusalOf(sql`update audit_log set summary = 'changed'`)).toContain(
      'audit_log is append-only',
    );
    expect(await refusalOf(sql`delete from audit_log`)).toContain('audit_log is append-only');
    expect(await refusalOf(sql`truncate audit_log`)).toContain('audit_log is append-only');
    expect(await refusalOf(sql`truncate audit_log cascade`)).toContain('audit_log is append-only');
    const [row] = (
      (await db.execute(sql`select count(*)::int as n from audit_log`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(row?.n).toBeGreaterThan(0);
  });
});

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import { BACK_OFFICE_MESSAGES, RECOVERY_CODE_COUNT } from '@shop/shared/back-office';
import { auditLog, mfaSecrets } from '../../db/schema';
import { openApiClient, type Answer, type ApiClient } from '../../test/api-client';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { addVerifiedCustomer } from '../../test/fixtures';
import { injector } from '../../test/inject';
import { createTestApp, type TestApp } from '../../test/test-app';
import { codeIsRight } from './second-factor';
import { seal } from './secret-box';
import { base32Decode, totp } from './totp';

const STEP_MS = 30_000;
const COOLDOWN = /^Too many attempts\. Please wait \d+:\d\d$/;
let t: TestApp;
let api: ApiClient;
/** The in-process app's clock: frozen in a test that is about time, else the real one. */
let frozenAt: number | undefined;
const inProcess = injector(
  () => t.app,
  () => '10.20.0.1',
);

/** The account of every second-factor code the app checked (its check, wrapped). */
const checkedFor: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_PER_MINUTE: '100000' },
    {
      now: () => frozenAt ?? Date.now(),
      checkSecondFactor: (tx, ctx, secret, code, now) => {
        checkedFor.push(secret.userId);
        return codeIsRight(tx, ctx, secret, code, now);
      },
    },
  );
  api = await openApiClient(t);
}, 60_000);
afterAll(async () => {
  await api.stop();
  await t.close();
});

const codeAt = (secret: string, ms: number) => totp(base32Decode(secret), ms);
/** A 6-digit code that is none of the codes of the steps around now. */
function wrongCode(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((k) => codeAt(secret, Date.now() + k * STEP_MS)));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/** A staff login (no second factor yet) that has enrolled: its pending secret. */
async function enrolledLogin(role: 'staff' | 'owner' = 'staff') {
  const member = await addBackOfficeUser(t, role);
  const enrolled = await api.call('POST', '/api/admin/mfa/enroll', { token: member.loginToken });
  expect(enrolled.status).toBe(200);
  return { ...member, secret: String(enrolled.body.secret), otpauthUrl: enrolled.body.otpauthUrl };
}

const session = (loginToken: string, code: string) =>
  api.call('POST', '/api/admin/session', { token: loginToken, body: { code } });
const sessionInProcess = (loginToken: string, code: string) =>
  inProcess('POST', '/api/admin/session', { token: loginToken, body: { code } });
const statuses = (answers: Answer[]) => answers.map((answer) => answer.status);
const count = (answers: Answer[], status: number) =>
  statuses(answers).filter((s) => s === status).length;

describe('enrolling and opening the back office', () => {
  it('answers a secret and its otpauth URL, takes a code from it, and shows the recovery codes once', async () => {
    const member = await enrolledLogin();
    expect(member.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(member.otpauthUrl).toBe(
      `otpauth://totp/Sadu%20Sands:${encodeURIComponent(member.email)}?secret=${member.secret}&issuer=Sadu%20Sands&algorithm=SHA1&digits=6&period=30`,
    );
    // Before the first code the back office stays shut.
    const early = await api.call('GET', '/api/admin/staff', { token: member.loginToken });
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ message: BACK_OFFICE_MESSAGES.needsSecondFactor });

    const first = await session(member.loginToken, codeAt(member.secret, Date.now()));
    expect(first.status, api.where).toBe(200);
    expect(first.body.token).toEqual(expect.any(String));
    const codes = first.body.recoveryCodes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    codes.forEach((code) => expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/));

    const staff = await api.call('GET', '/api/admin/staff', { token: String(first.body.token) });
    expect(staff.status).toBe(200);
    expect(staff.body.staff).toContainEqual(
      expect.objectContaining({
        _id: member.id,
        email: member.email,
        role: 'staff',
        enrolled: true,
      }),
    );

    // Enrolled now: no second enrollment, and later sessions carry no recovery codes.
    const again = await api.call('POST', '/api/admin/mfa/enroll', { token: member.loginToken });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: BACK_OFFICE_MESSAGES.alreadyEnrolled });
    const recovered = await session(member.loginToken, codes[0] ?? '');
    expect(recovered.status).toBe(200);
    expect(recovered.body).not.toHaveProperty('recoveryCodes');

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetUserId, member.id));
    expect(audit.map((row) => [row.action, row.actorEmail])).toEqual([
      ['mfa.enrolled', member.email],
    ]);
  });

  it('replaces a pending secret when enrollment is asked again before the first code', async () => {
    const member = await enrolledLogin();
    const second = await api.call('POST', '/api/admin/mfa/enroll', { token: member.loginToken });
    expect(second.status).toBe(200);
    const stale = await session(member.loginToken, codeAt(member.secret, Date.now()));
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({ message: BACK_OFFICE_MESSAGES.badCode });
    const fresh = await session(member.loginToken, codeAt(String(second.body.secret), Date.now()));
    expect(fresh.status).toBe(200);
  });

  it('gives a back-office token that lasts at most 8 hours, and a logout with it ends it at once', async () => {
    const member = await enrolledLogin('owner');
    const opened = await session(member.loginToken, codeAt(member.secret, Date.now()));
    const token = String(opened.body.token);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 8 * 60 * 60_000 + 1000);

    expect((await api.call('GET', '/api/admin/audit', { token })).status).toBe(200);
    const out = await api.call('POST', '/api/users/logout', { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: ACCOUNT_MESSAGES.loggedOut });
    const after = await api.call('GET', '/api/admin/audit', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: ACCOUNT_MESSAGES.tokenFailed });
    // The sign-in it came from goes on.
    expect((await api.call('GET', '/api/users/profile', { token: member.loginToken })).status).toBe(
      200,
    );
  });

  it('ends the back-office token with the login it came from', async () => {
    const member = await addBackOfficeUser(t, 'staff');
    expect((await api.call('GET', '/api/admin/staff', { token: member.token })).status).toBe(200);
    await api.call('POST', '/api/users/logout', { token: member.loginToken });
    const after = await api.call('GET', '/api/admin/staff', { token: member.token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: ACCOUNT_MESSAGES.tokenFailed });
  });
});

describe('each code once', () => {
  it('refuses a code that was already accepted', async () => {
    const member = await enrolledLogin();
    const code = codeAt(member.secret, Date.now());
    expect((await session(member.loginToken, code)).status).toBe(200);
    const replay = await session(member.loginToken, code);
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ message: BACK_OFFICE_MESSAGES.badCode });
  });

  it('accepts one of two requests that send the same code at once', async () => {
    const member = await enrolledLogin();
    const code = codeAt(member.secret, Date.now());
    const answers = await Promise.all([
      session(member.loginToken, code),
      session(member.loginToken, code),
    ]);
    expect(statuses(answers).sort(), api.where).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)?.body).toEqual({
      message: BACK_OFFICE_MESSAGES.badCode,
    });
  });

  it('accepts a recovery code once, however it is typed', async () => {
    const member = await enrolledLogin();
    const first = await session(member.loginToken, codeAt(member.secret, Date.now()));
    const [code = ''] = first.body.recoveryCodes as string[];
    const used = await session(member.loginToken, ` ${code.toUpperCase()} `);
    expect(used.status).toBe(200);
    expect(used.body.token).toEqual(expect.any(String));
    const again = await session(member.loginToken, code);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: BACK_OFFICE_MESSAGES.badCode });
  });

  it('answers a wrong code, not a 500, when the secret no longer opens; recovery codes still work', async () => {
    const member = await enrolledLogin('owner');
    const first = await session(member.loginToken, codeAt(member.secret, Date.now()));
    const [recovery = ''] = first.body.recoveryCodes as string[];
    // As after a change of JWT_SECRET: sealed under another key.
    await t.database.db
      .update(mfaSecrets)
      .set({ secretCiphertext: seal(randomBytes(32), member.secret), lastStep: null })
      .where(eq(mfaSecrets.userId, member.id));
    const code = await session(member.loginToken, codeAt(member.secret, Date.now()));
    expect(code.status).toBe(400);
    expect(code.body).toEqual({ message: BACK_OFFICE_MESSAGES.badCode });
    const recovered = await session(member.loginToken, recovery);
    expect(recovered.status).toBe(200);
    // With it the owner resets their own second factor and enrolls again.
    const reset = await api.call('POST', `/api/admin/staff/${member.id}/reset-mfa`, {
      token: String(recovered.body.token),
    });
    expect(reset.status).toBe(200);
    expect(
      (await api.call('POST', '/api/admin/mfa/enroll', { token: member.loginToken })).status,
    ).toBe(200);
  });
});

describe('clock drift', () => {
  const middleOfStep = () => Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2;

  it.each([
    [-1, 200],
    [1, 200],
    [-2, 400],
    [2, 400],
  ])('a code %i step(s) away answers %i', async (offset, status) => {
    const member = await enrolledLogin();
    frozenAt = middleOfStep();
    try {
      const answer = await sessionInProcess(
        member.loginToken,
        codeAt(member.secret, frozenAt + offset * STEP_MS),
      );
      expect(answer.statusCode).toBe(status);
      if (status === 400) expect(answer.json()).toEqual({ message: BACK_OFFICE_MESSAGES.badCode });
    } finally {
      frozenAt = undefined;
    }
  });

  it('refuses an older step after a newer one was accepted (the step, not the code, is spent)', async () => {
    const member = await enrolledLogin();
    frozenAt = middleOfStep();
    try {
      const ahead = codeAt(member.secret, frozenAt + STEP_MS);
      expect((await sessionInProcess(member.loginToken, ahead)).statusCode).toBe(200);
      const now = await sessionInProcess(member.loginToken, codeAt(member.secret, frozenAt));
      expect(now.statusCode).toBe(400);
    } finally {
      frozenAt = undefined;
    }
  });
});

describe('wrong codes', () => {
  it('starts the password cooldown after 5 wrong codes in a row, even for the right code', async () => {
    const member = await enrolledLogin();
    const wrong = wrongCode(member.secret);
    for (let i = 1; i <= 4; i += 1) {
      const answer = await session(member.loginToken, wrong);
      expect(answer.status, `attempt ${i}`).toBe(400);
      expect(answer.body).toEqual({ message: BACK_OFFICE_MESSAGES.badCode });
    }
    const fifth = await session(member.loginToken, wrong);
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toMatch(COOLDOWN);
    expect(Number(fifth.headers['retry-after'])).toBe(60);
    const right = await session(member.loginToken, codeAt(member.secret, Date.now()));
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(COOLDOWN);
    expect(right.body).not.toHaveProperty('token');
  });

  it('checks at most 5 of 20 wrong codes sent at once', async () => {
    const member = await enrolledLogin();
    const wrong = wrongCode(member.secret);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => session(member.loginToken, wrong)),
    );
    // Every answer other than 429 is a code that was checked: 4 × 400 and the 5th's 429.
    expect(count(answers, 400), api.where).toBe(4);
    expect(count(answers, 429)).toBe(16);
    answers
      .filter((a) => a.status === 429)
      .forEach((a) => expect(a.body.message).toMatch(COOLDOWN));
  });

  it('checks 5 codes when 20 arrive at once (counted by the app’s own check)', async () => {
    // In this process, whose check the test wraps (on PostgreSQL: its pool, in parallel).
    const member = await enrolledLogin();
    const wrong = wrongCode(member.secret);
    await Promise.all(Array.from({ length: 20 }, () => sessionInProcess(member.loginToken, wrong)));
    expect(checkedFor.filter((userId) => userId === member.id)).toHaveLength(5);
  });

  it('a right code in between starts the count again', async () => {
    const member = await enrolledLogin();
    const wrong = wrongCode(member.secret);
    for (let i = 0; i < 4; i += 1) await session(member.loginToken, wrong);
    expect((await session(member.loginToken, codeAt(member.secret, Date.now()))).status).toBe(200);
    expect((await session(member.loginToken, wrong)).status).toBe(400);
  });
});

describe('who may call', () => {
  it('refuses a customer on enrollment and the second factor', async () => {
    const customer = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Shopper',
      email: `shopper.${Date.now()}@example.com`,
    });
    for (const [url, body] of [
      ['/api/admin/mfa/enroll', undefined],
      ['/api/admin/session', { code: '123456' }],
    ] as const) {
      const answer = await api.call('POST', url, { token: customer.token, body });
      expect(answer.status, url).toBe(403);
      expect(answer.body).toEqual({ message: BACK_OFFICE_MESSAGES.notBackOffice });
    }
    const staff = await api.call('GET', '/api/admin/staff', { token: customer.token });
    expect(staff.status).toBe(403);
    expect(staff.body).toEqual({ message: BACK_OFFICE_MESSAGES.notBackOffice });
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/mfa/enroll'],
      ['POST', '/api/admin/session'],
      ['GET', '/api/admin/staff'],
      ['GET', '/api/admin/audit'],
    ] as const) {
      const answer = await api.call(method, url, method === 'POST' ? { body: { code: '1' } } : {});
      expect(answer.status, url).toBe(401);
      expect(answer.body).toEqual({ message: ACCOUNT_MESSAGES.noToken });
    }
  });

  it('wants the login token, not a back-office one, for the second factor', async () => {
    const member = await addBackOfficeUser(t, 'staff');
    const answer = await session(member.token, '123456');
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: BACK_OFFICE_MESSAGES.loginTokenNeeded });
  });

  it('asks to enroll first when there is no secret, and refuses bad input with a message', async () => {
    const member = await addBackOfficeUser(t, 'staff');
    const notEnrolled = await session(member.loginToken, '123456');
    expect(notEnrolled.status).toBe(403);
    expect(notEnrolled.body).toEqual({ message: BACK_OFFICE_MESSAGES.notEnrolled });
    const empty = await session(member.loginToken, '');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please enter the code from your authenticator app');
    const noBody = await api.call('POST', '/api/admin/session', { token: member.loginToken });
    expect(noBody.status).toBe(400);
    expect(noBody.body.message).toEqual(expect.any(String));
  });
});

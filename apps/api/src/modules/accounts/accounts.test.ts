import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, userInfoSchema, userProfileSchema } from '@shop/shared/accounts';
import {
  PASSWORD_EMPTY,
  PASSWORD_TOO_WEAK,
  PROFILE_PASSWORD_TOO_WEAK,
} from '@shop/shared/password';
import { loginThrottles, mailOutbox, passwordResetTokens, users } from '../../db/schema';
import { SmtpInbox, linkIn } from '../../test/smtp-inbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { injector } from '../../test/inject';

const APP_URL = 'http://shop.test';
const PASSWORD = 'Sunny-Dunes1';
let t: TestApp;
let inbox: SmtpInbox;
let addressCounter = 0;
const uniqueEmail = (name: string) => `${name}.${++addressCounter}@example.com`;
/** Each test acts from its own client address, so address-keyed limits do not leak between tests. */
const newClient = () => `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

const call = injector(
  () => t.app,
  () => '127.0.0.1',
);

async function registerAndVerify(name: string, email: string, password = PASSWORD) {
  const ip = newClient();
  const registered = await call('POST', '/api/users', { body: { name, email, password }, ip });
  expect(registered.statusCode).toBe(201);
  const mail = await inbox.waitFor(email, { subject: /Verify/ });
  const link = new URL(linkIn(mail, '/verify/'));
  expect(
    (await call('GET', `/api${link.pathname.replace('/verify/', '/users/verify/')}`)).statusCode,
  ).toBe(200);
  const login = await call('POST', '/api/users/login', { body: { email, password }, ip });
  expect(login.statusCode).toBe(200);
  return userInfoSchema.parse(login.json());
}

/** Mails to an address whose subject starts so, as queued in the outbox (sent or not). */
const mailsQueuedFor = async (address: string, subjectStart: string) =>
  (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address))).filter(
    (mail) => mail.subject.startsWith(subjectStart),
  ).length;

beforeAll(async () => {
  inbox = new SmtpInbox();
  const smtpUrl = await inbox.start();
  t = await createTestApp({
    SMTP_URL: smtpUrl,
    APP_URL,
    SUPPORT_EMAIL: 'help@shop.test',
    MAIL_FROM: 'Sadu Sands <shop@shop.test>',
  });
});
afterAll(async () => {
  await t.close();
  await inbox.stop();
});

describe('register, verify, log in', () => {
  it('registers, mails a verification link, verifies once, then logs in with the spec’s user info', async () => {
    const email = uniqueEmail('ana');
    const response = await call('POST', '/api/users', {
      body: { name: 'Ana Diaz', email: `  ${email.toUpperCase()} `, password: PASSWORD },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Pending Verification... check your email!' });

    const mail = await inbox.waitFor(email);
    expect(mail.subject).toBe('Verify your email for Sadu Sands');
    expect(mail.from).toContain('shop@shop.test');
    expect(mail.text).toContain('Hi Ana Diaz,');
    expect(mail.html).toContain('Verify my email');
    const link = new URL(linkIn(mail, '/verify/'));
    expect(link.origin).toBe(APP_URL);
    const [, , userId, token] = link.pathname.split('/');
    expect(userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Not verified yet: the database keeps only the token's hash.
    const [stored] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(stored?.verifiedAt).toBeNull();
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    // The spec's client sends the path values with literal colons.
    const verified = await call('GET', `/api/users/verify/:${userId}/:${token}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'Successfully verified!' });
    const again = await call('GET', `/api/users/verify/${userId}/${token}`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.badVerificationLink });

    const login = await call('POST', '/api/users/login', { body: { email, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    const info = userInfoSchema.parse(login.json());
    expect(info).toMatchObject({ _id: userId, name: 'Ana Diaz', email });
    expect(new Date(info.createdAt).getTime()).toBeLessThanOrEqual(Date.now());

    const profile = await call('GET', '/api/users/profile', { token: info.token });
    expect(userProfileSchema.parse(profile.json())).toMatchObject({
      _id: userId,
      name: 'Ana Diaz',
      email,
      isVerified: true,
    });
  });

  it('answers a taken address exactly as a free one, and mails its owner instead, at most once per 15 minutes', async () => {
    const email = uniqueEmail('dup');
    await registerAndVerify('First', email);
    const signUp = (address: string) =>
      call('POST', '/api/users', {
        body: { name: 'Second', email: address, password: 'Other-Pass9!' },
        ip: newClient(),
      });
    const free = await signUp(uniqueEmail('free'));
    const taken = await signUp(email.toUpperCase());
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.statusCode).toBe(201);
    expect(taken.json()).toEqual(free.json());
    expect(taken.json()).toEqual({ message: ACCOUNT_MESSAGES.registered });

    const notice = await inbox.waitFor(email, { subject: /Someone tried to register/ });
    expect(notice.subject).toBe('Someone tried to register with your Sadu Sands address');
    expect(notice.text).toContain('Hi First,');
    expect(notice.text).toContain('sign in');
    expect(notice.text).toContain(`${APP_URL}/forgot-password`);
    expect(notice.text).toContain(`Sign in: ${APP_URL}/login`);
    // The account is the first one's still: no new verification link, the same name and password.
    expect(await mailsQueuedFor(email, 'Verify')).toBe(1);
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(owner?.name).toBe('First');
    const login = await call('POST', '/api/users/login', {
      body: { email, password: PASSWORD },
      ip: newClient(),
    });
    expect(login.statusCode).toBe(200);

    // Another try answers the same; the owner was told a moment ago, so no second mail is queued.
    expect((await signUp(email)).json()).toEqual(free.json());
    expect(await mailsQueuedFor(email, 'Someone tried')).toBe(1);
  });

  it('mails the owner of a taken address once when 20 sign-ups with it arrive at once', async () => {
    const email = uniqueEmail('crowded');
    await registerAndVerify('First', email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/api/users', {
          body: { name: 'Crowd', email, password: 'Other-Pass9!' },
          ip: newClient(),
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((answer) => answer.body))).toEqual(
      new Set([JSON.stringify({ message: ACCOUNT_MESSAGES.registered })]),
    );
    expect(await mailsQueuedFor(email, 'Someone tried')).toBe(1);
  });

  it.each([
    ['', PASSWORD_EMPTY],
    ['short1A!', null],
    ['Sh0rt!', PASSWORD_TOO_WEAK],
    ['alllowercase1!', PASSWORD_TOO_WEAK],
    ['ALLUPPERCASE1!', PASSWORD_TOO_WEAK],
    ['NoDigitsHere!', PASSWORD_TOO_WEAK],
    ['NoSpecial123', PASSWORD_TOO_WEAK],
    ['Has Space1!', PASSWORD_TOO_WEAK],
    ['Unicodé1!x', PASSWORD_TOO_WEAK],
  ])('applies the password rule to %j', async (password, expected) => {
    const response = await call('POST', '/api/users', {
      body: { name: 'Rule Check', email: uniqueEmail('rules'), password },
      ip: newClient(),
    });
    if (expected === null) {
      expect(response.statusCode).toBe(201);
    } else {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(expected);
    }
  });

  it('refuses an unverified login with a clear message and mails a fresh link, at most once per 5 minutes', async () => {
    const email = uniqueEmail('unverified');
    const ip = newClient();
    await call('POST', '/api/users', { body: { name: 'Una', email, password: PASSWORD }, ip });
    await inbox.waitFor(email);
    const mailsBefore = inbox.count(email);

    const first = await call('POST', '/api/users/login', {
      body: { email, password: PASSWORD },
      ip,
    });
    expect(first.statusCode).toBe(403);
    expect(first.json()).toEqual({ message: ACCOUNT_MESSAGES.notVerified });
    await expect.poll(() => inbox.count(email), { timeout: 5000 }).toBe(mailsBefore + 1);
    const queuedAfterFirst = await mailsQueuedFor(email, 'Verify');

    const second = await call('POST', '/api/users/login', {
      body: { email, password: PASSWORD },
      ip,
    });
    expect(second.statusCode).toBe(403);
    // A mail is queued in the login's own transaction: by its answer, the outbox holds all it sent.
    expect(await mailsQueuedFor(email, 'Verify')).toBe(queuedAfterFirst);

    // A wrong password says nothing about verification.
    const wrong = await call('POST', '/api/users/login', {
      body: { email, password: 'Wrong-pass1' },
      ip,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('answers a wrong, malformed or foreign verification link with 400 and a way forward', async () => {
    for (const path of [
      '/api/users/verify/00000000-0000-4000-8000-000000000000/abc',
      '/api/users/verify/not-a-uuid/abc',
      '/api/users/verify/:%27%20or%201=1/:x',
    ]) {
      const response = await call('GET', path);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.badVerificationLink });
    }
  });
});

describe('login lockout', () => {
  const failLogin = (email: string, ip: string) =>
    call('POST', '/api/users/login', { body: { email, password: 'Wrong-pass1' }, ip });

  /** Moves a lockout's end into the past, as if its time had passed. */
  const expireLockout = (key: string) =>
    t.database.db
      .update(loginThrottles)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(loginThrottles.key, key));

  it('locks after 5 failures for 60 s, then 300 s, then 3600 s, refusing even the right password meanwhile', async () => {
    const email = uniqueEmail('locked');
    await registerAndVerify('Lou', email);
    const ip = newClient();

    for (const [lockout, seconds, text] of [
      [1, 60, '1:00'],
      [2, 300, '5:00'],
      [3, 3600, '60:00'],
      [4, 3600, '60:00'],
    ] as const) {
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const response = await failLogin(email, ip);
        expect(response.statusCode, `lockout ${lockout}, attempt ${attempt}`).toBe(401);
      }
      const fifth = await failLogin(email, ip);
      expect(fifth.statusCode).toBe(429);
      expect(fifth.json()).toEqual({ message: `Too many attempts. Please wait ${text}` });
      expect(fifth.headers['retry-after']).toBe(String(seconds));

      const rightPassword = await call('POST', '/api/users/login', {
        body: { email, password: PASSWORD },
        ip,
      });
      expect(rightPassword.statusCode).toBe(429);
      expect(Number(rightPassword.headers['retry-after'])).toBeLessThanOrEqual(seconds);
      expect(rightPassword.json().message).toMatch(/^Too many attempts\. Please wait \d+:\d\d$/);

      await expireLockout(`email:${email}`);
    }

    // After the lockout, the right password works and the schedule starts over.
    const success = await call('POST', '/api/users/login', {
      body: { email, password: PASSWORD },
      ip,
    });
    expect(success.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.key, `email:${email}`));
    expect(rows).toEqual([]);
  });

  it('answers an unknown address exactly like a wrong password', async () => {
    const response = await failLogin(uniqueEmail('nobody'), newClient());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid email or password' });
  });
});

const resetMailsQueuedFor = (address: string) => mailsQueuedFor(address, 'Reset');

describe('forgot and reset password', () => {
  it('answers the same for known and unknown addresses, and mails only a known one, once per 15 minutes', async () => {
    const email = uniqueEmail('forgetful');
    await registerAndVerify('Fay', email);
    const ip = newClient();
    const before = inbox.count(email);
    const known = await call('POST', '/api/users/forgot-password', { body: { email }, ip });
    const unknown = await call('POST', '/api/users/forgot-password', {
      body: { email: uniqueEmail('ghost') },
      ip,
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });

    const mail = await inbox.waitFor(email, { subject: /Reset/ });
    expect(mail.subject).toBe('Reset your Sadu Sands password');
    await call('POST', '/api/users/forgot-password', { body: { email }, ip });
    await t.app.backgroundTasks.idle();
    expect(await resetMailsQueuedFor(email)).toBe(1);
    expect(inbox.count(email)).toBe(before + 1);
  });

  it('answers a known address before looking it up, so it takes no longer than an unknown one', async () => {
    const email = uniqueEmail('timed');
    await registerAndVerify('Tim', email);
    const response = await call('POST', '/api/users/forgot-password', {
      body: { email },
      ip: newClient(),
    });
    // Date.now() truncates to the millisecond: the answer came no later than this.
    const answeredBy = Date.now();
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    await t.app.backgroundTasks.idle();
    const [queued] = await t.database.db
      .select({ createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    // The reset mail was written after the answer was out (bench/forgot-password-timing.ts measures it).
    expect(queued?.createdAt.getTime()).toBeGreaterThanOrEqual(answeredBy);
  });

  it('resets once with the mailed link; older sessions and the old password stop working', async () => {
    const email = uniqueEmail('reset');
    const session = await registerAndVerify('Rey', email);
    await call('POST', '/api/users/forgot-password', { body: { email }, ip: newClient() });
    const link = new URL(
      linkIn(await inbox.waitFor(email, { subject: /Reset/ }), '/reset-password/'),
    );
    const token = link.pathname.split('/').pop() ?? '';

    const weak = await call('POST', `/api/users/reset-password/${token}`, {
      body: { password: 'weak' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(PASSWORD_TOO_WEAK);

    const newPassword = 'Fresh-Start2?';
    const reset = await call('POST', `/api/users/reset-password/:${token}`, {
      body: { password: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password reset successful!' });

    const reuse = await call('POST', `/api/users/reset-password/${token}`, {
      body: { password: 'Another-One3!' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ message: ACCOUNT_MESSAGES.badResetLink });

    const oldSession = await call('GET', '/api/users/profile', { token: session.token });
    expect(oldSession.statusCode).toBe(401);
    expect(oldSession.json()).toEqual({ message: 'Not authorized, token failed' });
    const ip = newClient();
    expect(
      (await call('POST', '/api/users/login', { body: { email, password: PASSWORD }, ip }))
        .statusCode,
    ).toBe(401);
    expect(
      (await call('POST', '/api/users/login', { body: { email, password: newPassword }, ip }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    const email = uniqueEmail('late');
    await registerAndVerify('Lat', email);
    await call('POST', '/api/users/forgot-password', { body: { email }, ip: newClient() });
    const link = new URL(
      linkIn(await inbox.waitFor(email, { subject: /Reset/ }), '/reset-password/'),
    );
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` });
    const response = await call(
      'POST',
      `/api/users/reset-password/${link.pathname.split('/').pop()}`,
      {
        body: { password: 'Too-Late4!' },
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.badResetLink });
  });
});

describe('profile', () => {
  it('needs a token: none answers no token, a bad one token failed', async () => {
    expect((await call('GET', '/api/users/profile')).json()).toEqual({
      message: 'Not authorized, no token',
    });
    for (const token of ['garbage', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad']) {
      const response = await call('GET', '/api/users/profile', { token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Not authorized, token failed' });
    }
  });

  it('updates name and password, answers a fresh token and retires the old one; a new e-mail waits for its link', async () => {
    const email = uniqueEmail('profile');
    const session = await registerAndVerify('Pat', email);
    const newEmail = uniqueEmail('profile-new');
    const response = await call('PUT', '/api/users/profile', {
      token: session.token,
      body: {
        id: session._id,
        name: 'Patricia',
        email: newEmail,
        password: 'Renewed-Pass5!',
        currentPassword: PASSWORD,
      },
    });
    expect(response.statusCode).toBe(200);
    const info = userInfoSchema.parse(response.json());
    expect(info).toMatchObject({ _id: session._id, name: 'Patricia', email });
    expect((await call('GET', '/api/users/profile', { token: session.token })).statusCode).toBe(
      401,
    );
    expect((await call('GET', '/api/users/profile', { token: info.token })).json().name).toBe(
      'Patricia',
    );
  });

  it('refuses a weak password with the spec’s profile message', async () => {
    const session = await registerAndVerify('Mover', uniqueEmail('mover'));
    const weak = await call('PUT', '/api/users/profile', {
      token: session.token,
      body: {
        name: 'Mover',
        email: session.email,
        password: 'weakpass',
        currentPassword: PASSWORD,
      },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(PROFILE_PASSWORD_TOO_WEAK);
  });
});

describe('bad input and abuse', () => {
  it('answers malformed bodies with 400 and a message, never 500', async () => {
    const targets: ['POST' | 'PUT', string][] = [
      ['POST', '/api/users'],
      ['POST', '/api/users/login'],
      ['POST', '/api/users/forgot-password'],
      ['POST', '/api/users/resend-verification'],
      ['POST', '/api/users/reset-password/abc'],
    ];
    for (const [method, url] of targets) {
      for (const payload of [
        '"just a string"',
        '[]',
        'null',
        '{"email": 42}',
        '{"email": "not-an-email", "password": {}}',
      ]) {
        const response = await t.app.inject({
          method,
          url,
          payload,
          headers: { 'content-type': 'application/json' },
          remoteAddress: newClient(),
        });
        expect(response.statusCode, `${url} ${payload}`).toBe(400);
        expect(typeof response.json().message).toBe('string');
      }
    }
  });

  it('limits registrations (each sends a mail) from one client address to 10 an hour', async () => {
    const ip = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await call('POST', '/api/users', {
        body: { name: 'Bulk', email: uniqueEmail('bulk'), password: PASSWORD },
        ip,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    const limited = await call('POST', '/api/users', {
      body: { name: 'Bulk', email: uniqueEmail('bulk'), password: PASSWORD },
      ip,
    });
    expect(limited.json().message).toMatch(
      /^Too many requests\. Please try again in \d+ minutes\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
  });

  it('loses no mail while the mail server refuses it, and delivers it once the server is back', async () => {
    const email = uniqueEmail('patient');
    inbox.refuse = true;
    try {
      await call('POST', '/api/users', {
        body: { name: 'Pat Ient', email, password: PASSWORD },
        ip: newClient(),
      });
      await expect
        .poll(
          async () => {
            const [row] = await t.database.db
              .select()
              .from(mailOutbox)
              .where(eq(mailOutbox.toAddress, email));
            return row?.lastError ?? null;
          },
          { timeout: 5000 },
        )
        .toMatch(/Mailbox unavailable/);
    } finally {
      inbox.refuse = false;
    }
    const [pending] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email));
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    // The retry is due in 30 s; bring it forward rather than wait.
    await t.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.toAddress, email));
    const mail = await inbox.waitFor(email);
    expect(mail.subject).toBe('Verify your email for Sadu Sands');
    await expect
      .poll(async () => {
        const [row] = await t.database.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.toAddress, email));
        return row && { status: row.status, attempts: row.attempts };
      })
      .toEqual({ status: 'sent', attempts: 2 });
  });
});

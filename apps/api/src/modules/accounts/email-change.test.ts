import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, userInfoSchema, userProfileSchema } from '@shop/shared/accounts';
import {
  CREDENTIAL_MESSAGES,
  emailChangePendingMessage,
  emailChangedMessage,
} from '@shop/shared/credential-change';
import { emailChangeRequests, mailOutbox, users } from '../../db/schema';
import { addVerifiedCustomer } from '../../test/fixtures';
import { SmtpInbox, linkIn } from '../../test/smtp-inbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { injector } from '../../test/inject';
import { hashMailedToken } from './tokens';

const APP_URL = 'http://shop.test';
const PASSWORD = 'Sunny-Dunes1';
const NEW_PASSWORD = 'Renewed-Pass5!';
let t: TestApp;
let inbox: SmtpInbox;
let counter = 0;
const uniqueEmail = (name: string) => `${name}.${++counter}@example.com`;
/** Each test acts from its own client address, so address-keyed limits do not leak between tests. */
const newClient = () => `10.1.${Math.floor(counter / 250)}.${(counter++ % 250) + 1}`;

const call = injector(() => t.app, newClient);

const logIn = (email: string, password: string) =>
  call('POST', '/api/users/login', { body: { email, password } });

/** A verified customer, signed in; answers the user info of the login. */
async function signedInCustomer(label: string) {
  const email = uniqueEmail(label);
  await addVerifiedCustomer(t.app, t.database.db, { name: 'Sam Sand', email, password: PASSWORD });
  const login = await logIn(email, PASSWORD);
  expect(login.statusCode).toBe(200);
  return userInfoSchema.parse(login.json());
}

const profileOf = async (token: string) => {
  const response = await call('GET', '/api/users/profile', { token });
  expect(response.statusCode).toBe(200);
  return userProfileSchema.parse(response.json());
};

/** Asks for a new e-mail with the right current password; answers the fresh user info. */
async function requestEmailChange(
  session: { token: string; name: string },
  newEmail: string,
  currentPassword = PASSWORD,
) {
  const response = await call('PUT', '/api/users/profile', {
    token: session.token,
    body: { name: session.name, email: newEmail, password: NEW_PASSWORD, currentPassword },
  });
  expect(response.statusCode, response.body).toBe(200);
  return userInfoSchema.parse(response.json());
}

/** The token of the newest confirmation link mailed to an address. */
async function confirmationToken(newEmail: string, after = 0) {
  const mail = await inbox.waitFor(newEmail, { subject: /Confirm your new e-mail/, after });
  const link = new URL(linkIn(mail, '/confirm-email/'));
  expect(link.origin).toBe(APP_URL);
  return link.pathname.split('/').pop() ?? '';
}

const confirm = (token: string) => call('POST', `/api/users/confirm-email/${token}`);

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

describe('the current password guards a profile change', () => {
  it('refuses an update without the current password with 400, and changes nothing', async () => {
    const session = await signedInCustomer('nocurrent');
    for (const currentPassword of [undefined, '']) {
      const response = await call('PUT', '/api/users/profile', {
        token: session.token,
        body: {
          name: 'Taken Over',
          email: uniqueEmail('thief'),
          password: NEW_PASSWORD,
          ...(currentPassword === undefined ? {} : { currentPassword }),
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(CREDENTIAL_MESSAGES.currentPasswordRequired);
    }
    expect(await profileOf(session.token)).toMatchObject({
      name: 'Sam Sand',
      email: session.email,
    });
    expect((await logIn(session.email, PASSWORD)).statusCode).toBe(200);
  });

  it('answers a wrong current password with 400 (the session stays), and counts it toward the login cooldown', async () => {
    const session = await signedInCustomer('guesser');
    const guess = (currentPassword: string) =>
      call('PUT', '/api/users/profile', {
        token: session.token,
        body: { name: 'Guess', email: session.email, password: NEW_PASSWORD, currentPassword },
      });

    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = await guess(`Wrong-Guess${attempt}!`);
      expect(wrong.statusCode, `attempt ${attempt}`).toBe(400);
      expect(wrong.json()).toEqual({ message: CREDENTIAL_MESSAGES.currentPasswordWrong });
    }
    // The 5th wrong one starts the account's cooldown, as five failed logins would.
    const fifth = await guess('Wrong-Guess5!');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ message: 'Too many attempts. Please wait 1:00' });
    expect(fifth.headers['retry-after']).toBe('60');

    // Meanwhile even the right password is refused, here and at the login (from any address).
    const right = await guess(PASSWORD);
    expect(right.statusCode).toBe(429);
    const login = await logIn(session.email, PASSWORD);
    expect(login.statusCode).toBe(429);
    expect(login.json().message).toMatch(/^Too many attempts\. Please wait \d+:\d\d$/);

    // Nothing changed, and the session was not ended by the wrong guesses.
    expect(await profileOf(session.token)).toMatchObject({ name: 'Sam Sand' });
  });

  it('counts wrong current passwords and failed logins together', async () => {
    const session = await signedInCustomer('mixed');
    for (let attempt = 1; attempt <= 3; attempt += 1)
      expect((await logIn(session.email, 'Wrong-Login1!')).statusCode).toBe(401);
    const fourth = await call('PUT', '/api/users/profile', {
      token: session.token,
      body: {
        name: 'X',
        email: session.email,
        password: NEW_PASSWORD,
        currentPassword: 'Wrong-One4!',
      },
    });
    expect(fourth.statusCode).toBe(400);
    expect((await logIn(session.email, 'Wrong-Login5!')).statusCode).toBe(429);
  });

  it('with the right current password, changes name and password as before and answers a fresh token', async () => {
    const session = await signedInCustomer('rightful');
    const response = await call('PUT', '/api/users/profile', {
      token: session.token,
      body: {
        name: 'Samira',
        email: session.email,
        password: NEW_PASSWORD,
        currentPassword: PASSWORD,
      },
    });
    expect(response.statusCode).toBe(200);
    const info = userInfoSchema.parse(response.json());
    expect(info).toMatchObject({ _id: session._id, name: 'Samira', email: session.email });
    expect(info.message).toBeUndefined();
    expect((await call('GET', '/api/users/profile', { token: session.token })).statusCode).toBe(
      401,
    );
    expect(await profileOf(info.token)).toMatchObject({ name: 'Samira', email: session.email });
    expect((await profileOf(info.token)).pendingEmail).toBeUndefined();
    expect((await logIn(session.email, PASSWORD)).statusCode).toBe(401);
    expect((await logIn(session.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('an e-mail change waits for the link mailed to the new address', () => {
  it('keeps the old address until then, mails the new address a link and the old one a notice', async () => {
    const session = await signedInCustomer('mover');
    const newEmail = uniqueEmail('moved');
    const info = await requestEmailChange(session, newEmail);
    expect(info).toMatchObject({ _id: session._id, email: session.email });
    expect(info.message).toBe(emailChangePendingMessage(newEmail));

    const profile = await profileOf(info.token);
    expect(profile).toMatchObject({ email: session.email, pendingEmail: newEmail });
    expect((await logIn(newEmail, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await logIn(session.email, NEW_PASSWORD)).statusCode).toBe(200);

    const token = await confirmationToken(newEmail);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mail = await inbox.waitFor(newEmail, { subject: /Confirm/ });
    expect(mail.subject).toBe('Confirm your new e-mail address for Sadu Sands');
    expect(mail.text).toContain('Hi Sam Sand,');
    // Only the token's hash is stored.
    const [stored] = await t.database.db
      .select()
      .from(emailChangeRequests)
      .where(eq(emailChangeRequests.userId, session._id));
    expect(stored).toMatchObject({ newEmail, tokenHash: hashMailedToken(token), usedAt: null });
    expect(JSON.stringify(stored)).not.toContain(token);

    const notice = await inbox.waitFor(session.email, { subject: /about to change/ });
    expect(notice.subject).toBe('Your Sadu Sands e-mail address is about to change');
    expect(notice.text).toContain(`m***@example.com`);
    expect(notice.text).not.toContain(newEmail);
    expect(notice.text).toContain(`${APP_URL}/forgot-password`);
    expect(notice.text).not.toContain('/confirm-email/');
  });

  it('opening the link confirms at once: the new address signs in, the old one no longer, older sessions end', async () => {
    const session = await signedInCustomer('confirmer');
    const newEmail = uniqueEmail('confirmed');
    const info = await requestEmailChange(session, newEmail);
    const token = await confirmationToken(newEmail);

    // The spec's client style, with a literal colon, works as well.
    const confirmed = await confirm(`:${token}`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      message: emailChangedMessage(newEmail),
      _id: session._id,
      email: newEmail,
    });

    // The address signs in: every session of the old one ends.
    expect((await call('GET', '/api/users/profile', { token: info.token })).json()).toEqual({
      message: ACCOUNT_MESSAGES.tokenFailed,
    });
    const login = await logIn(newEmail, NEW_PASSWORD);
    expect(login.statusCode).toBe(200);
    const fresh = userInfoSchema.parse(login.json());
    expect(fresh).toMatchObject({ _id: session._id, email: newEmail });
    const profile = await profileOf(fresh.token);
    expect(profile).toMatchObject({ email: newEmail, isVerified: true });
    expect(profile.pendingEmail).toBeUndefined();
    const old = await logIn(session.email, NEW_PASSWORD);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: ACCOUNT_MESSAGES.invalidCredentials });

    // The link works once.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: CREDENTIAL_MESSAGES.badEmailChangeLink });
  });

  it('refuses an expired link, and the address stays as it was', async () => {
    const session = await signedInCustomer('slow');
    const newEmail = uniqueEmail('too-late');
    const info = await requestEmailChange(session, newEmail);
    const token = await confirmationToken(newEmail);
    await t.database.db
      .update(emailChangeRequests)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailChangeRequests.userId, session._id));

    const response = await confirm(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: CREDENTIAL_MESSAGES.badEmailChangeLink });
    const profile = await profileOf(info.token);
    expect(profile.email).toBe(session.email);
    expect(profile.pendingEmail).toBeUndefined();
  });

  it('answers 409 User already exists when another account took the address meanwhile', async () => {
    const session = await signedInCustomer('second');
    const newEmail = uniqueEmail('contested');
    const info = await requestEmailChange(session, newEmail);
    const token = await confirmationToken(newEmail);
    await addVerifiedCustomer(t.app, t.database.db, { name: 'First', email: newEmail });

    const response = await confirm(token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.userExists });
    expect((await profileOf(info.token)).email).toBe(session.email);
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, newEmail));
    expect(owner?.name).toBe('First');
    // The link is used up: it can never work now.
    expect((await confirm(token)).statusCode).toBe(400);
  });

  it('answers a taken address as a free one: the link is said sent, its owner is told, no link goes out', async () => {
    const taken = uniqueEmail('taken');
    await addVerifiedCustomer(t.app, t.database.db, { name: 'Owner', email: taken });
    const session = await signedInCustomer('clasher');
    const clash = await requestEmailChange(session, taken);
    expect(clash.message).toBe(emailChangePendingMessage(taken));
    expect(clash.email).toBe(session.email);
    expect((await profileOf(clash.token)).pendingEmail).toBe(taken);
    // The old address hears of the request as for any change.
    await inbox.waitFor(session.email, { subject: /about to change/ });

    const notice = await inbox.waitFor(taken, { subject: /Someone tried to register/ });
    expect(notice.text).toContain('Hi Owner,');
    const toTaken = await t.database.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, taken));
    expect(toTaken.map((mail) => mail.subject)).toEqual([notice.subject]);
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, taken));
    expect(owner?.name).toBe('Owner');

    // The one who asked deletes their account: the owner's mail stays theirs, not erased with it.
    const erased = await call('DELETE', '/api/users/profile', {
      token: clash.token,
      body: { password: NEW_PASSWORD },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const [kept] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, notice.subject));
    expect(kept).toMatchObject({ toAddress: taken });
    expect(kept?.textBody).toContain('Hi Owner,');
  });

  it('a newer request replaces the older link', async () => {
    const session = await signedInCustomer('changer');
    const first = uniqueEmail('first-choice');
    const second = uniqueEmail('second-choice');
    const info = await requestEmailChange(session, first);
    const firstToken = await confirmationToken(first);
    const again = await requestEmailChange({ ...session, token: info.token }, second, NEW_PASSWORD);
    expect((await profileOf(again.token)).pendingEmail).toBe(second);

    expect((await confirm(firstToken)).statusCode).toBe(400);
    expect((await confirm(await confirmationToken(second))).statusCode).toBe(200);
  });

  it('a password reset from the old address cancels a pending change', async () => {
    const session = await signedInCustomer('victim');
    const attackerEmail = uniqueEmail('attacker');
    await requestEmailChange(session, attackerEmail);
    const token = await confirmationToken(attackerEmail);

    // The owner follows the notice's advice.
    await call('POST', '/api/users/forgot-password', { body: { email: session.email } });
    const reset = new URL(
      linkIn(await inbox.waitFor(session.email, { subject: /Reset/ }), '/reset-password/'),
    );
    const resetResponse = await call(
      'POST',
      `/api/users/reset-password/${reset.pathname.split('/').pop()}`,
      {
        body: { password: 'Mine-Again7!' },
      },
    );
    expect(resetResponse.statusCode).toBe(200);

    expect((await confirm(token)).statusCode).toBe(400);
    expect((await logIn(session.email, 'Mine-Again7!')).statusCode).toBe(200);
  });

  it('answers a made-up link with 400, never 500', async () => {
    for (const token of ['abc', ':', 'x'.repeat(200), "' or 1=1 --"]) {
      const response = await confirm(encodeURIComponent(token));
      expect(response.statusCode, token).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });
});

describe('mails of e-mail changes are limited', () => {
  it('sends one link to the same new address per 5 minutes', async () => {
    const session = await signedInCustomer('repeater');
    const newEmail = uniqueEmail('flooded');
    const info = await requestEmailChange(session, newEmail);
    const repeat = await call('PUT', '/api/users/profile', {
      token: info.token,
      body: { name: 'Sam', email: newEmail, password: NEW_PASSWORD, currentPassword: NEW_PASSWORD },
    });
    expect(repeat.statusCode).toBe(429);
    expect(repeat.json().message).toMatch(/^We sent a link to that address a moment ago\./);
    expect(Number(repeat.headers['retry-after'])).toBeGreaterThan(0);
    // Refused as a whole: the name did not change either.
    expect((await profileOf(info.token)).name).toBe('Sam Sand');
  });

  it('sends one link and one notice when 8 changes to one new address arrive at once', async () => {
    const session = await signedInCustomer('rush');
    const newEmail = uniqueEmail('rushed');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('PUT', '/api/users/profile', {
          token: session.token,
          body: { name: 'Sam', email: newEmail, password: NEW_PASSWORD, currentPassword: PASSWORD },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The others: the link was just sent (429), the cooldown counted them (429), or the first
    // one's new password ended the token they carry (401).
    expect(statuses.filter((status) => ![200, 401, 429].includes(status))).toEqual([]);
    const mailsTo = async (address: string) =>
      (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)))
        .length;
    expect(await mailsTo(newEmail)).toBe(1);
    expect(await mailsTo(session.email)).toBe(1);
    expect(
      (
        await t.database.db
          .select()
          .from(emailChangeRequests)
          .where(eq(emailChangeRequests.newEmail, newEmail))
      ).length,
    ).toBe(1);
  });

  it('lets one account ask for 5 e-mail changes an hour', async () => {
    let session = await signedInCustomer('restless');
    let currentPassword = PASSWORD;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await call('PUT', '/api/users/profile', {
        token: session.token,
        body: {
          name: session.name,
          email: uniqueEmail('restless-new'),
          password: NEW_PASSWORD,
          currentPassword,
        },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 200) {
        session = userInfoSchema.parse(response.json());
        currentPassword = NEW_PASSWORD;
      } else {
        expect(response.json().message).toMatch(/^Too many requests\. Please try again in/);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

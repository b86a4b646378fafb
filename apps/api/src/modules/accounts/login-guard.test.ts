import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import { loginThrottles, rateLimitCounters, users } from '../../db/schema';
import { openApiClient, type Answer, type ApiClient } from '../../test/api-client';
import { addVerifiedCustomer } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { verifyPassword } from './passwords';

const RIGHT = 'Right-Pass1!';
const WRONG = 'Wrong-Pass1!';
let t: TestApp;
let api: ApiClient;
let counter = 0;
const uniqueEmail = (name: string) => `${name}.${++counter}@example.com`;
const newAddress = () => `10.77.${Math.floor(counter / 250)}.${(counter++ % 250) + 1}`;

/** The hashes of every password the app checked, in order (the app's verifier, wrapped). */
const checkedHashes: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_PER_MINUTE: '100000' },
    {
      verifyPassword: (passwordHash, password) => {
        checkedHashes.push(passwordHash);
        return verifyPassword(passwordHash, password);
      },
    },
  );
  api = await openApiClient(t);
}, 60_000);
afterAll(async () => {
  await api.stop();
  await t.close();
});

const inProcess = (method: 'POST', url: string, options: { body: object; ip: string }) =>
  t.app.inject({ method, url, payload: options.body, remoteAddress: options.ip });

const login = (email: string, password: string, ip: string) =>
  api.call('POST', '/api/users/login', { body: { email, password }, ip });

async function customer(name: string) {
  const email = uniqueEmail(name);
  await addVerifiedCustomer(t.app, t.database.db, { name, email, password: RIGHT });
  return email;
}

/** Waits (bounded) until the e-mail's lockout has started: the signal that 5 attempts were counted. */
async function lockoutStarted(email: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [row] = await t.database.db
      .select({ lockedUntil: loginThrottles.lockedUntil })
      .from(loginThrottles)
      .where(eq(loginThrottles.key, `email:${email}`));
    if (row?.lockedUntil) return;
    if (Date.now() > deadline) throw new Error('the lockout never started');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** How many times the account's password was checked so far. */
async function passwordChecks(email: string): Promise<number> {
  const [row] = await t.database.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  return checkedHashes.filter((hash) => hash === row?.passwordHash).length;
}

const statuses = (answers: Answer[]) => answers.map((answer) => answer.status);
const count = (answers: Answer[], status: number) =>
  statuses(answers).filter((s) => s === status).length;

describe('parallel password guessing (finding 2)', () => {
  it('checks at most 5 passwords per lockout however many arrive at once; the right one amid 39 wrong answers 429', async () => {
    const email = await customer('guessed');
    const ip = newAddress();
    const early = Array.from({ length: 20 }, () => login(email, WRONG, ip));
    await lockoutStarted(email);
    const right = login(email, RIGHT, ip);
    const late = Array.from({ length: 19 }, () => login(email, WRONG, ip));
    const answers = await Promise.all([...early, right, ...late]);

    const rightAnswer = await right;
    expect(rightAnswer.status, api.where).toBe(429);
    expect(rightAnswer.body.message).toMatch(/^Too many attempts\. Please wait \d+:\d\d$/);
    expect(rightAnswer.body).not.toHaveProperty('token');
    // Every answer other than 429 is a password that was checked: 4 × 401 and the 5th's 429.
    expect(count(answers, 401)).toBe(4);
    expect(count(answers, 429)).toBe(36);
    expect(statuses(answers).every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('checks the password 5 times when 40 sign-ins arrive at once (counted by the app’s own verifier)', async () => {
    // In this process, whose verifier the test wraps (on PostgreSQL: its pool, in parallel).
    const email = await customer('counted');
    const checksBefore = await passwordChecks(email);
    const ip = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        inProcess('POST', '/api/users/login', {
          body: { email, password: i === 20 ? RIGHT : WRONG },
          ip,
        }),
      ),
    );
    expect((await passwordChecks(email)) - checksBefore).toBe(5);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(0);
  });

  it('never deadlocks or answers 500 when logins for the same keys race in varying order', async () => {
    const [a, b] = [await customer('race-a'), await customer('race-b')];
    const [x, y] = [newAddress(), newAddress()];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login(i % 2 ? a : b, i % 3 ? WRONG : RIGHT, i % 4 < 2 ? x : y),
      ),
    );
    expect(statuses(answers).filter((s) => ![200, 401, 429].includes(s))).toEqual([]);
  });
});

describe('the per-address guard (finding 4)', () => {
  it('lets another account sign in from an address where one e-mail is locked out', async () => {
    const [typo, other] = [await customer('typo'), await customer('colleague')];
    const office = newAddress();
    for (let i = 1; i <= 5; i += 1) {
      const answer = await login(typo, WRONG, office);
      expect(answer.status).toBe(i < 5 ? 401 : 429);
    }
    expect((await login(typo, RIGHT, office)).status).toBe(429);
    const colleague = await login(other, RIGHT, office);
    expect(colleague.status).toBe(200);
    expect(colleague.body.token).toEqual(expect.any(String));
  });

  it('allows 30 failed logins per address in 15 minutes, and a success in between clears only its own e-mail', async () => {
    const own = await customer('sprayer');
    const sprayer = newAddress();
    let failures = 0;
    // Guess other accounts' passwords, signing in to one's own account every 4 guesses.
    while (failures < 30) {
      const guess = await login(uniqueEmail('target'), WRONG, sprayer);
      expect(guess.status, `guess ${failures + 1}`).toBe(401);
      failures += 1;
      if (failures % 4 === 0) expect((await login(own, RIGHT, sprayer)).status).toBe(200);
    }
    const refused = await login(uniqueEmail('target'), WRONG, sprayer);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many failed sign-ins from your network/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    // Even a right password waits until the window passes, from that address only.
    expect((await login(own, RIGHT, sprayer)).status).toBe(429);
    expect((await login(own, RIGHT, newAddress())).status).toBe(200);

    // Once the window has passed the address may try again.
    await t.database.db
      .update(rateLimitCounters)
      .set({ windowStart: sql`now() - interval '16 minutes'` })
      .where(eq(rateLimitCounters.key, `login-failures:${sprayer}`));
    expect((await login(own, RIGHT, sprayer)).status).toBe(200);
  });

  it('holds the address limit for parallel guesses: 50 at once, exactly 30 checked', async () => {
    const sprayer = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => login(uniqueEmail('spray'), WRONG, sprayer)),
    );
    expect(count(answers, 401), api.where).toBe(30);
    expect(count(answers, 429)).toBe(20);
  });
});

describe('server-side logout (finding 10)', () => {
  it('ends the token it is called with, and only that one', async () => {
    const email = await customer('leaver');
    const first = await login(email, RIGHT, newAddress());
    const second = await login(email, RIGHT, newAddress());
    const [phone, laptop] = [String(first.body.token), String(second.body.token)];

    const out = await api.call('POST', '/api/users/logout', { token: phone });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: ACCOUNT_MESSAGES.loggedOut });
    const after = await api.call('GET', '/api/users/profile', { token: phone });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: ACCOUNT_MESSAGES.tokenFailed });
    expect((await api.call('POST', '/api/users/logout', { token: phone })).status).toBe(401);

    expect((await api.call('GET', '/api/users/profile', { token: laptop })).status).toBe(200);
    expect((await api.call('POST', '/api/users/logout')).status).toBe(401);
  });
});

describe('the client address behind a proxy (finding 5)', () => {
  it('with TRUST_PROXY=1 takes the address the proxy saw, not the entries a client writes', async () => {
    const behindProxy = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', TRUST_PROXY: '1' });
    try {
      const guess = (i: number) =>
        behindProxy.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: uniqueEmail('proxied'), password: WRONG },
          // The proxy (127.0.0.1) appends the address it saw; the client wrote the first entry.
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.9` },
        });
      for (let i = 1; i <= 30; i += 1) expect((await guess(i)).statusCode).toBe(401);
      expect((await guess(31)).statusCode).toBe(429);
    } finally {
      await behindProxy.close();
    }
  });
});

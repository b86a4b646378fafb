import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MESSAGES, OWNER_SETUP_LINK_MS } from '@shop/shared/back-office';
import { PASSWORD_TOO_WEAK } from '@shop/shared/password';
import { auditLog, users } from '../../db/schema';
import { loadEnv } from '../../env';
import { addVerifiedCustomer } from '../../test/fixtures';
import { injector } from '../../test/inject';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ensureOwner, ownerSetupNotice } from './owner-setup';

const APP_URL = 'http://shop.test';
const OWNER_PASSWORD = 'Owner-Pass1!';
let t: TestApp;
/** The app's clock; a test moves it instead of sleeping. */
let clock = Date.now();
let counter = 0;
const uniqueEmail = (name: string) => `${name}.${++counter}.${Date.now()}@example.com`;
const call = injector(
  () => t.app,
  () => `10.41.0.${(counter % 250) + 1}`,
);

beforeAll(async () => {
  t = await createTestApp({ APP_URL }, { now: () => clock });
}, 60_000);
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  clock = Date.now();
  // Each test starts from a shop without an owner (audit rows outlive the account).
  await t.database.db.delete(users).where(eq(users.role, 'owner'));
});

/** Runs the start-up step as server.ts does, with this env; answers the outcome and log lines. */
async function startUp(env: { OWNER_EMAIL?: string; OWNER_PASSWORD?: string }, now = Date.now) {
  const lines: string[] = [];
  const log = {
    info: (line: string) => lines.push(line),
    warn: (line: string) => lines.push(line),
  };
  const outcome = await ensureOwner({
    db: t.database.db,
    env: { ...t.env, ...env },
    log,
    announceSetupLink: (link) => lines.push(ownerSetupNotice(link)),
    now,
  });
  return { outcome, lines };
}

const login = (email: string, password: string) =>
  call('POST', '/api/users/login', { body: { email, password } });

async function roleOfAddress(email: string) {
  const [row] = await t.database.db
    .select({ role: users.role, verifiedAt: users.verifiedAt })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

describe('OWNER_EMAIL and OWNER_PASSWORD', () => {
  it('create a verified owner who can sign in, once', async () => {
    const email = uniqueEmail('owner');
    expect((await startUp({ OWNER_EMAIL: email, OWNER_PASSWORD })).outcome).toBe('created');
    const signedIn = await login(email, OWNER_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ email, role: 'owner' });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorEmail, email));
    expect(audit).toMatchObject({ action: 'owner.created', clientAddress: 'start-up' });
    // The next start finds the owner and changes nothing.
    expect((await startUp({ OWNER_EMAIL: uniqueEmail('other'), OWNER_PASSWORD })).outcome).toBe(
      'exists',
    );
  });

  it('stop start-up with a message when the password is weak', async () => {
    const email = uniqueEmail('weak');
    await expect(startUp({ OWNER_EMAIL: email, OWNER_PASSWORD: 'password' })).rejects.toThrow(
      `OWNER_PASSWORD is not accepted: ${PASSWORD_TOO_WEAK}`,
    );
    expect(await roleOfAddress(email)).toBeUndefined();
  });

  it("refuse an existing account's address unless OWNER_PASSWORD is its password, which promotes it", async () => {
    const email = uniqueEmail('shopper');
    await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Existing',
      email,
      password: OWNER_PASSWORD,
    });
    await expect(startUp({ OWNER_EMAIL: email, OWNER_PASSWORD: 'Wrong-Pass1!' })).rejects.toThrow(
      `OWNER_EMAIL ${email} already belongs to an account and OWNER_PASSWORD is not its password`,
    );
    expect(await roleOfAddress(email)).toMatchObject({ role: 'customer' });

    expect((await startUp({ OWNER_EMAIL: email, OWNER_PASSWORD })).outcome).toBe('promoted');
    expect(await roleOfAddress(email)).toMatchObject({ role: 'owner' });
    expect((await login(email, OWNER_PASSWORD)).json()).toMatchObject({ role: 'owner' });
  });

  it('make one owner when two processes start at once', async () => {
    const email = uniqueEmail('twice');
    const outcomes = await Promise.all([
      startUp({ OWNER_EMAIL: email, OWNER_PASSWORD }),
      startUp({ OWNER_EMAIL: email, OWNER_PASSWORD }),
    ]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['created', 'exists']);
  });

  it('are read together or not at all', () => {
    expect(() => loadEnv({ OWNER_EMAIL: 'a@b.example' })).toThrow(
      'OWNER_EMAIL and OWNER_PASSWORD are set together',
    );
    expect(loadEnv({ OWNER_EMAIL: ' Boss@Shop.Example ', OWNER_PASSWORD }).OWNER_EMAIL).toBe(
      'boss@shop.example',
    );
  });
});

describe('the one-time setup link', () => {
  const setup = (token: string, email: string) =>
    call('POST', '/api/admin/setup', {
      body: { token, name: 'Fatima Founder', email, password: OWNER_PASSWORD },
    });
  const tokenIn = (lines: string[]) => {
    const link = lines.join('\n').match(/http:\/\/shop\.test\/admin\/setup\?token=([\w-]+)/);
    if (!link?.[1]) throw new Error(`no setup link in ${lines.join('\n')}`);
    return link[1];
  };

  it('is printed at start-up without OWNER_*; it creates the owner once', async () => {
    const { outcome, lines } = await startUp({});
    expect(outcome).toBe('link-created');
    expect(lines.join('\n')).toMatch(/within 1 hour/);
    const token = tokenIn(lines);

    const bad = await setup(`${token}x`, uniqueEmail('founder'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: BACK_OFFICE_MESSAGES.setupLinkInvalid });

    const email = uniqueEmail('founder');
    const created = await setup(token, email);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ message: BACK_OFFICE_MESSAGES.ownerCreated });
    expect((await login(email, OWNER_PASSWORD)).json()).toMatchObject({
      name: 'Fatima Founder',
      role: 'owner',
    });

    const again = await setup(token, uniqueEmail('second'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: BACK_OFFICE_MESSAGES.ownerExists });
    // With an owner, start-up prints no link.
    expect(await startUp({})).toEqual({ outcome: 'exists', lines: [] });
  });

  it('works for 1 hour', async () => {
    const printedAt = Date.now();
    const token = tokenIn((await startUp({}, () => printedAt)).lines);
    clock = printedAt + OWNER_SETUP_LINK_MS + 1;
    const late = await setup(token, uniqueEmail('late'));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: BACK_OFFICE_MESSAGES.setupLinkInvalid });
    clock = printedAt + OWNER_SETUP_LINK_MS - 1000;
    expect((await setup(token, uniqueEmail('in-time'))).statusCode).toBe(201);
  });

  it('keeps the link when the setup is refused, and validates what is sent', async () => {
    const token = tokenIn((await startUp({})).lines);
    const customer = uniqueEmail('taken');
    await addVerifiedCustomer(t.app, t.database.db, { name: 'Customer', email: customer });
    const taken = await setup(token, customer);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: BACK_OFFICE_MESSAGES.staffEmailTaken });

    const weak = await call('POST', '/api/admin/setup', {
      body: { token, name: 'Fatima', email: uniqueEmail('weak'), password: 'weak' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(PASSWORD_TOO_WEAK);
    const empty = await call('POST', '/api/admin/setup', { body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toEqual(expect.any(String));

    expect((await setup(token, uniqueEmail('founder'))).statusCode).toBe(201);
  });

  it('is limited to 10 tries an hour from one address', async () => {
    const body = {
      token: 'guess',
      name: 'Guesser',
      email: uniqueEmail('guess'),
      password: OWNER_PASSWORD,
    };
    const tries = [];
    for (let i = 0; i < 11; i += 1)
      tries.push(await call('POST', '/api/admin/setup', { body, ip: '10.42.0.1' }));
    expect(tries.slice(0, 10).map((answer) => answer.statusCode)).toEqual(Array(10).fill(400));
    const refused = tries[10];
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json().message).toMatch(
      /^Too many requests\. Please try again in \d+ minutes\.$/,
    );
  });

  it('answers 409 once the shop has an owner, whatever the token', async () => {
    await startUp({ OWNER_EMAIL: uniqueEmail('boss'), OWNER_PASSWORD });
    const answer = await setup('anything', uniqueEmail('late'));
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ message: BACK_OFFICE_MESSAGES.ownerExists });
  });
});

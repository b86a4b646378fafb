import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import { addProduct, addVerifiedCustomer, productIdByHandle } from '../test/fixtures';
import { withDeadline } from '../lib/deadline';
import { createTestApp, type TestApp } from '../test/test-app';
import {
  findPostgresBinaries,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../test/throwaway-postgres';
import type { Database } from './client';
import { DATABASE_BUSY_MESSAGE, isDatabaseUnavailable } from './database-errors';

// A PostgreSQL server of the test's own that it can stall (SIGSTOP) and resume, with the app's
// shipped timeouts. Outside CI a machine without the server binaries skips it; CI must run it.
const binaries = findPostgresBinaries();
const runs = Boolean(binaries) || Boolean(process.env.CI);

/** Enough connections that every step of the stall finds idle ones already connected. */
const POOL_SIZE = 6;
const EMAIL = 'stalled@example.com';
const PASSWORD = 'Stall-Pass1!';
/** Longer than the finding's limit of 15 s, so a hang fails as 'no answer' instead of hanging. */
const GIVE_UP_MS = 20_000;

let server: ThrowawayPostgres | undefined;
let t: TestApp | undefined;
let origin = '';
let productId = '';

interface Answer {
  status: number;
  body: { message?: string; token?: string; _id?: string };
  ms: number;
  retryAfter: string | null;
}

async function call(path: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${origin}${path}`, {
    ...init,
    signal: AbortSignal.timeout(GIVE_UP_MS),
  });
  const body = (await response.json()) as Answer['body'];
  const ms = Math.round(performance.now() - started);
  return { status: response.status, body, ms, retryAfter: response.headers.get('retry-after') };
}

const ready = () => call('/api/ready');
const readProduct = () => call(`/api/products/${productId}`);
const login = () =>
  call('/api/users/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
/** A made-up verification link: the request's first database work is a transaction. */
const verify = () => call(`/api/users/verify/${randomUUID()}/not-a-real-token`);

function expectBusy(answer: Answer) {
  expect(answer).toMatchObject({ status: 503, body: { message: DATABASE_BUSY_MESSAGE } });
  expect(answer.retryAfter).toBe('5');
  expect(answer.ms).toBeLessThan(15_000);
}

/** `count` transactions that must all be open at once: the pool has that many working connections. */
async function openTransactionsAtOnce(db: Database, count: number): Promise<void> {
  let open = 0;
  let letGo = () => {};
  const allOpen = new Promise<void>((resolve) => (letGo = resolve));
  const one = () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      open += 1;
      if (open === count) letGo();
      await allOpen;
    });
  // A transaction that cannot get a connection lets the others finish, then fails the test.
  const all = Array.from({ length: count }, () =>
    one().catch((error: unknown) => (letGo(), error)),
  );
  expect((await Promise.all(all)).filter(Boolean)).toEqual([]);
}

describe.runIf(runs)(
  'a stalled PostgreSQL (SIGSTOP): timeouts and recovery',
  { timeout: 40_000 },
  () => {
    beforeAll(async () => {
      if (!binaries) throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql');
      server = await startThrowawayPostgres(binaries);
      // The background workers stay out of the way: the steps below count on idle connections.
      t = await createTestApp(
        { MAIL_POLL_MS: '600000', HOLD_SWEEP_MS: '3600000', REFUND_SWEEP_MS: '3600000' },
        { databaseUrl: server.url, poolSize: POOL_SIZE },
      );
      origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
      productId = await productIdByHandle(t.database.db, await addProduct(t.database.db));
      await addVerifiedCustomer(t.app, t.database.db, {
        name: 'Stalled',
        email: EMAIL,
        password: PASSWORD,
      });
    });
    afterAll(async () => {
      try {
        await server?.resume();
        // Bounded: a pool that lost connections (the failure this file looks for) never closes.
        if (t) await withDeadline(t.close(), 10_000, 'closing the app');
      } finally {
        await server?.remove();
      }
    });

    it('serves a login and a product read while PostgreSQL answers', async () => {
      expect((await ready()).status).toBe(200);
      expect((await login()).status).toBe(200);
      expect((await readProduct()).status).toBe(200);
      // Every connection of the pool opened and idle, as in a shop that has been busy.
      await openTransactionsAtOnce(t!.database.db, POOL_SIZE);
    });

    it('fails a transaction the stall caught midway after one query timeout, not two', async () => {
      const db = t!.database.db;
      let stalledAt = 0;
      const failure = await db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await server!.stall();
          stalledAt = performance.now();
          await tx.execute(sql`select 1`);
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      const ms = Math.round(performance.now() - stalledAt);
      await server!.resume();
      expect(isDatabaseUnavailable(failure)).toBe(true);
      // The query's timeout (5 s + 1 s) ends it; the rollback does not wait out a second one.
      expect(ms).toBeLessThan(9000);
      console.log(`stalled midway: the transaction failed after ${ms} ms`);
      // Its connection was dropped, and the pool has all of them again.
      await openTransactionsAtOnce(db, POOL_SIZE);
    });

    describe('while PostgreSQL is stalled', () => {
      beforeAll(() => server!.stall());
      afterAll(() => server!.resume());

      it('answers GET /api/ready with 503 within 5 s', async () => {
        const answer = await ready();
        expect(answer).toMatchObject({ status: 503, body: { message: 'Database unavailable' } });
        expect(answer.ms).toBeLessThan(5000);
        console.log(`stalled: /api/ready answered ${answer.status} in ${answer.ms} ms`);
      });

      it('answers a login and a product read with 503 { message } within 15 s', async () => {
        const [loggingIn, reading] = await Promise.all([login(), readProduct()]);
        expectBusy(loggingIn);
        expectBusy(reading);
        console.log(`stalled: login ${loggingIn.ms} ms, product read ${reading.ms} ms`);
      });

      it('answers requests whose transaction cannot begin with 503 within 15 s', async () => {
        const answers = await Promise.all([verify(), verify(), verify()]);
        for (const answer of answers) expectBusy(answer);
        console.log(`stalled: transactions ${answers.map((a) => a.ms).join(', ')} ms`);
      });
    });

    it('serves again once PostgreSQL resumes, without a restart, on every pooled connection', async () => {
      const resumedAt = performance.now();
      let answer = await ready();
      while (answer.status !== 200 && performance.now() - resumedAt < GIVE_UP_MS) {
        await new Promise((resolve) => setTimeout(resolve, 100)); // poll interval
        answer = await ready();
      }
      expect(answer.status).toBe(200);
      console.log(`resumed: ready again after ${Math.round(performance.now() - resumedAt)} ms`);

      const loggedIn = await login();
      expect(loggedIn.status).toBe(200);
      expect(loggedIn.body.token).toBeTruthy();
      expect(await readProduct()).toMatchObject({ status: 200, body: { _id: productId } });
      expect(await verify()).toMatchObject({
        status: 400,
        body: { message: ACCOUNT_MESSAGES.badVerificationLink },
      });
      // No connection was lost to the stall: the pool can still open all of them at once.
      await openTransactionsAtOnce(t!.database.db, POOL_SIZE);
    });
  },
);

import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SAMPLE_ADDRESS,
  addProduct,
  addVerifiedCustomer,
  productIdByHandle,
} from './test/fixtures';
import { createTestApp, type TestApp } from './test/test-app';
import { hashMailedToken } from './modules/accounts/tokens';

/**
 * What the log keeps of a failure: the request id, the route, the status and the error's code,
 * never the values the failing query carried (e-mail, password hash, address) nor a token that
 * came in the URL. The database errors here are real: the test's own database is given a
 * constraint the request breaks, or loses a table the request reads.
 */
let t: TestApp;
const lines: string[] = [];
let productId: string;
let ipCounter = 0;
const nextIp = () => `10.60.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

type LogLine = Record<string, unknown> & { reqId?: string; level: number; msg?: string };
const logOf = (reqId: string): LogLine[] =>
  lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.reqId === reqId);
const wholeLog = () => lines.join('\n');

/** A request under an id of our choosing, so the test can find its log lines. */
function send(options: {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  body?: object;
  token?: string;
}) {
  const reqId = `log-test-${randomUUID()}`;
  const response = t.app.inject({
    method: options.method,
    url: options.url,
    remoteAddress: nextIp(),
    ...(options.body ? { payload: options.body } : {}),
    headers: {
      'x-request-id': reqId,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
  });
  return response.then((answer) => ({ answer, reqId }));
}

/** The request's error line: request id, method, route, status and the database's SQLSTATE. */
function expectErrorLine(reqId: string, expected: { route: string; code: string }) {
  const own = logOf(reqId);
  const errorLine = own.find((line) => line.level >= 50 && line.err !== undefined);
  expect(errorLine, JSON.stringify(own)).toBeDefined();
  expect(errorLine).toMatchObject({
    reqId,
    route: expected.route,
    statusCode: 500,
    err: {
      type: 'DrizzleQueryError',
      code: expected.code,
      cause: { type: 'DatabaseError', code: expected.code },
    },
  });
  expect(typeof (errorLine?.err as { stack?: unknown }).stack).toBe('string');
  // The one-line-per-request summary says the same, without the error.
  expect(own.some((line) => line.msg === 'request failed' && line.route === expected.route)).toBe(
    true,
  );
}

/** Neither the values nor the text of the failing query reach the log. */
function expectNoneOf(secrets: string[]) {
  const log = wholeLog();
  for (const secret of [...secrets, '$argon2', 'Failed query', '"params"', 'insert into']) {
    expect(log, secret).not.toContain(secret);
  }
}

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'debug' },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  await addProduct(t.database.db, { handle: 'log-tote', name: 'Log Tote', stock: { total: 20 } });
  productId = await productIdByHandle(t.database.db, 'log-tote');
});
afterAll(() => t.close());

describe('the log of a failing request', () => {
  it('holds the request id, route and SQLSTATE of a refused registration, not the e-mail or password hash', async () => {
    await t.database.db.execute(
      sql`alter table users add constraint log_test_name check (name <> 'Refused Name')`,
    );
    const email = 'refused.person@example.com';
    const password = 'Sunny-Dunes1';
    const { answer, reqId } = await send({
      method: 'POST',
      url: '/api/users',
      body: { name: 'Refused Name', email, password },
    });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
    });
    expectErrorLine(reqId, { route: '/api/users', code: '23514' });
    expectNoneOf([email, password, 'Refused Name']);
  });

  it('holds no e-mail, name or password hash of a refused profile update', async () => {
    const { token } = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Pia Profile',
      email: 'pia.profile@example.com',
    });
    const { answer, reqId } = await send({
      method: 'PUT',
      url: '/api/users/profile',
      token,
      body: {
        name: 'Refused Name',
        email: 'pia.new@example.com',
        password: 'Sunny-Dunes2',
        currentPassword: 'Fixture-Pass1!',
      },
    });
    expect(answer.statusCode).toBe(500);
    expectErrorLine(reqId, { route: '/api/users/profile', code: '23514' });
    expectNoneOf(['pia.profile@example.com', 'pia.new@example.com', 'Refused Name', token]);
  });

  it('holds no e-mail or address of a refused guest checkout', async () => {
    await t.database.db.execute(
      sql`alter table orders add constraint log_test_city check (shipping_address->>'city' <> 'Refusedville')`,
    );
    const address = { ...SAMPLE_ADDRESS, address: '77 Secret Lane', city: 'Refusedville' };
    const { answer, reqId } = await send({
      method: 'POST',
      url: '/api/orders/guest-checkout-session',
      body: {
        orderItems: [{ product: productId, qty: 1 }],
        shippingAddress: address,
        email: 'secret.buyer@example.com',
      },
    });
    expect(answer.statusCode).toBe(500);
    expectErrorLine(reqId, { route: '/api/orders/guest-checkout-session', code: '23514' });
    expectNoneOf(['secret.buyer@example.com', '77 Secret Lane', 'Refusedville']);
  });

  it('holds no token of the URL, nor its hash, when the table it is looked up in is gone', async () => {
    const resetToken = randomBytes(32).toString('base64url');
    await t.database.db.execute(sql`alter table password_reset_tokens rename to log_test_gone`);
    try {
      const { answer, reqId } = await send({
        method: 'POST',
        url: `/api/users/reset-password/${resetToken}`,
        body: { password: 'Sunny-Dunes3' },
      });
      expect(answer.statusCode).toBe(500);
      expectErrorLine(reqId, { route: '/api/users/reset-password/:token', code: '42P01' });
      expectNoneOf([resetToken, hashMailedToken(resetToken), 'password_reset_tokens"']);
    } finally {
      await t.database.db.execute(sql`alter table log_test_gone rename to password_reset_tokens`);
    }
  });
});

describe('the line of every request', () => {
  it('names the route, not the URL, so tokens in paths and queries stay out of the log', async () => {
    const orderToken = randomBytes(32).toString('base64url');
    const resetToken = randomBytes(32).toString('base64url');
    const verifyToken = randomBytes(32).toString('hex');
    const userId = randomUUID();
    const orderId = randomUUID();

    const order = await send({ method: 'GET', url: `/api/orders/${orderId}?token=${orderToken}` });
    expect(order.answer.statusCode).toBe(404);
    const verify = await send({
      method: 'GET',
      url: `/api/users/verify/:${userId}/:${verifyToken}`,
    });
    expect(verify.answer.statusCode).toBe(400);
    const reset = await send({
      method: 'POST',
      url: `/api/users/reset-password/${resetToken}`,
      body: { password: 'Sunny-Dunes4' },
    });
    expect(reset.answer.statusCode).toBe(400);
    // The storefront's own link pages, which the server answers without a route of their own.
    const page = await send({
      method: 'GET',
      url: `/reset-password/${resetToken}?x=${orderToken}`,
    });
    const orderPage = await send({ method: 'GET', url: `/order/${orderId}?token=${orderToken}` });

    expect(logOf(order.reqId)).toContainEqual(
      expect.objectContaining({ method: 'GET', route: '/api/orders/:id', statusCode: 404 }),
    );
    expect(logOf(verify.reqId)).toContainEqual(
      expect.objectContaining({
        route: '/api/users/verify/:userId/:uniqueString',
        statusCode: 400,
      }),
    );
    expect(logOf(reset.reqId)).toContainEqual(
      expect.objectContaining({ route: '/api/users/reset-password/:token', statusCode: 400 }),
    );
    expect(logOf(page.reqId)).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/reset-password/:value' }),
    );
    expect(logOf(orderPage.reqId)).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/order/:value' }),
    );
    expectNoneOf([orderToken, resetToken, verifyToken, userId, orderId]);
  });

  it('takes a plain request id from the proxy, and no other text from that header', async () => {
    const plain = await send({ method: 'GET', url: '/api/nothing-here' });
    expect(logOf(plain.reqId)).toHaveLength(1);
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'x-request-id': 'ana.request@example.com' },
    });
    expect(foreign.statusCode).toBe(404);
    expectNoneOf(['ana.request@example.com']);
  });
});

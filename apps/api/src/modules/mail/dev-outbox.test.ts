import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TEST_CHECKOUT_CSS } from '../payments/test-checkout-page';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const register = (app: TestApp['app'], email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/users',
    payload: { name: 'Dev Eloper', email, password: 'Outbox-Check1!' },
  });

describe('the dev outbox', () => {
  it('keeps mail in the database without SMTP and lists it newest first', async () => {
    t = await createTestApp({ APP_URL: 'http://localhost:3000' });
    expect((await register(t.app, 'first@example.com')).statusCode).toBe(201);
    expect((await register(t.app, 'second@example.com')).statusCode).toBe(201);
    const outbox = (await t.app.inject('/api/dev/outbox')).json();
    expect(outbox.map((mail: { to: string }) => mail.to)).toEqual([
      'second@example.com',
      'first@example.com',
    ]);
    expect(outbox[0]).toMatchObject({ subject: 'Verify your email for Sadu Sands' });
    expect(outbox[0].text).toMatch(/http:\/\/localhost:3000\/verify\/[0-9a-f-]{36}\/\S+/);
    expect(outbox[0].html).toContain('Verify my email');
    expect(Date.parse(outbox[0].createdAt)).not.toBeNaN();
  });

  it('does not exist in production', async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      ALLOW_TEST_CHECKOUT: 'true',
      I_UNDERSTAND_TEST_CHECKOUT_TAKES_NO_MONEY: 'true',
    });
    const response = await t.app.inject('/api/dev/outbox');
    expect(response.statusCode).toBe(404);
  });

  it('does not exist beside real mail, even in development', async () => {
    t = await createTestApp({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect((await register(t.app, 'real-mail@example.com')).statusCode).toBe(201);
    const response = await t.app.inject('/api/dev/outbox');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('real-mail@example.com');
  });

  it('leaves the test checkout out when a real card provider is configured', async () => {
    t = await createTestApp({
      NODE_ENV: 'development',
      STRIPE_SECRET_KEY: 'sk_test_not_used',
      STRIPE_WEBHOOK_SECRET: 'whsec_not_used',
    });
    // (Where the storefront is built, its page answers unknown paths: never the test checkout.)
    expect((await t.app.inject('/test-checkout/cs_test_anything')).body).not.toContain('TEST MODE');
    expect((await t.app.inject('/test-checkout/style.css')).body).not.toBe(TEST_CHECKOUT_CSS);
  });

  it('in production without SMTP keeps mail but never prints its links to the log', async () => {
    const lines: string[] = [];
    t = await createTestApp(
      {
        NODE_ENV: 'production',
        ALLOW_TEST_CHECKOUT: 'true',
        I_UNDERSTAND_TEST_CHECKOUT_TAKES_NO_MONEY: 'true',
        LOG_LEVEL: 'info',
      },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    expect((await register(t.app, 'prod-no-smtp@example.com')).statusCode).toBe(201);
    const deadline = Date.now() + 20_000;
    while (!lines.some((line) => line.includes('mail kept in mail_outbox'))) {
      expect(Date.now(), 'the mail worker handled the mail').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const log = lines.join('\n');
    expect(log).toContain('Verify your email');
    expect(log).not.toContain('/verify/');
    expect(log).not.toContain('prod-no-smtp@example.com');
  });
});

import { describe, expect, it } from 'vitest';
import { InvalidEnvError, appUrl, loadEnv } from './env';

describe('loadEnv', () => {
  it('runs with nothing configured: embedded database, port 3000, dev outbox, test checkout', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ NODE_ENV: 'development', PORT: 3000, DATA_DIR: './data' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(appUrl(env)).toBe('http://localhost:3000');
  });

  it('takes TRUST_PROXY as a hop count or a list of proxy addresses, and refuses true', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true would believe any X-Forwarded-For a client writes; set the number of proxies/,
    );
    expect(() => loadEnv({ TRUST_PROXY: 'proxy.example' })).toThrow(/not an address: proxy/);
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not an address/);
  });

  it('bounds every wait on PostgreSQL by default: 5 s to connect, 5 s a statement, 2 s readiness', () => {
    expect(loadEnv({})).toMatchObject({
      DB_CONNECT_TIMEOUT_MS: 5000,
      DB_QUERY_TIMEOUT_MS: 5000,
      DB_READY_TIMEOUT_MS: 2000,
    });
    expect(() => loadEnv({ DB_QUERY_TIMEOUT_MS: '0' })).toThrow(/DB_QUERY_TIMEOUT_MS/);
  });

  it('lets the heap grow half past its last collection by default; 0 leaves it to V8', () => {
    expect(loadEnv({}).HEAP_GROWTH_PERCENT).toBe(50);
    expect(loadEnv({ HEAP_GROWTH_PERCENT: '0' }).HEAP_GROWTH_PERCENT).toBe(0);
    expect(() => loadEnv({ HEAP_GROWTH_PERCENT: '-1' })).toThrow(/HEAP_GROWTH_PERCENT/);
    expect(() => loadEnv({ HEAP_GROWTH_PERCENT: '1000' })).toThrow(/HEAP_GROWTH_PERCENT/);
  });

  it('treats blank values as unset', () => {
    expect(loadEnv({ DATABASE_URL: '  ', SMTP_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('stops with a readable list of every wrong value', () => {
    let error: unknown;
    try {
      loadEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'http://mail',
        SUPPORT_EMAIL: 'nobody',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidEnvError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration:/);
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'SUPPORT_EMAIL'])
      expect(message).toContain(`- ${name}:`);
  });

  it('refuses to run in production without a JWT secret or a real card provider', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET is required in production/,
    );
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toThrow(
      /STRIPE_SECRET_KEY is required in production/,
    );
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(
      loadEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ...stripe }).NODE_ENV,
    ).toBe('production');
  });

  it('refuses the test checkout in production without the second, explicit acknowledgement', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(() => loadEnv({ ...production, ALLOW_TEST_CHECKOUT: 'true' })).toThrow(
      /- I_UNDERSTAND_TEST_CHECKOUT_TAKES_NO_MONEY: ALLOW_TEST_CHECKOUT=true in production/,
    );
    // Beside a real card provider too: the flag alone still opens the test checkout's routes.
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(() => loadEnv({ ...production, ...stripe, ALLOW_TEST_CHECKOUT: 'true' })).toThrow(
      /I_UNDERSTAND_TEST_CHECKOUT_TAKES_NO_MONEY/,
    );
    expect(() =>
      loadEnv({
        ...production,
        ALLOW_TEST_CHECKOUT: 'true',
        I_UNDERSTAND_TEST_CHECKOUT_TAKES_NO_MONEY: 'false',
      }),
    ).toThrow(/I_UNDERSTAND_TEST_CHECKOUT_TAKES_NO_MONEY/);
    const acknowledged = loadEnv({
      ...production,
      ALLOW_TEST_CHECKOUT: 'true',
      I_UNDERSTAND_TEST_CHECKOUT_TAKES_NO_MONEY: 'true',
    });
    expect(acknowledged).toMatchObject({
      ALLOW_TEST_CHECKOUT: true,
      I_UNDERSTAND_TEST_CHECKOUT_TAKES_NO_MONEY: true,
    });
    // Development needs neither: the test checkout is its default.
    expect(loadEnv({ ALLOW_TEST_CHECKOUT: 'true' }).NODE_ENV).toBe('development');
  });

  it('requires the webhook secret with a Stripe key', () => {
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('uses APP_URL without a trailing slash as the public origin', () => {
    expect(appUrl(loadEnv({ APP_URL: 'https://shop.example.com/' }))).toBe(
      'https://shop.example.com',
    );
  });
});

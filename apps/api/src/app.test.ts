import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, paypalConfigSchema, shopConfigSchema } from '@shop/shared/catalog';
import { DEFAULT_SUPPORT_EMAIL } from '@shop/shared/shop';
import { AppError } from './errors';
import { registerErrorHandling } from './plugins/error-handler';
import { createTestApp, type TestApp } from './test/test-app';

describe('the app with a built storefront', () => {
  let t: TestApp;
  let webDistDir: string;

  beforeAll(async () => {
    webDistDir = await mkdtemp(path.join(tmpdir(), 'shop-web-'));
    await mkdir(path.join(webDistDir, 'assets'));
    await writeFile(
      path.join(webDistDir, 'index.html'),
      '<!doctype html><title>Shop</title><div id="root"></div>',
    );
    await writeFile(path.join(webDistDir, 'assets', 'app-1234.js'), 'console.log(1)');
    // The copies the build writes beside a text file (vite-plugins/precompress.ts).
    const script = 'console.log("compressed");'.repeat(20);
    await writeFile(path.join(webDistDir, 'assets', 'big-5678.js'), script);
    await writeFile(path.join(webDistDir, 'assets', 'big-5678.js.br'), brotliCompressSync(script));
    await writeFile(path.join(webDistDir, 'assets', 'big-5678.js.gz'), gzipSync(script));
    t = await createTestApp(
      {
        PAYPAL_CLIENT_ID: 'sb-client-id',
        SUPPORT_EMAIL: 'help@shop.test',
        RATE_LIMIT_PER_MINUTE: '1000',
      },
      { webDistDir },
    );
  });
  afterAll(async () => {
    await t.close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  it('answers health without the database and readiness with it', async () => {
    const health = await t.app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: t.database.kind });
  });

  it('answers the configured wallet client id and shop facts', async () => {
    expect(paypalConfigSchema.parse((await t.app.inject('/api/config/paypal')).json())).toEqual({
      clientId: 'sb-client-id',
    });
    expect(shopConfigSchema.parse((await t.app.inject('/api/config/shop')).json())).toEqual({
      name: 'Sadu Sands',
      supportEmail: 'help@shop.test',
    });
  });

  it('allows the wallet provider’s script in the CSP only when a client id is configured', async () => {
    const csp = String((await t.app.inject('/api/health')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://www.paypal.com");
    expect(csp).toContain('frame-src https://www.paypal.com');
  });

  it('sends a strict content security policy that forbids framing', async () => {
    const response = await t.app.inject('/api/health');
    const csp = response.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers unknown API paths with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/nothing-here?x=1' });
      expect(response.statusCode).toBe(404);
      expect(errorBodySchema.parse(response.json()).message).toBe(
        `Not found: ${method} /api/nothing-here`,
      );
    }
  });

  it('serves the storefront for any other path, so the SPA can route it', async () => {
    for (const url of ['/', '/products/abc', '/search/tote/page/2', '/no-such-page']) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await t.app.inject('/assets/app-1234.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed copy a browser accepts, and the file itself to others', async () => {
    const url = '/assets/big-5678.js';
    const brotli = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('"compressed"');

    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('"compressed"');
  });

  it('answers a malformed JSON body with 400 and a message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(errorBodySchema.parse(response.json()).message).toEqual(expect.any(String));
  });
});

describe('rate limiting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 with a message and Retry-After once a client exceeds the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await t.app.inject('/api/config/shop')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await t.app.inject('/api/config/shop');
    expect(limited.headers['retry-after']).toBeDefined();
    expect(errorBodySchema.parse(limited.json()).message).toMatch(
      /^Too many requests\. Please try again in \d+ seconds\.$/,
    );
  });

  it('limits the payment webhook too, at the same number per address, counted apart from other calls', async () => {
    const remoteAddress = '192.0.2.40';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      statuses.push(response.statusCode);
    }
    // Unsigned events are refused (400) until the limit, then the flood guard answers first.
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect((await t.app.inject({ url: '/api/config/shop', remoteAddress })).statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one client, and IPv4-mapped ones as IPv4', async () => {
    const from = (remoteAddress: string) =>
      t.app.inject({ url: '/api/config/shop', remoteAddress }).then((r) => r.statusCode);
    const statuses = [];
    for (const address of [
      '2001:db8:5:6::1',
      '2001:db8:5:6::2',
      '2001:db8:5:6:ab:cd:ef:1',
      '2001:db8:5:6:ffff:ffff:ffff:ffff',
    ])
      statuses.push(await from(address));
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await from('2001:db8:5:7::1')).toBe(200);
    for (let i = 0; i < 3; i += 1) expect(await from('192.0.2.44')).toBe(200);
    expect(await from('::ffff:192.0.2.44')).toBe(429);
  });

  it('never limits the health check a load balancer polls', async () => {
    for (let i = 0; i < 5; i += 1) expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  });
});

describe('the app without a built storefront', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { webDistDir: path.join(tmpdir(), 'no-such-web-dist') });
  });
  afterAll(() => t.close());

  it('says how to build it instead of failing', async () => {
    const response = await t.app.inject('/');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'The storefront is not built. Run `npm run build`.',
    });
  });

  it('answers the default support address when none is configured, and an empty wallet client id', async () => {
    expect((await t.app.inject('/api/config/shop')).json().supportEmail).toBe(
      DEFAULT_SUPPORT_EMAIL,
    );
    expect((await t.app.inject('/api/config/paypal')).json()).toEqual({ clientId: '' });
    const csp = String((await t.app.inject('/api/health')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('paypal');
  });
});

describe('the error handler', () => {
  it('maps AppError kinds to statuses and headers, and hides the details of unexpected failures', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/conflict', async () => {
      throw new AppError('conflict', 'Only 2 left of Poppy Flower Tote (B)');
    });
    app.get('/too-many', async () => {
      throw new AppError('too_many', 'Too many attempts. Please wait 1:00', {
        'retry-after': '60',
      });
    });
    app.get('/crash', async () => {
      throw new Error(
        'connection to 10.0.0.5 refused: password authentication failed for user shop',
      );
    });

    const conflict = await app.inject('/conflict');
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ message: 'Only 2 left of Poppy Flower Tote (B)' });
    const tooMany = await app.inject('/too-many');
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.headers['retry-after']).toBe('60');
    const crash = await app.inject('/crash');
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(crash.body).not.toContain('10.0.0.5');
    await app.close();
  });
});

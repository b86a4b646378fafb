import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductWrite } from '@shop/shared/admin-catalog';
import { databaseUrlOf } from '../../test/api-client';
import { startApiProcess, type ApiProcess } from '../../test/api-process';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { createTestApp, TEST_DATABASE_URL, type TestApp } from '../../test/test-app';

/**
 * "A change shows in the storefront of every API process within 2 seconds." On PostgreSQL: two
 * API processes of their own with the catalog cache at its default (1 s); the owner writes through
 * one, a shopper reads through the other. On PGlite there is one process, with a cache of a minute:
 * the write must clear it at once.
 */

interface Api {
  call(
    method: string,
    url: string,
    options?: { token?: string; body?: unknown },
  ): Promise<{ status: number; body: Record<string, unknown> }>;
}

let t: TestApp;
let processes: ApiProcess[] = [];
let writer: Api;
let reader: Api;
let token: string;

function overHttp(origin: string): Api {
  return {
    async call(method, url, options = {}) {
      const response = await fetch(`${origin}${url}`, {
        method,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
  };
}

function inProcess(app: TestApp['app']): Api {
  return {
    async call(method, url, options = {}) {
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
        ...(options.body === undefined ? {} : { payload: options.body as object }),
      });
      return { status: response.statusCode, body: response.json() };
    },
  };
}

beforeAll(async () => {
  t = await createTestApp({ CATALOG_CACHE_MS: '60000' });
  token = (await addBackOfficeUser(t, 'owner')).token;
  if (TEST_DATABASE_URL) {
    const url = await databaseUrlOf(t.database);
    // The production default of CATALOG_CACHE_MS (api-process sets 0 for other tests).
    processes = await Promise.all([
      startApiProcess(url, { CATALOG_CACHE_MS: '1000' }),
      startApiProcess(url, { CATALOG_CACHE_MS: '1000' }),
    ]);
    writer = overHttp(processes[0]?.origin ?? '');
    reader = overHttp(processes[1]?.origin ?? '');
  } else {
    writer = inProcess(t.app);
    reader = writer;
  }
}, 60_000);
afterAll(async () => {
  await Promise.all(processes.map((process) => process.stop()));
  await t.close();
});

/** Asks until `done` holds or 2 s have passed; answers how long it took, or fails. */
async function withinTwoSeconds(ask: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  const deadline = started + 2000;
  for (;;) {
    if (await ask()) return Date.now() - started;
    if (Date.now() > deadline) throw new Error('not seen within 2 s');
    await delay(50);
  }
}

const write: ProductWrite = {
  name: 'Propagation Hoodie',
  description: '<p>Warm.</p>',
  price: 55,
  category: 'hoodies',
  hasSize: true,
  hasAandB: false,
};

describe(`a catalog change reaches every API process's storefront (${TEST_DATABASE_URL ? 'two API processes on PostgreSQL' : 'PGlite'})`, () => {
  it('a draft is 404; once published it shows within 2 s, and so does a new price', async () => {
    const created = await writer.call('POST', '/api/admin/products', { token, body: write });
    expect(created.status).toBe(201);
    const id = String(created.body._id);
    const product = () => reader.call('GET', `/api/products/${id}`);
    const listing = async () =>
      ((await reader.call('GET', '/api/products?keyword=Propagation')).body.products as unknown[])
        .length;
    // The reader has answered (and cached) the listing without it.
    expect((await product()).status).toBe(404);
    expect(await listing()).toBe(0);

    const published = await writer.call('PUT', `/api/admin/products/${id}`, {
      token,
      body: { ...write, status: 'published' },
    });
    expect(published.status).toBe(200);
    await withinTwoSeconds(async () => (await product()).status === 200);
    await withinTwoSeconds(async () => (await listing()) === 1);

    const repriced = await writer.call('PUT', `/api/admin/products/${id}`, {
      token,
      body: { ...write, price: 49.5 },
    });
    expect(repriced.status).toBe(200);
    await withinTwoSeconds(async () => (await product()).body.price === 49.5);

    const drafted = await writer.call('PUT', `/api/admin/products/${id}`, {
      token,
      body: { ...write, status: 'draft' },
    });
    expect(drafted.status).toBe(200);
    await withinTwoSeconds(async () => (await product()).status === 404);
  });
});

import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems } from './db/schema';
import { addProduct, addVerifiedCustomer, productIdByHandle } from './test/fixtures';
import { placeUnpaidOrder } from './test/paid-orders';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * One contract, checked where the answer leaves: every JSON route declares the schema of each
 * status it answers (packages/shared), Fastify encodes the answer with it, and an answer that
 * breaks it is a logged 500 with the usual `{ message }`, never a broken answer to a shopper.
 */

/** The routes that answer something else than JSON, and why. */
const NOT_JSON: Record<string, string> = {
  'GET /': 'the server-rendered storefront page',
  'GET /test-checkout/:sessionId': 'the built-in hosted checkout: an HTML page',
  'POST /test-checkout/:sessionId/pay': 'a redirect (or an HTML page when the checkout is closed)',
  'POST /test-checkout/:sessionId/cancel':
    'a redirect (or an HTML page when the checkout is closed)',
  'GET /api/users/profile/export': "a file: the account's data, written out as an attachment",
  'GET /api/images/:name': 'a file: a photo rendition',
  'GET /api/admin/products.csv': "a file: the catalog's CSV",
  'POST /api/admin/order-documents.pdf': 'a file: packing slips or invoices as a PDF',
  'GET /api/admin/orders.csv': 'a file: the filtered order list as CSV, streamed',
  'GET /api/admin/discounts/:id/codes.csv': "a file: a discount's single-use codes as CSV",
  'GET /sitemaps/:file': 'a file: a sitemap file (XML) that /sitemap.xml names',
};

/** Built files (the storefront's, the test checkout's stylesheet, sitemap.xml, robots.txt). */
const isFileOutsideApi = (url: string) => !url.startsWith('/api/') && /\.[a-z0-9]+$/i.test(url);

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

let t: TestApp;
const routes: RouteOptions[] = [];
const logLines: string[] = [];
let ipCounter = 0;
const nextIp = () => `10.71.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    { onRoute: (route) => routes.push(route), logStream: { write: (line) => logLines.push(line) } },
  );
});
afterAll(async () => {
  await t?.close();
});

const keyOf = (route: RouteOptions) => `${[route.method].flat().join(',')} ${route.url}`;

describe('every JSON route', () => {
  it('declares a schema for its success answers and for the { message } of 4xx and 5xx', () => {
    const json = routes.filter(
      (route) =>
        route.method !== 'HEAD' && !(keyOf(route) in NOT_JSON) && !isFileOutsideApi(route.url),
    );
    const missing = json.flatMap((route) => {
      const statuses = Object.keys((route.schema?.response as object | undefined) ?? {});
      const lacks = [
        ...(statuses.some((status) => /^2\d\d$/.test(status)) ? [] : ['a 2xx']),
        ...['4xx', '5xx'].filter((range) => !statuses.includes(range)),
      ];
      return lacks.length ? [`${keyOf(route)} lacks ${lacks.join(', ')}`] : [];
    });
    expect(missing).toEqual([]);
    // The walk saw all of the app's API routes, the shopper's among them.
    expect(json.length).toBeGreaterThan(50);
    expect(json.map(keyOf)).toEqual(
      expect.arrayContaining(['GET /api/products', 'POST /api/users/login', 'GET /api/orders/:id']),
    );
  });

  it('names only exceptions that are routes', () => {
    const registered = new Set(routes.map(keyOf));
    expect(Object.keys(NOT_JSON).filter((key) => !registered.has(key))).toEqual([]);
  });
});

describe('an answer that breaks its schema', () => {
  const logOf = (reqId: string) =>
    logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.reqId === reqId);

  async function expectLoggedServerError(
    request: { method: 'GET'; url: string; token?: string },
    route: string,
  ) {
    const reqId = `contract-${randomUUID()}`;
    const answer = await t.app.inject({
      method: request.method,
      url: request.url,
      remoteAddress: nextIp(),
      headers: {
        'x-request-id': reqId,
        ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
      },
    });
    expect(answer.statusCode).toBe(500);
    // The contract's error body, never the value that broke it nor a stack.
    expect(answer.json()).toEqual({ message: INTERNAL_MESSAGE });
    const errorLine = logOf(reqId).find((line) => line.msg === 'unexpected error');
    expect(errorLine, JSON.stringify(logOf(reqId))).toMatchObject({
      route,
      statusCode: 500,
      err: { code: 'FST_ERR_RESPONSE_SERIALIZATION' },
    });
  }

  it('is a logged 500 on a route Fastify serialises (an order line of a size the shop does not sell)', async () => {
    const customer = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Contract Tester',
      email: 'contract-order@example.com',
    });
    const productId = await productIdByHandle(t.database.db, await addProduct(t.database.db));
    const { orderId } = await placeUnpaidOrder(t, {
      lines: [{ product: productId, qty: 1 }],
      token: customer.token,
    });
    const url = `/api/orders/${orderId}`;
    const before = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${customer.token}` },
      remoteAddress: nextIp(),
    });
    expect(before.statusCode).toBe(200);

    await t.database.db
      .update(orderItems)
      .set({ size: 'XXL' })
      .where(eq(orderItems.orderId, orderId));
    await expectLoggedServerError({ method: 'GET', url, token: customer.token }, '/api/orders/:id');
  });

  it('is a logged 500 on the catalog, which encodes its cached JSON with the same schema', async () => {
    const productId = await productIdByHandle(t.database.db, await addProduct(t.database.db));
    // A category the contract does not know: the database's own check is dropped for the test.
    await t.database.db.execute(
      sql`alter table products drop constraint if exists products_category_known`,
    );
    await t.database.db.execute(
      sql`update products set category = 'socks' where id = ${productId}`,
    );
    await expectLoggedServerError(
      { method: 'GET', url: `/api/products/${productId}` },
      '/api/products/:id',
    );
    await expectLoggedServerError({ method: 'GET', url: '/api/products' }, '/api/products');
  });

  it('leaves error answers as they were: { message } under the 4xx schema', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/products/${randomUUID()}`,
      remoteAddress: nextIp(),
    });
    expect(answer.statusCode).toBe(404);
    expect(Object.keys(answer.json())).toEqual(['message']);
  });
});

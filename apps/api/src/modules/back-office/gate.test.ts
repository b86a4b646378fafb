import http from 'node:http';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import { MAX_IMAGE_BYTES, MAX_IMPORT_BYTES } from '@shop/shared/admin-catalog';
import { BACK_OFFICE_MESSAGES } from '@shop/shared/back-office';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { addVerifiedCustomer } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let server: string;
let customerToken: string;
let staff: { token: string; loginToken: string };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  customerToken = (
    await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Casey Customer',
      email: `casey-${Date.now()}@example.com`,
    })
  ).token;
  staff = await addBackOfficeUser(t, 'staff');
  server = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  t.app.server.closeAllConnections();
  await t.close();
});

const FIRST_PART = 64 * 1024;

/**
 * Announces a body of `size` bytes, sends only its first 64 kB and answers the reply: a server
 * that read the body before deciding would still be waiting for the rest.
 */
async function answerToUnsentBody(
  url: string,
  size: number,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const request = http.request(`${server}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', ...headers, 'content-length': String(size) },
  });
  request.on('error', () => undefined);
  const answered = once(request, 'response') as Promise<[http.IncomingMessage]>;
  request.write(Buffer.alloc(FIRST_PART, 'a'));
  const [response] = await answered;
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  request.destroy();
  return { status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

// A server that waits for the unsent rest never answers: the test fails on its timeout.
describe('the back office refuses a caller before reading the body', { timeout: 10_000 }, () => {
  it('answers an anonymous 5 MB import 401 after its first 64 kB', async () => {
    expect(await answerToUnsentBody('/api/admin/products/import', MAX_IMPORT_BYTES)).toEqual({
      status: 401,
      body: { message: ACCOUNT_MESSAGES.noToken },
    });
  });

  it('answers a customer 403, and a sign-in without the second factor 403, unread', async () => {
    expect(
      await answerToUnsentBody(
        '/api/admin/products/import?dryRun=true',
        MAX_IMPORT_BYTES,
        bearer(customerToken),
      ),
    ).toEqual({ status: 403, body: { message: BACK_OFFICE_MESSAGES.notBackOffice } });
    expect(
      await answerToUnsentBody(
        '/api/admin/products/import',
        MAX_IMPORT_BYTES,
        bearer(staff.loginToken),
      ),
    ).toEqual({ status: 403, body: { message: BACK_OFFICE_MESSAGES.needsSecondFactor } });
  });

  it('does the same for photo uploads and the second-factor calls', async () => {
    const multipart = { 'content-type': 'multipart/form-data; boundary=x' };
    expect(
      await answerToUnsentBody('/api/admin/products/some-id/images', MAX_IMAGE_BYTES, multipart),
    ).toEqual({ status: 401, body: { message: ACCOUNT_MESSAGES.noToken } });
    const json = { 'content-type': 'application/json' };
    expect(await answerToUnsentBody('/api/admin/session', 90 * 1024, json)).toEqual({
      status: 401,
      body: { message: ACCOUNT_MESSAGES.noToken },
    });
  });

  it('still serves staff, and leaves the owner set-up to anyone with its link', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products',
      headers: bearer(staff.token),
    });
    expect(answer.statusCode).toBe(200);
    const setup = await t.app.inject({ method: 'POST', url: '/api/admin/setup', payload: {} });
    expect(setup.statusCode).toBe(400);
  });
});

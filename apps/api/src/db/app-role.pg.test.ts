import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, openCheckout, payTestCheckout, productIdByHandle } from '../test/fixtures';
import { TEST_DATABASE_URL, createTestApp, type TestApp } from '../test/test-app';
import { insertAuditRow } from '../modules/audit/repository';
import { openDatabase } from './client';
import { auditLog, orders } from './schema';

// README's two-role set-up on the PostgreSQL of the run: the server's superuser runs the
// migrations and owns the tables; the shop runs as a role granted as documented, and works,
// yet cannot empty the audit log or change the tables.
const JWT_SECRET = 'app-role-test-secret-0123456789-abcdefghij';
const suffix = randomBytes(4).toString('hex');
const appRole = `shop_app_test_${suffix}`;
const databaseName = `shop_roles_${suffix}`;
const serverUrl = new URL(TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const urlAs = (user: string, database: string) => {
  const url = new URL(serverUrl);
  url.username = user;
  url.pathname = `/${database}`;
  return url.toString();
};
const timeouts = { connectMs: 5000, queryMs: 5000 };

async function asAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: urlAs(serverUrl.username, 'postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The PostgreSQL message of a statement run as the shop's role ('' if it ran). */
async function refusalOf(statement: string): Promise<string> {
  const client = new pg.Client({ connectionString: urlAs(appRole, databaseName) });
  await client.connect();
  try {
    await client.query(statement);
    return '';
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end();
  }
}

let t: TestApp;

beforeAll(async () => {
  await asAdmin(`create database "${databaseName}"`);
  await asAdmin(`create role "${appRole}" login`);
  // The owner migrates and grants (a role named shop_app is granted by the migration itself).
  const owner = await openDatabase({
    databaseUrl: urlAs(serverUrl.username, databaseName),
    timeouts,
  });
  await owner.migrate();
  await owner.db.execute(sql`select shop_grant_app_role(${appRole})`);
  await owner.close();
  // The shop starts as its role: start-up finds every migration applied and runs none.
  t = await createTestApp(
    { JWT_SECRET },
    { databaseUrl: urlAs(appRole, databaseName), poolSize: 3 },
  );
});

afterAll(async () => {
  await t?.close();
  await asAdmin(`drop database if exists "${databaseName}" with (force)`);
  await asAdmin(`drop role if exists "${appRole}"`);
});

describe.runIf(TEST_DATABASE_URL)('the shop run as a role that does not own its tables', () => {
  it('sells, pays and appends to the audit log', async () => {
    const productId = await productIdByHandle(t.database.db, await addProduct(t.database.db));
    const { orderId, sessionId } = await openCheckout(
      t,
      { email: 'role-buyer@example.com' },
      [{ product: productId, qty: 1 }],
      '10.77.0.1',
    );
    await payTestCheckout(t.app, JWT_SECRET, sessionId);
    const [order] = await t.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(order?.status).toBe('paid');
    await insertAuditRow(t.database.db, {
      actorId: randomUUID(),
      actorEmail: 'owner@example.com',
      actorName: 'Owner',
      action: 'test.append',
      summary: 'appended by the shop role',
      clientAddress: '127.0.0.1',
    });
  });

  it('cannot empty, change or delete the audit log, nor alter, drop or add tables', async () => {
    expect(await refusalOf('truncate audit_log')).toMatch(/permission denied/);
    expect(await refusalOf(`update audit_log set summary = 'changed'`)).toMatch(
      /permission denied/,
    );
    expect(await refusalOf('delete from audit_log')).toMatch(/permission denied/);
    expect(await refusalOf('alter table audit_log disable trigger user')).toMatch(/must be owner/);
    expect(await refusalOf('alter table orders add column note text')).toMatch(/must be owner/);
    expect(await refusalOf('drop table products')).toMatch(/must be owner/);
    expect(await refusalOf('create table stash (x int)')).toMatch(/permission denied/);
    expect(await t.database.db.$count(auditLog)).toBe(1);
  });
});

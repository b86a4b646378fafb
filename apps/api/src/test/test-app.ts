import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppDependencies, type LogStream } from '../app';
import { openDatabase, type DatabaseHandle, type DatabaseTimeouts } from '../db/client';
import { databaseTimeoutsOf, loadEnv, type Env } from '../env';
import type { PaymentProvider } from '../modules/payments/provider';

/** When set (e.g. postgres://postgres@127.0.0.1:5432/shop_ci), API tests run on that PostgreSQL server. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  env: Env;
  close(): Promise<void>;
}

/**
 * A database of the test file's own: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL, dropped again on close.
 */
export async function openTestDatabase(timeouts: DatabaseTimeouts): Promise<DatabaseHandle> {
  const database = await openEmptyTestDatabase(timeouts);
  await database.migrate();
  return database;
}

/** As openTestDatabase, before any migration (a test of the migrations themselves). */
export async function openEmptyTestDatabase(timeouts: DatabaseTimeouts): Promise<DatabaseHandle> {
  if (!TEST_DATABASE_URL) return openDatabase({ timeouts });
  const serverUrl = new URL(TEST_DATABASE_URL);
  const name = `${serverUrl.pathname.slice(1) || 'shop_test'}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5, timeouts });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    },
  };
}

async function withAdminClient<T>(
  serverUrl: URL,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: {
    webDistDir?: string;
    /** A server renderer to load instead of the web app's build (see modules/pages). */
    serverEntryPath?: string;
    paymentProvider?: PaymentProvider;
    /** A PostgreSQL database of the test's own (migrated here, left in place on close). */
    databaseUrl?: string;
    /** A database the test opened itself (migrated here, closed with the app). */
    database?: DatabaseHandle;
    poolSize?: number;
    logStream?: LogStream;
    /** The app's clock for second-factor codes and setup links. */
    now?: () => number;
    /** Wrappers of the password and second-factor checks (to count them). */
    verifyPassword?: AppDependencies['verifyPassword'];
    checkSecondFactor?: AppDependencies['checkSecondFactor'];
    onRoute?: AppDependencies['onRoute'];
  } = {},
): Promise<TestApp> {
  // The catalog and sitemap caches are off unless a test is about them, so each request sees the
  // fixtures as they are.
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CATALOG_CACHE_MS: '0',
    SITEMAP_CACHE_MS: '0',
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    MAIL_POLL_MS: '200',
    // Never the developer's ./data: a test has no files of its own.
    DATA_DIR: '/nonexistent-test-data-dir',
    ...envOverrides,
  });
  const { databaseUrl, poolSize, database: given, ...appOptions } = options;
  const timeouts = databaseTimeoutsOf(env);
  const database =
    given ??
    (databaseUrl
      ? await openDatabase({ databaseUrl, poolSize, timeouts })
      : await openTestDatabase(timeouts));
  if (databaseUrl || given) await database.migrate();
  const app = await buildApp({ env, database, ...appOptions });
  await app.ready();
  return {
    app,
    database,
    env,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

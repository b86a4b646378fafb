import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { PaymentProvider } from '../modules/payments/provider';
import { databaseUrlOf } from './api-client';
import { TEST_DATABASE_URL, createTestApp, type TestApp } from './test-app';

/**
 * Another API process on the test's database, with its own provider and clock: on PostgreSQL a
 * connection pool of its own, on PGlite an app beside the first (PGlite has one connection).
 */
export async function openAnotherApp(
  t: TestApp,
  envOverrides: Record<string, string>,
  options: { paymentProvider: PaymentProvider; now: () => number },
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  if (TEST_DATABASE_URL) {
    const other = await createTestApp(envOverrides, {
      ...options,
      databaseUrl: await databaseUrlOf(t.database),
      poolSize: 3,
    });
    return { app: other.app, close: other.close };
  }
  const app = await buildApp({ env: t.env, database: t.database, ...options });
  await app.ready();
  return { app, close: () => app.close() };
}

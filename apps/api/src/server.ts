import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { InvalidEnvError, appUrl, databaseTimeoutsOf, loadEnv, type Env } from './env';
import { ensureOwner, OwnerSetupError, ownerSetupNotice } from './modules/back-office/owner-setup';
import { seedSampleCatalogIfEmpty } from './modules/catalog/seed';

const SHUTDOWN_GRACE_MS = 10_000;

function readEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof InvalidEnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const env = readEnvOrExit();
  // Read by V8 each time it sets the next collection's limit (decision 062): set before the heap
  // grows, it bounds the process's memory under load at a few percent of CPU.
  if (env.HEAP_GROWTH_PERCENT)
    setFlagsFromString(`--heap-growing-percent=${env.HEAP_GROWTH_PERCENT}`);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    timeouts: databaseTimeoutsOf(env),
  });
  await database.migrate();
  // Logs go through process.stdout, as the set-up notice below does, so they keep their order
  // (pino's own destination writes asynchronously and a later console.log could overtake it).
  const app = await buildApp({ env, database, logStream: process.stdout });

  let setupLink: string | undefined;
  try {
    await ensureOwner({
      db: database.db,
      env,
      log: app.log,
      announceSetupLink: (link) => (setupLink = link),
    });
  } catch (error) {
    if (!(error instanceof OwnerSetupError)) throw error;
    console.error(`The shop could not start: ${error.message}`);
    await app.close();
    await database.close();
    process.exit(1);
  }

  if (env.SEED_SAMPLE_CATALOG) {
    const added = await seedSampleCatalogIfEmpty(database.db);
    if (added) app.log.info({ products: added }, 'loaded the sample catalog into the empty shop');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forceExit.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    {
      url: appUrl(env),
      database: database.kind === 'pglite' ? `embedded PGlite in ${env.DATA_DIR}` : 'PostgreSQL',
      mail: env.SMTP_URL ? 'SMTP' : 'dev outbox',
      payments: env.STRIPE_SECRET_KEY ? 'Stripe' : 'test checkout',
    },
    `shop ready on ${appUrl(env)}`,
  );
  // Last, after every log line of start-up, so a new owner sees it below the build's output.
  if (setupLink) console.log(ownerSetupNotice(setupLink));
}

main().catch((error: unknown) => {
  console.error('The shop could not start:', error);
  process.exit(1);
});

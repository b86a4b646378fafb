import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import type { Database, DatabaseHandle, DatabaseTimeouts } from './client';
import { isDatabaseUnavailable } from './database-errors';
import * as schema from './schema';

const MIGRATION_LOCK_ID = 7_734_001;
/**
 * The client waits this much longer than the server's statement_timeout: a slow query on a live
 * server is cancelled by the server (the connection stays usable) before the client gives up on
 * a server that does not answer at all (the connection is dropped).
 */
const CLIENT_GRACE_MS = 1000;

/**
 * The longest a request waits on a database that does not answer before it is answered 503: a
 * connection, one statement, the client's grace (about 11 s with the defaults; README, 'Database
 * stalls'). The server renderer's reads get the same.
 */
export function requestDeadlineMs(timeouts: DatabaseTimeouts): number {
  return timeouts.connectMs + timeouts.queryMs + CLIENT_GRACE_MS;
}
/** The server ends a session left idle inside a transaction (a frozen API process), freeing its locks. */
const IDLE_IN_TRANSACTION_MS = 60_000;
/** TCP keepalives notice a vanished server on idle connections. */
const KEEPALIVE_DELAY_MS = 10_000;

/**
 * pg's client, except that a query the server did not answer in time ends the connection at once:
 * the connection stays blocked until the server answers, which a stalled server never does.
 * Ending it lets a transaction's rollback fail at once instead of waiting out a second timeout,
 * and the pool drops the client. (pool.query already drops a client whose query failed.)
 * The name must not contain 'Pool': drizzle tells pools from clients by constructor name.
 */
class DroppingClient extends pg.Client {
  // Typed loosely: every one of pg's many query() forms passes through unchanged.
  override query(...args: unknown[]): never {
    const result: unknown = Reflect.apply(pg.Client.prototype.query, this, args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout')
          this.end().catch(() => {});
      });
    }
    return result as never;
  }
}

/**
 * The settings of every session the API opens; the benchmarks' bare servers open theirs with the
 * same. The shop's statements are short reads and writes: compiling one with JIT costs more than
 * it saves (1.7 s of a 4 s listing facets statement at 100,000 products, decision 057), and so
 * does starting parallel workers for one (10 of a filtered listing page's 10.2 ms, decision 065).
 */
export const SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

export function openPostgres(
  connectionString: string,
  max: number,
  timeouts: DatabaseTimeouts,
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    Client: DroppingClient,
    // A stalled server accepts TCP connections and then says nothing: only the client's own
    // timeouts end the wait. This one covers connecting and waiting for a free client.
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.queryMs,
    options: SESSION_OPTIONS,
    query_timeout: timeouts.queryMs + CLIENT_GRACE_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  db.transaction = transactionOn(pool);
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    migrate: () => migrateAlone(connectionString, timeouts),
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

type Transact = NodePgDatabase<typeof schema>['transaction'];

/**
 * drizzle's own transaction() over a pool leaks the client when `begin` fails, and gives back one
 * whose rollback failed while it is still inside the transaction. This one runs drizzle's
 * transaction on a client of the pool and gives the client back only when it is idle.
 */
function transactionOn(pool: pg.Pool): Transact {
  const sessions = new WeakMap<pg.PoolClient, NodePgDatabase<typeof schema>>();
  return async (work, config) => {
    const client = await pool.connect();
    let session = sessions.get(client);
    if (!session) sessions.set(client, (session = drizzle(client, { schema })));
    let workFailure: unknown;
    let failure: unknown;
    try {
      return await session.transaction(
        (tx) =>
          work(tx).catch((error: unknown) => {
            workFailure = error;
            throw error;
          }),
        config,
      );
    } catch (error) {
      failure = error;
      // When the rollback fails too, drizzle throws the rollback's error; the first one says why.
      throw workFailure ?? error;
    } finally {
      const reusable = client.getTransactionStatus() === 'I' && !isDatabaseUnavailable(failure);
      client.release(reusable ? undefined : new Error('connection left unusable'));
    }
  };
}

/**
 * Migrates on a connection of its own, without statement timeouts: a migration may take long, and
 * so may waiting for another API process that is migrating. Several processes may start at once:
 * one migrates under the advisory lock, the others wait for it; ending the session frees the lock.
 */
/** drizzle's own test: every migration's timestamp is at most the newest one recorded. */
async function hasEveryMigration(client: pg.Client): Promise<boolean> {
  const newest = Math.max(
    ...readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.folderMillis),
  );
  const result = await client
    .query<{ last: string | null }>(
      'select max(created_at) as last from drizzle.__drizzle_migrations',
    )
    .catch(() => undefined);
  const last = result?.rows[0]?.last;
  return last != null && Number(last) >= newest;
}

async function migrateAlone(connectionString: string, timeouts: DatabaseTimeouts): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: timeouts.connectMs });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    // drizzle's migrator starts with CREATE SCHEMA/TABLE IF NOT EXISTS, which a role that does not
    // own the database may not run even when nothing is missing: an up-to-date database is left
    // alone, so the shop can run as its app role (README, 'Database roles').
    if (await hasEveryMigration(client)) return;
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.end();
  }
}

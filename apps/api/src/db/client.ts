import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import * as schema from './schema';

const MIGRATION_LOCK_ID = 7_734_001;

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction, as handed to `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories take either, so a service decides what runs in one transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  /** Answers whether the database takes a query (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL when set; otherwise embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's folder; omitted means in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}

function openPostgres(connectionString: string, max: number): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    migrate: async () => {
      // Several API processes may start at once: one migrates, the others wait for it.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await lockClient
          .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
          .catch(() => {});
        lockClient.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  let client: PGlite;
  if (dataDir) {
    const folder = path.resolve(dataDir, 'pglite');
    await mkdir(folder, { recursive: true });
    client = await PGlite.create(folder);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

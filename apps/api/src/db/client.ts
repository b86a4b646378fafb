import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../paths';
import { openPostgres } from './postgres';
import * as schema from './schema';

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

/** PostgreSQL's limits (see env.ts); PGlite runs in this process and cannot stall apart from it. */
export interface DatabaseTimeouts {
  /** Waiting for a connection: a new one, or a free one of the pool. */
  connectMs: number;
  /** The server's statement_timeout; the client waits a little longer for any answer. */
  queryMs: number;
}

export interface DatabaseOptions {
  /** PostgreSQL when set; otherwise embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's folder; omitted means in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  timeouts: DatabaseTimeouts;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.timeouts);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  let client: PGlite;
  // pg_trgm: the back office's order search by part of an e-mail or name uses trigram indexes,
  // and the storefront's search its typo tolerance; unaccent: the search folds accents (decision 050).
  const options = { extensions: { pg_trgm, unaccent } };
  if (dataDir) {
    const folder = path.resolve(dataDir, 'pglite');
    await mkdir(folder, { recursive: true });
    client = await PGlite.create(folder, options);
  } else {
    client = await PGlite.create(options);
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

// What the back-office benchmarks share: a PostgreSQL client for one piece of work, waiting for
// the API to come up, and an owner's back-office token as the TOTP sign-in would give it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import pg from 'pg';

export async function withClient<T>(
  url: URL | string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function waitFor(url: string) {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise<void>((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * An owner with a back-office session, and its token signed with the API's JWT secret. The owner
 * is made once: a database measured again (BENCH_DATABASE_URL) keeps it.
 */
export async function ownerToken(dbUrl: URL, jwtSecret: string): Promise<string> {
  return withClient(dbUrl, async (client) => {
    const user = await client.query<{ id: string; token_version: number }>(
      `insert into users (name, email, password_hash, role, verified_at)
       values ('Bench Owner', 'owner@bench.test', 'x', 'owner', now())
       on conflict (email) do update set name = excluded.name
       returning id, token_version`,
    );
    const { id, token_version: tokenVersion } = user.rows[0] ?? { id: '', token_version: 0 };
    const expiresAt = new Date(Date.now() + 60 * 60_000);
    const login = await client.query<{ id: string }>(
      `insert into sessions (user_id, expires_at) values ($1, $2) returning id`,
      [id, expiresAt],
    );
    const office = await client.query<{ id: string }>(
      `insert into sessions (user_id, expires_at, kind, parent_id)
       values ($1, $2, 'back_office', $3) returning id`,
      [id, expiresAt, login.rows[0]?.id],
    );
    return new SignJWT({ ver: tokenVersion, sid: office.rows[0]?.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(id)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(new TextEncoder().encode(jwtSecret));
  });
}

const BENCH_JWT_SECRET = 'bench-only-secret-0123456789abcdef0123456789';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A running API (from source, production mode) on a fresh database of the local PostgreSQL. */
export interface BenchApi {
  origin: string;
  dbUrl: URL;
  /** An owner's back-office token for this API. */
  ownerToken(): Promise<string>;
  /** Stops the API and drops its database. */
  stop(): Promise<void>;
}

export async function startBenchApi(options: {
  name: string;
  port: number;
  env?: Record<string, string>;
}): Promise<BenchApi> {
  const serverUrl = new URL(
    process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  const database = `shop_bench_${options.name}_${Date.now().toString(36)}`;
  await withClient(serverUrl, (client) => client.query(`create database "${database}"`));
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${database}`;
  const api = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PORT: String(options.port),
        HOST: '127.0.0.1',
        DATABASE_URL: dbUrl.toString(),
        JWT_SECRET: BENCH_JWT_SECRET,
        ALLOW_TEST_CHECKOUT: 'true',
        I_UNDERSTAND_TEST_CHECKOUT_TAKES_NO_MONEY: 'true',
        RATE_LIMIT_PER_MINUTE: '100000000',
        ...options.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const origin = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (api.exitCode === null) {
      api.kill('SIGTERM');
      await new Promise<void>((resolve) => api.once('exit', () => resolve()));
    }
    await withClient(serverUrl, (client) =>
      client.query(`drop database if exists "${database}" with (force)`),
    );
  };
  try {
    await waitFor(`${origin}/api/ready`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, dbUrl, ownerToken: () => ownerToken(dbUrl, BENCH_JWT_SECRET), stop };
}

import type { DatabaseHandle } from '../db/client';
import { startApiProcess, type ApiProcess } from './api-process';
import { TEST_DATABASE_URL, type TestApp } from './test-app';

export interface Answer {
  status: number;
  body: { message?: string } & Record<string, unknown>;
  headers: Record<string, string>;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  /** The client's address: remoteAddress in-process, X-Forwarded-For through a process. */
  ip?: string;
}

/**
 * Sends requests to the app in this process (PGlite) or, on PostgreSQL, alternately to two API
 * processes of their own on the test's database, as production runs behind a load balancer.
 */
export interface ApiClient {
  call(method: string, url: string, options?: CallOptions): Promise<Answer>;
  stop(): Promise<void>;
  /** 'two API processes on PostgreSQL' or 'PGlite', for test names. */
  where: string;
}

export async function databaseUrlOf(database: DatabaseHandle): Promise<string> {
  const result = await database.db.execute<{ name: string }>('select current_database() as name');
  const url = new URL(TEST_DATABASE_URL ?? '');
  url.pathname = `/${(result as unknown as { rows: { name: string }[] }).rows[0]?.name}`;
  return url.toString();
}

export async function openApiClient(
  t: TestApp,
  env: Record<string, string> = {},
): Promise<ApiClient> {
  let processes: ApiProcess[] = [];
  if (TEST_DATABASE_URL) {
    const url = await databaseUrlOf(t.database);
    const processEnv = { RATE_LIMIT_PER_MINUTE: '100000', TRUST_PROXY: '1', ...env };
    processes = await Promise.all([
      startApiProcess(url, processEnv),
      startApiProcess(url, processEnv),
    ]);
  }
  let turn = 0;
  const headersOf = (options: CallOptions) => ({
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
  });
  return {
    where: processes.length ? 'two API processes on PostgreSQL' : 'PGlite',
    async call(method, url, options = {}) {
      const api = processes[turn++ % Math.max(processes.length, 1)];
      if (!api) {
        const response = await t.app.inject({
          method: method as 'GET',
          url,
          remoteAddress: options.ip ?? '127.0.0.1',
          headers: headersOf(options),
          ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
        });
        return {
          status: response.statusCode,
          body: response.headers['content-type']?.toString().includes('json')
            ? response.json()
            : {},
          headers: response.headers as Record<string, string>,
        };
      }
      const response = await fetch(`${api.origin}${url}`, {
        method,
        redirect: 'manual',
        headers: { ...headersOf(options), 'x-forwarded-for': options.ip ?? '127.0.0.1' },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
      const text = await response.text();
      return {
        status: response.status,
        body:
          text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {},
        headers: Object.fromEntries(response.headers),
      };
    },
    stop: async () => {
      await Promise.all(processes.map((api) => api.stop()));
    },
  };
}

// The API's production build started for a benchmark on a database of its own: a free port, the
// bench's secrets, the test checkout, no flood guard, quiet logs; stopped by `stop()`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { waitFor } from '../back-office-bench';
import { ROOT, freePort } from './production-server';

/** The JWT secret the benchmarks' API runs with (its tokens are signed with it). */
export const BENCH_JWT_SECRET = 'bench-only-secret-0123456789abcdef0123456789';

export interface BenchShop {
  origin: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Starts the API's production build (or `options.server`) on `databaseUrl` and waits until it is
 * ready; `options.env` adds to or overrides the benchmark's settings (e.g. the caches off).
 * BENCH_SHOP_NODE_ARGS adds node flags (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, which
 * NODE_OPTIONS refuses). `options.port` is the port to listen on (else any free one).
 */
export async function startBenchShop(
  databaseUrl: string,
  options: { env?: Record<string, string>; server?: string; port?: number } = {},
): Promise<BenchShop> {
  const port = options.port ?? (await freePort());
  const nodeArgs = (process.env.BENCH_SHOP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = options.server ?? path.join(ROOT, 'apps/api/dist/server.js');
  const shop = spawn(process.execPath, [...nodeArgs, server], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: BENCH_JWT_SECRET,
      ALLOW_TEST_CHECKOUT: 'true',
      I_UNDERSTAND_TEST_CHECKOUT_TAKES_NO_MONEY: 'true',
      RATE_LIMIT_PER_MINUTE: '100000000',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (shop.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => shop.once('exit', () => resolve()));
    shop.kill('SIGTERM');
    await exited;
  };
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${origin}/api/ready`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, pid: shop.pid!, stop };
}

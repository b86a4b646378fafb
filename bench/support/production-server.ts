// The production build on one port, for the browser benchmarks: e2e/serve.mjs (the API build
// serving apps/web/dist over a fresh embedded database with the sample catalog, beside a small
// SMTP server). It runs from a temporary directory so its data directory never touches the one
// the browser tests use.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The machine has no outside network: keep Chromium from reaching for it. */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

async function waitFor(url: string, server: ChildProcess) {
  for (let i = 0; i < 600; i += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise<void>((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** `npm run build` first, unless the benchmark was given --no-build; a failed build ends it. */
export function buildUnlessSkipped(): void {
  if (process.argv.includes('--no-build')) return;
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

export type ProductionServer = { origin: string; stop: () => Promise<void> };

/** Starts node e2e/serve.mjs on free ports and waits until the API is ready. */
export async function startProductionServer(): Promise<ProductionServer> {
  for (const built of [
    path.join(WEB_DIST, 'index.html'),
    path.join(ROOT, 'apps/api/dist/server.js'),
  ])
    if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);

  const port = await freePort();
  const mailPort = await freePort();
  const cwd = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const server = spawn(process.execPath, [path.join(ROOT, 'e2e/serve.mjs')], {
    cwd,
    env: { ...process.env, PORT: String(port), E2E_MAIL_PORT: String(mailPort) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Kept quiet (deprecation notices) unless it fails to start.
  let errors = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(cwd, { recursive: true, force: true });
  };
  try {
    await waitFor(`${origin}/api/ready`, server);
  } catch (error) {
    await stop();
    console.error(errors);
    throw error;
  }
  return { origin, stop };
}

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

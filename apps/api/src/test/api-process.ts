import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const SERVER_ENTRY = fileURLToPath(new URL('../server.ts', import.meta.url));

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export interface ApiProcess {
  origin: string;
  stop(): Promise<void>;
}

/**
 * The API as it runs in production, in a process of its own (server.ts through tsx), on the given
 * PostgreSQL database: for the tests that need several API processes on one database.
 */
export async function startApiProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      SEED_SAMPLE_CATALOG: 'false',
      CATALOG_CACHE_MS: '0',
      DATA_DIR: '/nonexistent-test-data-dir',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = once(child, 'exit');
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API process exited (${child.exitCode})`);
    const ready = await fetch(`${origin}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the API process did not become ready within 30 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

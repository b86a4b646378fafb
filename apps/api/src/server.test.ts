import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { freePort } from './test/api-process';

const SERVER_ENTRY = fileURLToPath(new URL('./server.ts', import.meta.url));
let dataDir = '';

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('prints the one-time owner set-up link last, framed, after the shop says it is ready', async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'shop-start-'));
  const port = await freePort();
  // A new shop as `npm start` runs it: embedded database, no owner, logs at the default level.
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_SAMPLE_CATALOG: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The data folder is removed only after the shop has closed its database: PGlite writes into
  // it while it shuts down, and removing it meanwhile failed the run (ENOTEMPTY).
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  let shown = '';
  const link = new RegExp(`^  http://localhost:${port}/admin/setup\\?token=[\\w-]+$`, 'm');
  try {
    // The notice ends with its closing rule; the test reads until it has both rules.
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (!shown && link.test(output) && /^=+\n\n?$/m.test(output.slice(output.search(link)))) {
          // What it printed up to the notice; its shutdown's lines come after and are not read.
          shown = output;
          resolve();
        }
      });
      child.once('exit', (code) => reject(new Error(`the shop exited (${code}):\n${output}`)));
    });
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  const lines = shown.trimEnd().split('\n');
  const ready = lines.findIndex((line) => line.includes('shop ready on'));
  const linkAt = lines.findIndex((line) => link.test(line));
  expect(ready).toBeGreaterThan(-1);
  expect(linkAt).toBeGreaterThan(ready);
  // Framed: a rule above the text, the link alone on its line, a rule as the very last line.
  const rule = lines.at(-1) ?? '';
  expect(rule).toMatch(/^={60,}$/);
  expect(lines.slice(ready + 1).filter((line) => line === rule)).toHaveLength(2);
  expect(lines.slice(ready + 1).join('\n')).toMatch(/within 1 hour to create the owner/);
}, 60_000);

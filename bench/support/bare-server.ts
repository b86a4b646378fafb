// The bare node + pg server (bench/bare-server.mjs) started for one request's body: the floor a
// scale figure is compared with.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, freePort } from './production-server';
import { withApiSessionOptions } from './session-options';

/**
 * Starts bare-server.mjs answering `body` as `contentType` (gzipped, and said so, when `gzip`)
 * after running on `dbUrl` the SQL the shop runs for the address asked. BARE_NODE_ARGS adds node
 * flags to it (e.g. `--cpu-prof`).
 */
export async function startBare(
  contentType: string,
  body: Buffer,
  dbUrl: string,
  gzip = false,
): Promise<{ origin: string; process: ChildProcess }> {
  const bodyFile = path.join(mkdtempSync(path.join(tmpdir(), 'shop-scale-')), 'body');
  writeFileSync(bodyFile, gzip ? gzipSync(body) : body);
  const port = await freePort();
  const bare = fork(
    path.join(ROOT, 'bench/bare-server.mjs'),
    [String(port), contentType, bodyFile, withApiSessionOptions(dbUrl)],
    {
      env: { ...process.env, ...(gzip ? { BARE_CONTENT_ENCODING: 'gzip' } : {}) },
      execArgv: (process.env.BARE_NODE_ARGS ?? '').split(' ').filter(Boolean),
    },
  );
  await new Promise<void>((resolve) => bare.once('message', () => resolve()));
  return { origin: `http://127.0.0.1:${port}`, process: bare };
}

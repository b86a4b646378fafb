import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './api-process';

const run = promisify(execFile);
const SERVER_ROOT = '/usr/lib/postgresql';

/** The newest PostgreSQL server binaries on this machine (Debian's layout), if any. */
export function findPostgresBinaries(): string | undefined {
  if (!existsSync(SERVER_ROOT)) return undefined;
  const [newest] = readdirSync(SERVER_ROOT)
    .filter((version) => existsSync(path.join(SERVER_ROOT, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return newest ? path.join(SERVER_ROOT, newest, 'bin') : undefined;
}

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  url: string;
  /** SIGSTOP on the postmaster and every backend: connections are accepted, nothing answers. */
  stall(): Promise<void>;
  /** SIGCONT on all of them. */
  resume(): Promise<void>;
  /** Stops the server and deletes its files; safe to call after a failure. */
  remove(): Promise<void>;
}

/**
 * A PostgreSQL server of the test's own, in a temporary folder, on a free port of 127.0.0.1.
 * initdb and pg_ctl refuse to run as root: as root they run as the `postgres` user.
 */
export async function startThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const asRoot = process.getuid?.() === 0;
  const folder = await mkdtemp(path.join(tmpdir(), 'shop-pg-'));
  const dataDir = path.join(folder, 'data');
  const asServerUser = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { cwd: folder })
      : run(path.join(bin, tool), args, { cwd: folder });
  if (asRoot) {
    const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout);
    await chown(folder, await id('-u'), await id('-g'));
  }

  const pgCtl = (...args: string[]) => asServerUser('pg_ctl', ['-D', dataDir, '-w', ...args]);
  let started = false;
  const postmasterPid = async () =>
    Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const signalAll = async (signal: NodeJS.Signals) => {
    const postmaster = await postmasterPid();
    // The postmaster first when stopping, so it forks no backend the list would miss.
    if (signal === 'SIGSTOP') process.kill(postmaster, signal);
    for (const pid of await childrenOf(postmaster)) process.kill(pid, signal);
    if (signal !== 'SIGSTOP') process.kill(postmaster, signal);
  };
  const remove = async () => {
    if (started) {
      await signalAll('SIGCONT').catch(() => {});
      await pgCtl('-m', 'immediate', 'stop').catch(() => {});
    }
    await rm(folder, { recursive: true, force: true });
  };

  try {
    const port = await freePort();
    await asServerUser('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
    const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder} -c fsync=off`;
    await pgCtl('-l', path.join(folder, 'server.log'), '-o', serverOptions, 'start');
    started = true;
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stall: () => signalAll('SIGSTOP'),
      resume: () => signalAll('SIGCONT'),
      remove,
    };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** The processes whose parent is `pid` (Linux /proc). */
async function childrenOf(pid: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // "pid (name) state ppid …"; the name may itself hold spaces and parentheses.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === pid) children.push(Number(entry));
  }
  return children;
}

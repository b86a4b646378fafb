// CPU time of processes on this machine (Linux /proc), for the benchmarks' CPU-per-request
// figures: unlike requests per second, they hardly move with the rest of a shared machine's load.
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** A process's CPU time so far, in ms (Linux: utime + stime in clock ticks of 10 ms). */
export function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0; // a backend that ended meanwhile
  }
}

/** The PostgreSQL backends connected to a database (the server runs on this machine). */
export async function backendsOf(serverUrl: string, database: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [database],
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/**
 * The CPU ms `work` costs in a process and in a database's backends. Backends come and go with
 * the pool: one new during the work counts whole, one that ended during it is not counted.
 */
export async function cpuOf(
  pid: number,
  serverUrl: string,
  database: string,
  work: () => Promise<void>,
): Promise<{ node: number; postgres: number }> {
  const before = new Map(
    (await backendsOf(serverUrl, database)).map((backend) => [backend, cpuMsOf(backend)]),
  );
  const node0 = cpuMsOf(pid);
  await work();
  const node = cpuMsOf(pid) - node0;
  let postgres = 0;
  for (const backend of await backendsOf(serverUrl, database))
    postgres += cpuMsOf(backend) - (before.get(backend) ?? 0);
  return { node, postgres };
}

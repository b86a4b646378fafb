// `npm run bench:forgot` (tsx bench/forgot-password-timing.ts): how long POST /api/users/forgot-password
// takes for an address that has an account against one that has none, in the same run (security
// review, finding 13). The answer must not tell them apart: prints both medians and their ratio.
// The API runs in a process of its own on a fresh PostgreSQL database (BENCH_PG_URL, default
// postgres://postgres@127.0.0.1:5432), so the client's clock is not slowed by the server's work.
// Loopback only. ROUNDS (default 200) requests of each kind.
import pg from 'pg';
import { startApiProcess } from '../apps/api/src/test/api-process';

const rounds = Number(process.env.ROUNDS ?? 200);
const serverUrl = new URL(
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const database = `shop_bench_forgot_${Date.now().toString(36)}`;
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${database}`;

async function sql(url: URL, text: string) {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

await sql(serverUrl, `create database "${database}"`);
const api = await startApiProcess(databaseUrl.toString(), {
  RATE_LIMIT_PER_MINUTE: '1000000',
  ACTION_LIMIT_SCALE: '100000',
  TRUST_PROXY: '1',
});
try {
  const known = 'known.shopper@example.com';
  const registered = await fetch(`${api.origin}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Known', email: known, password: 'Known-Shopper1!' }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  await sql(databaseUrl, `update users set verified_at = now()`);

  let n = 0;
  const timed = async (email: string): Promise<number> => {
    n += 1;
    const started = process.hrtime.bigint();
    const response = await fetch(`${api.origin}/api/users/forgot-password`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      },
      body: JSON.stringify({ email }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`answered ${response.status}`);
    return Number(process.hrtime.bigint() - started) / 1e6;
  };

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
  for (let i = 0; i < 20; i += 1) await timed(i % 2 ? known : `warm.${i}@example.com`);
  const knownMs: number[] = [];
  const unknownMs: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const ghost = `nobody.${i}@example.com`;
    // Alternate which goes first, so neither gains from what the other left warm.
    if (i % 2) {
      knownMs.push(await timed(known));
      unknownMs.push(await timed(ghost));
    } else {
      unknownMs.push(await timed(ghost));
      knownMs.push(await timed(known));
    }
  }
  const [k, u] = [median(knownMs), median(unknownMs)];
  console.log(`forgot-password, median of ${rounds} each (API process on PostgreSQL):`);
  console.log(`  unknown address (baseline)  ${u.toFixed(3)} ms`);
  console.log(`  known address               ${k.toFixed(3)} ms`);
  console.log(`  ratio known / unknown       ${(k / u).toFixed(3)}`);
} finally {
  await api.stop();
  await sql(serverUrl, `drop database if exists "${database}" with (force)`);
}

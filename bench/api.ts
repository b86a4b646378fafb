// `npm run bench:api` (tsx bench/api.ts): the catalog API on PostgreSQL under 50 connections, against a bare node:http
// server answering the same bytes in the same run. Prints requests/s, p50, p99 and the ratio.
// Needs the API build (npm run build) and PostgreSQL (BENCH_PG_URL, default 127.0.0.1:5432 trust).
// Loopback only. Options: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50).
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const serverUrl = new URL(
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const database = `shop_bench_${Date.now().toString(36)}`;
const SHOP_PORT = 3901;
const BARE_PORT = 3902;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitFor(url: string) {
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise<void>((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

function load(url: string, duration = seconds): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration }, (error, result) => {
      if (error) reject(error);
      else if (result.non2xx || result.errors)
        reject(new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      else resolve(result);
    });
  });
}

await admin(`create database "${database}"`);
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${database}`;
const shop = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(SHOP_PORT),
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl.toString(),
    JWT_SECRET: 'bench-only-secret-0123456789abcdef0123456789',
    ALLOW_TEST_CHECKOUT: 'true',
    I_UNDERSTAND_TEST_CHECKOUT_TAKES_NO_MONEY: 'true',
    // The per-address flood guard would stop a load test from one address after 600 requests.
    RATE_LIMIT_PER_MINUTE: '100000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const rows: { label: string; measured: autocannon.Result; baseline: autocannon.Result }[] = [];
try {
  const shopBase = `http://127.0.0.1:${SHOP_PORT}`;
  await waitFor(`${shopBase}/api/ready`);
  const first = (await (await fetch(`${shopBase}/api/products`)).json()) as {
    products: { _id: string }[];
  };
  const productId = first.products[0]?._id;
  if (!productId) throw new Error('the shop has no products to load');
  const targets: [label: string, route: string][] = [
    ['GET /api/products', '/api/products'],
    ['GET /api/products?keyword=tote', '/api/products?keyword=tote'],
    ['GET /api/products/:id', `/api/products/${productId}`],
  ];
  const scratch = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));

  for (const [label, route] of targets) {
    const response = await fetch(`${shopBase}${route}`);
    const bodyFile = path.join(scratch, 'body');
    writeFileSync(bodyFile, Buffer.from(await response.arrayBuffer()));
    const bare = fork(path.join(root, 'bench/bare-server.mjs'), [
      String(BARE_PORT),
      response.headers.get('content-type') ?? 'application/json',
      bodyFile,
    ]);
    await new Promise<void>((resolve) => bare.once('message', () => resolve()));
    try {
      // Warm both up (JIT, connection pool, cache) before measuring.
      await load(`${shopBase}${route}`, 2);
      await load(`http://127.0.0.1:${BARE_PORT}${route}`, 2);
      const baseline = await load(`http://127.0.0.1:${BARE_PORT}${route}`);
      const measured = await load(`${shopBase}${route}`);
      rows.push({ label, measured, baseline });
    } finally {
      bare.kill();
    }
  }
} finally {
  shop.kill('SIGTERM');
  await new Promise<void>((resolve) => shop.once('exit', () => resolve()));
  await admin(`drop database if exists "${database}" with (force)`);
}

const pad = (text: string | number, width: number) => String(text).padEnd(width);
console.log(
  `\n${connections} connections, ${seconds} s each, PostgreSQL, loopback; baseline = bare node:http with the same bytes\n`,
);
console.log(
  `${pad('endpoint', 34)}${pad('shop req/s', 12)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('bare req/s', 12)}${pad('bare p99', 10)}ratio`,
);
for (const { label, measured, baseline } of rows) {
  const ratio = measured.requests.average / baseline.requests.average;
  console.log(
    `${pad(label, 34)}${pad(Math.round(measured.requests.average), 12)}${pad(measured.latency.p50, 8)}${pad(measured.latency.p99, 8)}${pad(Math.round(baseline.requests.average), 12)}${pad(baseline.latency.p99, 10)}${ratio.toFixed(2)}`,
  );
}

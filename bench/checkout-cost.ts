// `npm run bench:checkout-cost` (tsx bench/checkout-cost.ts): what one guest checkout costs
// against its core transaction (issue 23: 'checkout >= 0.5 of the core transaction's
// throughput at the same concurrency in the same run'; decision 055).
// On a scratch PostgreSQL database with the sample catalog: guest checkouts through the
// production API build (the test checkout provider), and the same carts through
// bench/bare-checkout-server.mjs, a node+pg server that runs only the order, its lines, and per
// line the conditional stock update and its ledger row. C workers at once, each checkout from its
// own client address, S seconds a round, in turns (shop, bare, shop, bare) so the machine's drift
// falls on both alike. Each side talks to PostgreSQL through a counting proxy
// (support/pg-counting-proxy.ts), which gives statements and round trips per checkout, counted
// over checkouts sent one at a time, with the CPU ms each costs in its server process and in
// PostgreSQL's backends (the figure that moves least with a shared machine's load).
// Needs PostgreSQL (BENCH_PG_URL, default 127.0.0.1:5432 trust) and the API build (built first
// unless --no-build). Loopback only; never in CI. Options: BENCH_SECONDS (default 5),
// BENCH_WORKERS (default 8), BENCH_LINES (lines per cart, default 1); BENCH_ASYNC_COMMIT=1 (a
// diagnostic) turns synchronous_commit off on the scratch database, for both sides;
// BENCH_STATEMENTS=1 prints the wall time of each kind of round trip (from the proxy).
import { fork, spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createScratchDatabase } from './support/catalog-generator';
import {
  BENCH_ADDRESS,
  benchAddress,
  startBenchShop,
  stockVariants,
  type StockedVariant,
} from './support/checkout-shop';
import { cpuOf } from './support/cpu';
import { startCountingProxy, type CountingProxy } from './support/pg-counting-proxy';
import { ROOT, freePort, median } from './support/production-server';
import { withApiSessionOptions } from './support/session-options';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const workers = Number(process.env.BENCH_WORKERS ?? 8);
const cartLines = Number(process.env.BENCH_LINES ?? 1);
const VARIANTS = 10;
const COUNTED = 100;
const serverUrl = new URL(
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);

if (!process.argv.includes('--no-build')) {
  const built = spawnSync('npm', ['run', 'build', '-w', '@shop/api'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

let sequence = 0;

/** The cart of checkout n: BENCH_LINES variants in turn, one unit each. */
function cartOf(variants: StockedVariant[], n: number): StockedVariant[] {
  return Array.from({ length: cartLines }, (_, i) => variants[(n + i) % variants.length]!);
}

type Send = (n: number) => Promise<Response>;

function shopSender(origin: string, variants: StockedVariant[]): Send {
  return (n) =>
    fetch(`${origin}/api/orders/guest-checkout-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': benchAddress(n) },
      body: JSON.stringify({
        orderItems: cartOf(variants, n).map((v) => ({
          product: v.product,
          variant: v.variant,
          qty: 1,
        })),
        shippingAddress: BENCH_ADDRESS,
        email: `bench${n}@example.com`,
      }),
    });
}

function bareSender(origin: string, variants: StockedVariant[]): Send {
  return (n) =>
    fetch(origin, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench${n}@example.com`,
        clientAddress: benchAddress(n),
        lines: cartOf(variants, n).map((v) => ({
          product: v.product,
          key: v.key,
          name: v.name,
          qty: 1,
          unitPriceCents: v.priceCents,
        })),
      }),
    });
}

/** The first refusal's answer, for the error. */
let firstRefusal = '';

async function sendOk(send: Send): Promise<boolean> {
  sequence += 1;
  const response = await send(sequence);
  const body = await response.text();
  if (!response.ok && !firstRefusal) firstRefusal = `${response.status} ${body.slice(0, 300)}`;
  return response.ok;
}

/** C workers check out for `seconds`: checkouts per second and latencies. */
async function round(send: Send) {
  const latencies: number[] = [];
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        if (await sendOk(send)) latencies.push(performance.now() - started);
        else failed += 1;
      }
    }),
  );
  if (failed) throw new Error(`${failed} checkouts refused; the first: ${firstRefusal}`);
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p50: median(latencies),
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
  };
}

/**
 * Per checkout, over checkouts sent one at a time: statements and round trips (the proxy), and
 * the CPU ms of the server process and of the database's backends (the other side is idle).
 */
async function costPerCheckout(send: Send, proxy: CountingProxy, pid: number) {
  const before = proxy.counts();
  const cpu = await cpuOf(pid, serverUrl.toString(), scratch.name, async () => {
    for (let i = 0; i < COUNTED; i += 1)
      if (!(await sendOk(send))) throw new Error('a counted checkout was refused');
  });
  const after = proxy.counts();
  return {
    statements: (after.statements - before.statements) / COUNTED,
    roundTrips: (after.roundTrips - before.roundTrips) / COUNTED,
    nodeMs: cpu.node / COUNTED,
    postgresMs: cpu.postgres / COUNTED,
  };
}

const scratch = await createScratchDatabase(serverUrl, 'shop_bench_checkout_cost');
// Diagnostic: without waiting for the WAL's flush at commit, what is left is statements and CPU.
if (process.env.BENCH_ASYNC_COMMIT === '1') {
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`alter database "${scratch.name}" set synchronous_commit = off`);
  await admin.end();
}
const shopProxy = await startCountingProxy(scratch.url);
const bareProxy = await startCountingProxy(scratch.url);
const barePort = await freePort();
const bare = fork(path.join(ROOT, 'bench/bare-checkout-server.mjs'), [
  String(barePort),
  withApiSessionOptions(bareProxy.url),
]);
const bareReady = new Promise<void>((resolve) => bare.once('message', () => resolve()));
const loadBefore = loadavg()[0] ?? 0;
const rows: { label: string; perSecond: number; p50: number; p99: number }[] = [];
type Cost = Awaited<ReturnType<typeof costPerCheckout>>;
let counted: { shop: Cost; bare: Cost } | undefined;
const shop = await startBenchShop(shopProxy.url);
try {
  await bareReady;
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const variants = await stockVariants(client, VARIANTS).finally(() => client.end());
  const sides = {
    shop: shopSender(shop.origin, variants),
    bare: bareSender(`http://127.0.0.1:${barePort}`, variants),
  };
  // Warm up (JIT, pools, plans) both.
  await round(sides.shop);
  await round(sides.bare);
  counted = {
    shop: await costPerCheckout(sides.shop, shopProxy, shop.pid),
    bare: await costPerCheckout(sides.bare, bareProxy, bare.pid!),
  };
  for (let turn = 1; turn <= 2; turn += 1) {
    rows.push({ label: `shop (${turn})`, ...(await round(sides.shop)) });
    rows.push({ label: `bare (${turn})`, ...(await round(sides.bare)) });
  }
} finally {
  await shop.stop();
  bare.kill('SIGTERM');
  await shopProxy.stop();
  await bareProxy.stop();
  await scratch.drop();
}

const pad = (text: string | number, width: number) => String(text).padEnd(width);
console.log(
  `\nGuest checkouts of ${cartLines} line(s), ${workers} at once, ${seconds} s a round, PostgreSQL, loopback.`,
);
console.log(
  `Load average (1 min) before: ${loadBefore.toFixed(1)}, after: ${(loadavg()[0] ?? 0).toFixed(1)}.\n`,
);
console.log(`${pad('round', 12)}${pad('checkouts/s', 14)}${pad('p50 ms', 10)}p99 ms`);
for (const row of rows)
  console.log(
    `${pad(row.label, 12)}${pad(row.perSecond.toFixed(1), 14)}${pad(row.p50.toFixed(1), 10)}${row.p99.toFixed(1)}`,
  );
const sum = (prefix: string) =>
  rows
    .filter((row) => row.label.startsWith(prefix))
    .reduce((total, row) => total + row.perSecond, 0);
const ratio = sum('shop') / sum('bare');
if (!counted) throw new Error('nothing was counted');
if (process.env.BENCH_STATEMENTS === '1')
  for (const [side, proxy] of [
    ['shop', shopProxy],
    ['bare', bareProxy],
  ] as const) {
    console.log(`\n${side}: wall ms per round trip, by statement (all rounds):`);
    const timings = [...proxy.timings()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15);
    for (const [text, { count, ms }] of timings)
      console.log(
        `${(ms / count).toFixed(2).padStart(7)} ms ×${count}  ${text.replace(/\s+/g, ' ').slice(0, 150)}`,
      );
  }
console.log(`\nper checkout (${COUNTED} sent one at a time):`);
console.log(
  `${pad('', 8)}${pad('statements', 12)}${pad('round trips', 13)}${pad('node CPU ms', 13)}PostgreSQL CPU ms`,
);
for (const [side, cost] of Object.entries(counted))
  console.log(
    `${pad(side, 8)}${pad(cost.statements.toFixed(1), 12)}${pad(cost.roundTrips.toFixed(1), 13)}${pad(cost.nodeMs.toFixed(2), 13)}${cost.postgresMs.toFixed(2)}`,
  );
console.log(
  `shop / bare throughput: ${ratio.toFixed(3)} (${ratio >= 0.5 ? 'PASS' : 'FAIL'}: target >= 0.5)`,
);

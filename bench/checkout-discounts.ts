// `npm run bench:checkout` (tsx bench/checkout-discounts.ts): what a discount code costs a
// checkout (issue 21: 'sessions per second with a code within 10 % of without, same run').
// The production API build on a scratch PostgreSQL database with the sample catalog; carts of 10
// lines (one unit each of 10 variants, stocked deep); guest checkouts opened by C workers at
// once, each from its own client address, for S seconds without a code, then with a code limited
// to a billion uses (so every checkout reserves a use by its conditional update), in turns
// (without, with, without, with) so the machine's drift falls on both alike.
// Needs the build (npm run build; --no-build skips it) and PostgreSQL (BENCH_PG_URL, default
// 127.0.0.1:5432 trust). Loopback only. Never in CI. Options: BENCH_SECONDS (default 10),
// BENCH_WORKERS (default 8).
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import pg from 'pg';
import { createScratchDatabase } from './support/catalog-generator';
import {
  BENCH_ADDRESS,
  benchAddress,
  startBenchShop,
  stockVariants,
} from './support/checkout-shop';
import { ROOT, median } from './support/production-server';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const workers = Number(process.env.BENCH_WORKERS ?? 8);
const serverUrl = new URL(
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const CODE = 'BENCH10';

if (!process.argv.includes('--no-build')) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

type Item = { product: string; qty: number; variant: string };

/** Ten variants of the sample catalog stocked deep, and a code limited to a billion uses. */
async function stockTenVariants(client: pg.Client): Promise<Item[]> {
  const variants = await stockVariants(client, 10);
  await client.query(
    `with made as (
       insert into discounts (title, kind, percent, usage_limit)
       values ($1, 'percentage', 10, 1000000000) returning id
     )
     insert into discount_codes (discount_id, code) select id, $1 from made`,
    [CODE],
  );
  return variants.map((v) => ({ product: v.product, qty: 1, variant: v.variant }));
}

let sequence = 0;

/** C workers open checkouts for `seconds`; answers checkouts per second and latencies. */
async function round(origin: string, items: Item[], code: string | undefined) {
  const latencies: number[] = [];
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < end) {
        sequence += 1;
        const started = performance.now();
        const response = await fetch(`${origin}/api/orders/guest-checkout-session`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': benchAddress(sequence),
          },
          body: JSON.stringify({
            orderItems: items,
            shippingAddress: BENCH_ADDRESS,
            email: `bench${sequence}@example.com`,
            ...(code ? { discountCode: code } : {}),
          }),
        });
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - started);
        else failed += 1;
      }
    }),
  );
  if (failed) throw new Error(`${failed} checkouts refused`);
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p50: median(latencies),
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
  };
}

const scratch = await createScratchDatabase(serverUrl, 'shop_bench_checkout');
const results: { label: string; perSecond: number; p50: number; p99: number }[] = [];
const loadBefore = loadavg()[0] ?? 0;
const shop = await startBenchShop(scratch.url);
try {
  const { origin } = shop;
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const items = await stockTenVariants(client).finally(() => client.end());
  // Warm up (JIT, pools) with both kinds.
  await round(origin, items, undefined);
  await round(origin, items, CODE);
  for (let turn = 1; turn <= 2; turn += 1) {
    results.push({ label: `without a code (${turn})`, ...(await round(origin, items, undefined)) });
    results.push({ label: `with ${CODE} (${turn})`, ...(await round(origin, items, CODE)) });
  }
} finally {
  await shop.stop();
  await scratch.drop();
}

const pad = (text: string | number, width: number) => String(text).padEnd(width);
console.log(
  `\nGuest checkouts of 10 lines, ${workers} at once, ${seconds} s a round, PostgreSQL, loopback.`,
);
console.log(
  `Load average (1 min) before: ${loadBefore.toFixed(1)}, after: ${(loadavg()[0] ?? 0).toFixed(1)}.\n`,
);
console.log(`${pad('round', 24)}${pad('checkouts/s', 14)}${pad('p50 ms', 10)}p99 ms`);
for (const row of results)
  console.log(
    `${pad(row.label, 24)}${pad(row.perSecond.toFixed(1), 14)}${pad(row.p50.toFixed(1), 10)}${row.p99.toFixed(1)}`,
  );
const sum = (withCode: boolean) =>
  results
    .filter((row) => row.label.startsWith('with ') === withCode)
    .reduce((total, row) => total + row.perSecond, 0);
const ratio = sum(true) / sum(false);
console.log(
  `\nwith a code / without: ${ratio.toFixed(3)} (${ratio >= 0.9 ? 'met' : 'NOT met'}: within 10 %)`,
);

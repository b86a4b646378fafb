// `npm run bench:admin-orders` (tsx bench/admin-orders.ts): the back office's order list over
// 20,000 orders on PostgreSQL. A fresh database; the API runs from source (apps/api/src/server.ts
// through tsx, NODE_ENV=production) in a process of its own, which migrates it and loads the
// sample catalog; the orders (with their lines) go in with one set-based INSERT. Each query is
// asked BENCH_REQUESTS times (default 300) by BENCH_CONCURRENCY clients at once (default 4) with
// an owner's back-office token; p50/p95 are printed beside a baseline measured the same way in
// the same run (GET /api/health and the catalog's first page), with the ratio. Target: p95 <=
// 300 ms. Also prints the plan's execution time (EXPLAIN ANALYZE) of the list's main query.
// Needs PostgreSQL (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres). Loopback only.
import { startBenchApi, withClient } from './back-office-bench';
import { seedOrders } from './support/order-generator';

const ORDERS = 20_000;
const requests = Number(process.env.BENCH_REQUESTS ?? 300);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const TARGET_P95_MS = 300;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** `requests` GETs by `concurrency` clients at once; answers the latencies in ms, sorted. */
async function measure(url: string, token?: string): Promise<number[]> {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const latencies: number[] = [];
  let left = requests;
  const client = async () => {
    while (left > 0) {
      left -= 1;
      const started = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  return latencies.sort((a, b) => a - b);
}

const api = await startBenchApi({ name: 'orders', port: 3911 });
const { origin, dbUrl } = api;

const rows: { label: string; latencies: number[]; baseline: boolean }[] = [];
const plans: { label: string; ms: number }[] = [];
try {
  const seeded = performance.now();
  await withClient(dbUrl, async (client) => {
    await seedOrders(client, ORDERS);
    await client.query('analyze');
  });
  console.log(`inserted ${ORDERS} orders in ${Math.round(performance.now() - seeded)} ms`);
  const token = await api.ownerToken();
  const sample = await withClient(dbUrl, (client) =>
    client.query<{ id: string }>(
      'select id from orders order by created_at desc offset 9000 limit 1',
    ),
  );
  const number = (sample.rows[0]?.id ?? '').slice(0, 8).toUpperCase();

  const targets: [label: string, route: string, baseline: boolean][] = [
    ['baseline GET /api/health', '/api/health', true],
    ['baseline GET /api/products', '/api/products', true],
    ['orders (first page)', '/api/admin/orders', false],
    ['orders ?status=shipped', '/api/admin/orders?status=shipped', false],
    ['orders ?q=e-mail fragment', '/api/admin/orders?q=customer123', false],
    ['orders ?q=name fragment', '/api/admin/orders?q=nasser', false],
    [`orders ?q=number ${number}`, `/api/admin/orders?q=${number}`, false],
    [
      'orders ?status=delivered&q=shop.test',
      '/api/admin/orders?status=delivered&q=shop.test',
      false,
    ],
    ['orders ?page=750 (deep)', '/api/admin/orders?page=750', false],
  ];
  for (const [label, route, baseline] of targets) {
    // Warm up (JIT, pool, plans) before measuring.
    await measure(`${origin}${route}`, token);
    rows.push({ label, latencies: await measure(`${origin}${route}`, token), baseline });
  }

  // What PostgreSQL itself spends on the list's main query for the slowest shapes.
  await withClient(dbUrl, async (client) => {
    const explain = async (label: string, where: string, params: unknown[], offset = 0) => {
      const result = await client.query<{ 'QUERY PLAN': string }>(
        `explain analyze select id, created_at, customer_name, email, status, total_cents from orders
         ${where} order by created_at desc, id desc limit 25 offset ${offset}`,
        params,
      );
      const line = result.rows
        .map((row) => row['QUERY PLAN'])
        .find((text) => text.startsWith('Execution Time'));
      plans.push({ label, ms: Number(/([\d.]+) ms/.exec(line ?? '')?.[1] ?? NaN) });
    };
    await explain(
      'q=customer123',
      `where email ilike $1 or customer_name ilike $1 or id::text like $2`,
      ['%customer123%', 'customer123%'],
    );
    await explain('status=shipped', `where status = $1`, ['shipped']);
    await explain('page=750', '', [], 749 * 25);
  });
} finally {
  await api.stop();
}

const pad = (text: string | number, width: number) => String(text).padEnd(width);
const p95Of = (latencies: number[]) => percentile(latencies, 95);
const baselineP95 = Math.max(
  ...rows.filter((row) => row.baseline).map((row) => p95Of(row.latencies)),
);
console.log(
  `\n${ORDERS} orders, PostgreSQL, loopback; ${requests} requests a query by ${concurrency} clients at once\n`,
);
console.log(`${pad('query', 42)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}p95 / baseline p95`);
let failed = false;
for (const { label, latencies, baseline } of rows) {
  const p95 = p95Of(latencies);
  if (!baseline && p95 > TARGET_P95_MS) failed = true;
  console.log(
    `${pad(label, 42)}${pad(percentile(latencies, 50).toFixed(1), 9)}${pad(p95.toFixed(1), 9)}${(p95 / baselineP95).toFixed(2)}`,
  );
}
console.log(`\nbaseline p95 = the slower of the two baselines (${baselineP95.toFixed(1)} ms)`);
for (const plan of plans) console.log(`EXPLAIN ANALYZE ${pad(plan.label, 16)} ${plan.ms} ms`);
console.log(
  failed
    ? `\nover the target: p95 > ${TARGET_P95_MS} ms`
    : `\nall within p95 <= ${TARGET_P95_MS} ms`,
);

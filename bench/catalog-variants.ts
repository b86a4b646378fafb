// `npm run bench:variants` (tsx bench/catalog-variants.ts): the catalog with options and variants
// (decision 031) at scale, on PostgreSQL. Issue 19's marks:
//   - a catalog of 10,000 products × 10 variants (Colour × Size), catalog cache off: the listing
//     (several pages), the server-rendered product page and GET /api/products/:id, p99 <= 50 ms
//     at 4 connections, and at 20 connections within 2× of a bare node + pg server that runs the
//     same SQL and answers the same bytes (bench/bare-server.mjs), measured in the same run;
//   - migrating a shop in the old shape (100,002 stock rows of 33,334 sized products, 500,000
//     movements, 20,000 orders) from 0010 to the newest migration in under 60 s.
// Needs the build (npm run build; --no-build skips it) and PostgreSQL (BENCH_PG_URL, default
// 127.0.0.1:5432 trust); makes its own databases and drops them. Loopback only. Never in CI.
// Options: BENCH_SECONDS (default 10), BENCH_PRODUCTS (default 10000), BENCH_SIZED (default 33334),
// BENCH_MOVEMENTS (default 500000).
import { fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import {
  BEFORE_VARIANTS,
  createScratchDatabase,
  generateSpecShapeShop,
  generateVariantCatalog,
  migrate,
} from './support/catalog-generator';
import { withClient } from './back-office-bench';
import { startBenchShop } from './support/bench-shop';
import { cpuMsOf } from './support/cpu';
import { loadPaths } from './support/load';
import { ROOT, buildUnlessSkipped, freePort } from './support/production-server';
import { withApiSessionOptions } from './support/session-options';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const serverUrl = new URL(
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const CONNECTIONS = [4, 20] as const;
/** Listing pages asked for in turn: the first, middle ones and the last of 10,000 / 12. */
const LISTING_PAGES = [1, 2, 10, 100, 400, Math.ceil(productCount / 12)];

buildUnlessSkipped();

/** Loads the paths in turn (each connection goes through them round and round). */
const load = (origin: string, paths: readonly string[], connections: number, duration = seconds) =>
  loadPaths(origin, paths, connections, duration);

interface Row {
  label: string;
  connections: number;
  measured: autocannon.Result;
  baseline?: autocannon.Result;
}

/** CPU milliseconds one request costs, in the server process and in its PostgreSQL backends. */
interface CpuCost {
  node: number;
  postgres: number;
}

/**
 * The CPU a request costs, asked one at a time: unlike requests per second, it hardly moves with
 * the rest of a shared machine's load, so the shop's and the bare server's figures compare.
 */
async function cpuPerRequest(
  origin: string,
  pid: number,
  paths: readonly string[],
  database: { url: string; name: string },
  requests = 400,
): Promise<CpuCost> {
  const get = async (p: string) => {
    const response = await fetch(`${origin}${p}`, { headers: { 'accept-encoding': 'identity' } });
    if (!response.ok) throw new Error(`${p}: ${response.status}`);
    await response.arrayBuffer();
  };
  for (let i = 0; i < 30; i += 1) await get(paths[i % paths.length]!);
  // Backends come and go with the pool: one new during the run counts whole, one that ended
  // during it is not counted (a busy pool keeps its connections).
  const backends = () =>
    withClient(serverUrl.toString(), async (client) =>
      (
        await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
          database.name,
        ])
      ).rows.map((row) => row.pid),
    );
  const before = new Map((await backends()).map((backend) => [backend, cpuMsOf(backend)]));
  const node0 = cpuMsOf(pid);
  for (let i = 0; i < requests; i += 1) await get(paths[i % paths.length]!);
  const node1 = cpuMsOf(pid);
  let postgres = 0;
  for (const backend of await backends()) postgres += cpuMsOf(backend) - (before.get(backend) ?? 0);
  return { node: (node1 - node0) / requests, postgres: postgres / requests };
}

/** The shop on a 10,000 × 10 catalog, and the bare server beside it. */
async function measureCatalog(): Promise<{ rows: Row[]; costs: Map<string, [CpuCost, CpuCost]> }> {
  const database = await createScratchDatabase(serverUrl);
  const rows: Row[] = [];
  const costs = new Map<string, [shop: CpuCost, bare: CpuCost]>();
  try {
    const started = performance.now();
    const made = await withClient(database.url, async (client) => {
      await migrate(client);
      return generateVariantCatalog(client, { products: productCount });
    });
    console.log(
      `catalog: ${made.products} products, ${made.variants} variants, made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // The catalog cache off: every request reads the database (the page cache goes with it).
    const shop = await startBenchShop(database.url, { env: { CATALOG_CACHE_MS: '0' } });
    try {
      const { origin } = shop;
      const { products } = (await (await fetch(`${origin}/api/products?pageNumber=3`)).json()) as {
        products: { _id: string; handle: string; variants: unknown[] }[];
      };
      const sample = products.slice(0, 4);
      if (sample.length < 4 || sample.some((p) => p.variants.length !== 10))
        throw new Error('the listing does not show the generated products with 10 variants');
      const targets: [label: string, paths: string[], contentType: string][] = [
        [
          `GET /api/products?pageNumber=N (${LISTING_PAGES.length} pages)`,
          LISTING_PAGES.map((n) => `/api/products?pageNumber=${n}`),
          'application/json',
        ],
        ['GET /products/<handle> (HTML)', sample.map((p) => `/products/${p.handle}`), 'text/html'],
        ['GET /api/products/:id', sample.map((p) => `/api/products/${p._id}`), 'application/json'],
      ];
      const scratch = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
      for (const [label, paths, contentType] of targets) {
        const response = await fetch(`${origin}${paths[0]}`);
        if (!response.ok) throw new Error(`${paths[0]}: ${response.status}`);
        const bodyFile = path.join(scratch, 'body');
        writeFileSync(bodyFile, Buffer.from(await response.arrayBuffer()));
        const barePort = await freePort();
        const bare = fork(path.join(ROOT, 'bench/bare-server.mjs'), [
          String(barePort),
          contentType,
          bodyFile,
          withApiSessionOptions(database.url),
        ]);
        await new Promise<void>((resolve) => bare.once('message', () => resolve()));
        const bareOrigin = `http://127.0.0.1:${barePort}`;
        try {
          // Warm both up (JIT, connection pools, the database's buffers) before measuring.
          await load(origin, paths, 20, 2);
          await load(bareOrigin, paths, 20, 2);
          for (const connections of CONNECTIONS) {
            const measured = await load(origin, paths, connections);
            const baseline =
              connections === 20 ? await load(bareOrigin, paths, connections) : undefined;
            rows.push({ label, connections, measured, ...(baseline ? { baseline } : {}) });
          }
          costs.set(label, [
            await cpuPerRequest(origin, shop.pid, paths, database),
            await cpuPerRequest(bareOrigin, bare.pid!, paths, database),
          ]);
        } finally {
          bare.kill();
        }
      }
    } finally {
      await shop.stop();
    }
  } finally {
    await database.drop();
  }
  return { rows, costs };
}

/** Seconds to migrate a shop of the old shape from 0010 to the newest migration. */
async function measureMigration() {
  const database = await createScratchDatabase(serverUrl);
  try {
    return await withClient(database.url, async (client) => {
      await migrate(client, BEFORE_VARIANTS);
      const started = performance.now();
      const shop = await generateSpecShapeShop(client, {
        sizedProducts: Number(process.env.BENCH_SIZED ?? 33_334),
        movements: Number(process.env.BENCH_MOVEMENTS ?? 500_000),
      });
      const madeIn = (performance.now() - started) / 1000;
      const migratedIn = await migrate(client);
      const { rows } = await client.query<{ variants: number; mismatched: number }>(
        `select (select count(*)::int from variants) as variants,
           (select count(*)::int from variants v where v.on_hand <> (
             select coalesce(sum(change), 0) from stock_movements m
             where m.product_id = v.product_id and m.variant = v.key)) as mismatched`,
      );
      return { shop, madeIn, migratedIn, after: rows[0]! };
    });
  } finally {
    await database.drop();
  }
}

const loadBefore = loadavg()[0]!;
const { rows, costs } = await measureCatalog();
const migration = await measureMigration();

const pad = (text: string | number, width: number) => String(text).padEnd(width);
console.log(
  `\nCatalog of ${productCount} products × 10 variants, catalog cache off, ${seconds} s each, PostgreSQL, loopback.` +
    `\nBaseline (20 connections) = bare node:http + pg running the same SQL and answering the same bytes.` +
    `\nLoad average (1 min) before: ${loadBefore.toFixed(1)}, after: ${loadavg()[0]!.toFixed(1)} (figures are only comparable within a run).\n`,
);
console.log(
  `${pad('endpoint', 44)}${pad('conns', 7)}${pad('req/s', 8)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('bare req/s', 12)}${pad('bare p99', 10)}${pad('req/s ratio', 13)}p99 ratio`,
);
for (const { label, connections, measured, baseline } of rows) {
  console.log(
    `${pad(label, 44)}${pad(connections, 7)}${pad(Math.round(measured.requests.average), 8)}${pad(measured.latency.p50, 8)}${pad(measured.latency.p99, 8)}` +
      (baseline
        ? `${pad(Math.round(baseline.requests.average), 12)}${pad(baseline.latency.p99, 10)}${pad((baseline.requests.average / measured.requests.average).toFixed(2) + '×', 13)}${(measured.latency.p99 / Math.max(1, baseline.latency.p99)).toFixed(2)}×`
        : ''),
  );
}
const ms = (value: number) => value.toFixed(2);
console.log(
  '\nCPU per request, one at a time (node ms + postgres ms): shop against bare, and the ratio of the totals.',
);
for (const [label, [shop, bare]] of costs) {
  console.log(
    `${pad(label, 44)}shop ${ms(shop.node)} + ${ms(shop.postgres)}   bare ${ms(bare.node)} + ${ms(bare.postgres)}   ` +
      `${((shop.node + shop.postgres) / Math.max(0.01, bare.node + bare.postgres)).toFixed(2)}×`,
  );
}
console.log(
  `\nMigration 0010 -> newest over ${migration.shop.products} sized products, ${migration.shop.stockRows} stock rows, ` +
    `${migration.shop.movements} movements, ${migration.shop.orderItems} order lines (made in ${migration.madeIn.toFixed(1)} s): ` +
    `${migration.migratedIn.toFixed(1)} s; ${migration.after.variants} variants after, ${migration.after.mismatched} not equal to their ledger`,
);
const marks = [
  ...rows
    .filter((row) => row.connections === 4)
    .map((row) => [`${row.label} p99 <= 50 ms at 4`, row.measured.latency.p99 <= 50] as const),
  ...rows
    .filter((row) => row.baseline)
    .map(
      (row) =>
        [
          `${row.label} within 2× of bare at 20`,
          row.baseline!.requests.average / row.measured.requests.average <= 2,
        ] as const,
    ),
  ['migration under 60 s', migration.migratedIn < 60] as const,
];
console.log('');
for (const [mark, met] of marks) console.log(`${met ? 'met   ' : 'MISSED'} ${mark}`);

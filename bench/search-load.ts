// `npm run bench:search` (tsx bench/search-load.ts): the search and filter benchmark of issue 22.
// On a fresh PostgreSQL database it creates and drops: the catalog issue's generator (products ×
// 10 variants, options Colour × Size), given names a shopper searches for ('Dune Stripe Hoodie'),
// then the production build with the catalog cache off, measured with autocannon at 4 and at 20
// connections: a one-word search with a typo, a three-word search with a typo, a category listing
// filtered by two options, and the search box's suggestions. Beside each, in the same run, a bare
// node + pg server (bench/bare-search-server.mjs) running the statements the API ran for that
// request (recorded from drizzle here: text and parameters, in the API's stages) and answering the
// same bytes. Prints p50/p99 and PASS/FAIL: p99 <= 50 ms at 4 connections (suggestions 30 ms),
// p99 within 2× of bare at 20. Writes EXPLAIN (ANALYZE, BUFFERS) of every statement of the four
// requests to bench/results/search-explain-<products>.txt. Then the same four on the sample
// catalog on in-memory PGlite, in this process: 50 of each after 5 to warm up, against 20 ms.
// Needs the build (npm run build; --no-build skips it) and PostgreSQL (BENCH_PG_URL, default
// 127.0.0.1:5432 trust). Ports 3600-3699, loopback only. Never in CI.
// Options: BENCH_PRODUCTS (default 100000), BENCH_SECONDS (default 10); BENCH_DATABASE_URL
// measures a database already generated (bench:scale's or a kept one: kept, not dropped; given
// the names first if it has none) instead of generating one. BENCH_ONLY measures only the
// requests whose label contains one of its comma-separated parts (e.g. 'hoodies,suggestions').
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { ProductListQuery } from '../packages/shared/src/catalog';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import * as schema from '../apps/api/src/db/schema';
import { seedSampleCatalogIfEmpty } from '../apps/api/src/modules/catalog/seed';
import { listProductCardPage, readListingQuery } from '../apps/api/src/modules/catalog/service';
import { suggest } from '../apps/api/src/modules/search/service';
import { withClient } from './back-office-bench';
import { startBenchShop, type BenchShop } from './support/bench-shop';
import {
  createScratchDatabase,
  migrateVariantCatalog,
  nameProductsForSearch,
} from './support/catalog-generator';
import { loadPaths } from './support/load';
import { ROOT, buildUnlessSkipped } from './support/production-server';
import { withApiSessionOptions } from './support/session-options';

let productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const serverUrl = new URL(
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const CONNECTIONS = [4, 20] as const;
const PGLITE_RUNS = 50;
const PGLITE_TARGET_MS = 20;

buildUnlessSkipped();

/** A request of the benchmark: its address, its p99 target at 4 connections, how the API answers it. */
interface Target {
  label: string;
  path: string;
  p99Ms: number;
  run: (db: Database) => Promise<unknown>;
}

const listing = (query: string) => (db: Database) => {
  const params = Object.fromEntries(new URLSearchParams(query));
  return listProductCardPage(db, readListingQuery(params as ProductListQuery));
};

// The generator's options are Colour (Clay, Ink, Moss, Sand, Rust) × Size (M, L): the variants'
// facets are 'colour=Sand', 'size=L'.
const ALL_TARGETS: Target[] = [
  {
    label: 'search "hodie" (1 word, typo)',
    path: '/api/product-cards/listing?keyword=hodie',
    p99Ms: 50,
    run: listing('keyword=hodie'),
  },
  {
    label: 'search "dune stripe hodie"',
    path: '/api/product-cards/listing?keyword=dune%20stripe%20hodie',
    p99Ms: 50,
    run: listing('keyword=dune stripe hodie'),
  },
  {
    label: 'hoodies, colour=Sand, size=L',
    path: '/api/product-cards/listing?category=hoodies&colour=Sand&size=L',
    p99Ms: 50,
    run: listing('category=hoodies&colour=Sand&size=L'),
  },
  {
    label: 'suggestions "hodi"',
    path: '/api/search/suggestions?q=hodi',
    p99Ms: 30,
    run: (db) => suggest(db, 'hodi'),
  },
];
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const TARGETS = only
  ? ALL_TARGETS.filter((target) => only.some((part) => target.label.includes(part)))
  : ALL_TARGETS;
if (!TARGETS.length) throw new Error(`BENCH_ONLY=${process.env.BENCH_ONLY}: no request's label`);

/** A port of 3600-3699 that is free now. */
async function portInRange(): Promise<number> {
  for (let port = 3600 + Math.floor(Math.random() * 100), tries = 0; tries < 100; tries += 1) {
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
    port = 3600 + ((port - 3600 + 1) % 100);
  }
  throw new Error('no free port in 3600-3699');
}

/** A statement as the API sent it, and when (ms) it was sent and answered. */
interface Recorded {
  text: string;
  values: unknown[];
  start: number;
  end: number;
}

/**
 * Runs `work` on a drizzle database over a pool whose every query is recorded: the statements the
 * API sends for a request, grouped in stages (those sent before any of the stage was answered
 * went at once: a Promise.all).
 */
async function recordStatements(
  url: string,
  work: (db: Database) => Promise<unknown>,
): Promise<Recorded[][]> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const recorded: Recorded[] = [];
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: unknown }).query = (config: unknown, values?: unknown[]) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    const entry: Recorded = {
      text,
      values: values ?? (config as { values?: unknown[] }).values ?? [],
      start: performance.now(),
      end: Infinity,
    };
    recorded.push(entry);
    return query(config, values).then((result) => {
      entry.end = performance.now();
      return result;
    });
  };
  try {
    const db = drizzle(pool, { schema }) as unknown as Database;
    await work(db); // warm (plans, buffers), then recorded
    recorded.length = 0;
    await work(db);
  } finally {
    await pool.end();
  }
  const stages: Recorded[][] = [];
  for (const entry of [...recorded].sort((a, b) => a.start - b.start)) {
    const stage = stages.at(-1);
    if (stage && entry.start < Math.min(...stage.map((s) => s.end))) stage.push(entry);
    else stages.push([entry]);
  }
  return stages;
}

/** The plan's lines naming an index (or a sequential scan), and its execution time. */
function summaryOf(plan: string): { indexes: string[]; seqScans: string[]; ms: number } {
  const indexes = new Set<string>();
  const seqScans = new Set<string>();
  for (const match of plan.matchAll(
    /(?:Index|Index Only|Bitmap Index) Scan (?:Backward )?using (\S+)|Bitmap Index Scan on (\S+)/g,
  ))
    indexes.add(match[1] ?? match[2]!);
  for (const match of plan.matchAll(/Seq Scan on (\S+)/g)) seqScans.add(match[1]!);
  const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
  return { indexes: [...indexes], seqScans: [...seqScans], ms };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/* The sample catalog on in-memory PGlite, in this process (as the tests open it). */
async function pgliteTimings() {
  const database = await openDatabase({ timeouts: { connectMs: 5000, queryMs: 30_000 } });
  try {
    await database.migrate();
    await seedSampleCatalogIfEmpty(database.db);
    const timings: { target: Target; p50: number; max: number }[] = [];
    for (const target of TARGETS) {
      for (let i = 0; i < 5; i += 1) await target.run(database.db);
      const times: number[] = [];
      for (let i = 0; i < PGLITE_RUNS; i += 1) {
        const at = performance.now();
        await target.run(database.db);
        times.push(performance.now() - at);
      }
      times.sort((a, b) => a - b);
      timings.push({ target, p50: percentile(times, 50), max: times.at(-1)! });
    }
    return timings;
  } finally {
    await database.close();
  }
}

/** A load's result, or why it failed (a non-2xx answer, a request timed out): the run goes on. */
type Outcome = autocannon.Result | Error;

interface Measured {
  target: Target;
  connections: number;
  shop: Outcome;
  bare: Outcome;
}

const measure = (origin: string, target: Target, connections: number, time: number) =>
  loadPaths(origin, [target.path], connections, time).catch((error: unknown) =>
    error instanceof Error ? error : new Error(String(error)),
  );
const p99Of = (outcome: Outcome) => (outcome instanceof Error ? Infinity : outcome.latency.p99);

const loadBefore = loadavg()[0]!;
const pglite = await pgliteTimings();
console.log('PGlite (sample catalog): measured');

const keptUrl = process.env.BENCH_DATABASE_URL;
const database = keptUrl
  ? { url: keptUrl, drop: async () => {} }
  : await createScratchDatabase(serverUrl, 'shop_search_load');
const measured: Measured[] = [];
const explained: { target: Target; statements: number; stages: number; plans: string[] }[] = [];
let shop: BenchShop | undefined;
let bare: { process: ReturnType<typeof fork>; origin: string } | undefined;
try {
  if (!keptUrl)
    await withClient(database.url, (client) => migrateVariantCatalog(client, productCount));
  const named = await withClient(database.url, async (client) => {
    const { rows } = await client.query<{ products: number; named: boolean }>(
      `select count(*)::int as products, bool_or(name like '% Hoodie') as named from products`,
    );
    productCount = rows[0]!.products;
    return rows[0]!.named;
  });
  if (!named) {
    const started = performance.now();
    await withClient(database.url, nameProductsForSearch);
    console.log(
      `names and vacuum analyze in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }

  // The catalog cache off: every request reads the database.
  shop = await startBenchShop(database.url, {
    env: { CATALOG_CACHE_MS: '0' },
    port: await portInRange(),
  });
  const { origin } = shop;

  // Each request's answer, and the statements the API runs for it (recorded from drizzle).
  const spec: Record<string, { contentType: string; body: string; stages: unknown[][] }> = {};
  const explainText: string[] = [];
  for (const target of TARGETS) {
    const response = await fetch(`${origin}${target.path}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    if (!response.ok) throw new Error(`${target.path}: ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    const stages = await recordStatements(database.url, target.run);
    spec[target.path] = {
      contentType: response.headers.get('content-type') ?? 'application/json',
      body: body.toString('base64'),
      stages: stages.map((stage) => stage.map(({ text, values }) => ({ text, values }))),
    };
    const plans: string[] = [];
    await withClient(database.url, async (client) => {
      for (const [index, stage] of stages.entries())
        for (const statement of stage) {
          const { rows } = await client.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, buffers) ${statement.text}`,
            statement.values,
          );
          const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
          plans.push(plan);
          explainText.push(
            `## ${target.label} (${target.path}), stage ${index + 1}\n\n${statement.text.trim()}\n\nparameters: ${JSON.stringify(statement.values)}\n\n${plan}\n`,
          );
        }
    });
    explained.push({
      target,
      statements: stages.flat().length,
      stages: stages.length,
      plans,
    });
    console.log(`${target.label}: ${body.length} bytes, ${stages.flat().length} statements`);
  }
  const resultsDir = path.join(ROOT, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const explainFile = path.join(resultsDir, `search-explain-${productCount}.txt`);
  writeFileSync(
    explainFile,
    `# EXPLAIN (ANALYZE, BUFFERS) of the search benchmark's statements, ${productCount} products\n\n${explainText.join('\n')}`,
  );
  console.log(`EXPLAIN written to ${path.relative(ROOT, explainFile)}`);

  const specFile = path.join(mkdtempSync(path.join(tmpdir(), 'shop-search-load-')), 'spec.json');
  writeFileSync(specFile, JSON.stringify(spec));
  const barePort = await portInRange();
  const bareProcess = fork(path.join(ROOT, 'bench/bare-search-server.mjs'), [
    String(barePort),
    specFile,
    withApiSessionOptions(database.url),
  ]);
  bare = { process: bareProcess, origin: `http://127.0.0.1:${barePort}` };
  await new Promise<void>((resolve) => bareProcess.once('message', () => resolve()));

  for (const target of TARGETS) {
    // Warm up (JIT, pools, plans, the database's buffers) before measuring.
    await measure(origin, target, 20, 2);
    await measure(bare.origin, target, 20, 2);
    for (const connections of CONNECTIONS) {
      const result = await measure(origin, target, connections, seconds);
      const baseline = await measure(bare.origin, target, connections, seconds);
      measured.push({ target, connections, shop: result, bare: baseline });
    }
  }
} finally {
  bare?.process.kill();
  await shop?.stop();
  await database.drop();
}

const pad = (text: string | number, width: number) => String(text).padEnd(width);
console.log(
  `\n${productCount} products × 10 variants, PostgreSQL, catalog cache off, ${seconds} s each, loopback.` +
    `\nBare = node:http + pg running the statements the API ran for the request (same stages) and answering the same bytes.` +
    `\nLoad average (1 min) before ${loadBefore.toFixed(1)}, after ${loadavg()[0]!.toFixed(1)}.\n`,
);
console.log(
  `${pad('request', 34)}${pad('conns', 7)}${pad('req/s', 8)}${pad('p50', 7)}${pad('p99', 7)}${pad('bare p50', 10)}${pad('bare p99', 10)}p99 ratio`,
);
for (const { target, connections, shop: r, bare: b } of measured) {
  const row = (o: Outcome) =>
    o instanceof Error
      ? [o.message.split(': ').slice(1).join(': ')]
      : [Math.round(o.requests.average), o.latency.p50, o.latency.p99];
  if (r instanceof Error || b instanceof Error) {
    console.log(
      `${pad(target.label, 34)}${pad(connections, 7)}shop: ${row(r).join(' ')}; bare: ${row(b).join(' ')}`,
    );
    continue;
  }
  console.log(
    `${pad(target.label, 34)}${pad(connections, 7)}${pad(Math.round(r.requests.average), 8)}${pad(r.latency.p50, 7)}${pad(r.latency.p99, 7)}` +
      `${pad(b.latency.p50, 10)}${pad(b.latency.p99, 10)}${(r.latency.p99 / Math.max(1, b.latency.p99)).toFixed(2)}×`,
  );
}

console.log('\nEXPLAIN (ANALYZE, BUFFERS), one run of each statement:');
for (const { target, statements, stages, plans } of explained) {
  console.log(`${target.label}: ${statements} statements in ${stages} stages`);
  for (const [index, plan] of plans.entries()) {
    const { indexes, seqScans, ms } = summaryOf(plan);
    console.log(
      `  ${index + 1}. ${ms.toFixed(2)} ms; indexes: ${indexes.join(', ') || '-'}${seqScans.length ? `; seq scans: ${seqScans.join(', ')}` : ''}`,
    );
  }
}

console.log(`\nPGlite, sample catalog, in process: ${PGLITE_RUNS} of each after 5 to warm up`);
for (const { target, p50, max } of pglite)
  console.log(`${pad(target.label, 34)}p50 ${p50.toFixed(1)} ms, max ${max.toFixed(1)} ms`);

const marks: [string, boolean][] = [];
for (const { target, connections, shop: r, bare: b } of measured) {
  if (connections === 4)
    marks.push([`${target.label}: p99 <= ${target.p99Ms} ms at 4`, p99Of(r) <= target.p99Ms]);
  // A load that failed (shop's or bare's) is no ratio: FAIL, not Infinity <= 2 × Infinity.
  if (connections === 20)
    marks.push([
      `${target.label}: p99 within 2× of bare at 20${r instanceof Error || b instanceof Error ? ' (a load failed: no ratio)' : ''}`,
      !(r instanceof Error) && !(b instanceof Error) && p99Of(r) <= 2 * Math.max(1, p99Of(b)),
    ]);
}
for (const { target, max } of pglite)
  marks.push([
    `${target.label}: PGlite, every run < ${PGLITE_TARGET_MS} ms`,
    max < PGLITE_TARGET_MS,
  ]);
marks.push([
  'no 5xx (nor any other error) during any of it',
  measured.every(({ shop: r }) => !(r instanceof Error)),
]);
console.log('');
for (const [mark, met] of marks) console.log(`${met ? 'PASS' : 'FAIL'} ${mark}`);

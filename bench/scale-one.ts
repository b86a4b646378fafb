// `npm run bench:scale-one`: one of bench:scale's storefront requests, measured again and again on
// a database bench:scale left (BENCH_DATABASE_URL, required), the catalog cache off: the shop and
// the bare node + pg server one after the other, at each connection count, for each round. For
// trying one change to a hot path without the whole run; the round-to-round spread shows how far
// a single figure can be trusted. Needs the build (npm run build). Loopback only. Never in CI.
// Options: BENCH_PATH (/api/products?pageNumber=1), BENCH_CONNECTIONS (4,20), BENCH_ROUNDS (2),
// BENCH_SECONDS (10), BENCH_SHOP_ENV (JSON of settings, e.g. {"HEAP_GROWTH_PERCENT":"0"});
// BENCH_SHOP_NODE_ARGS and BARE_NODE_ARGS add node flags to either server (e.g. --cpu-prof).
import { startBenchShop } from './support/bench-shop';
import { startBare } from './support/bare-server';
import { loadPaths } from './support/load';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL: a database bench:scale generated');
const target = process.env.BENCH_PATH ?? '/api/products?pageNumber=1';
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = (process.env.BENCH_CONNECTIONS ?? '4,20').split(',').map(Number);
const settings = JSON.parse(process.env.BENCH_SHOP_ENV ?? '{}') as Record<string, string>;

const shop = await startBenchShop(databaseUrl, { env: { CATALOG_CACHE_MS: '0', ...settings } });
const first = await fetch(`${shop.origin}${target}`);
if (!first.ok) throw new Error(`${target}: ${first.status}`);
const contentType = first.headers.get('content-type')?.split(';')[0] ?? 'application/json';
const bare = await startBare(contentType, Buffer.from(await first.arrayBuffer()), databaseUrl);
try {
  // Warm up (JIT, pools, plans, the database's buffers) before measuring.
  await loadPaths(shop.origin, [target], 20, 2);
  await loadPaths(bare.origin, [target], 20, 2);
  for (let round = 1; round <= rounds; round += 1)
    for (const count of connections) {
      const ours = await loadPaths(shop.origin, [target], count, seconds);
      const floor = await loadPaths(bare.origin, [target], count, seconds);
      console.log(
        `round ${round}, ${count} connections: shop ${Math.round(ours.requests.average)} req/s, ` +
          `p50 ${ours.latency.p50} p97.5 ${ours.latency.p97_5} p99 ${ours.latency.p99} ms; ` +
          `bare ${Math.round(floor.requests.average)} req/s, p99 ${floor.latency.p99} ms; ` +
          `p99 ratio ${(ours.latency.p99 / Math.max(1, floor.latency.p99)).toFixed(2)}×`,
      );
    }
} finally {
  bare.process.kill();
  await shop.stop();
}

// `npm run bench:page-sizes` (tsx bench/page-sizes.ts): how large the storefront's pages and the
// sitemap are as the catalog grows (issue 23, decision 051). For each catalog size it generates a
// catalog with variants on PostgreSQL (a database of its own, dropped after), starts the built
// shop on it and prints the bytes of the home page, a deep home page, a category page, a search,
// and the sitemap index and its files (with the time each file took to write). A page's HTML
// should be the same size whatever the catalog holds (at most 100 KB at 100,000 products).
// Needs the build (npm run build) and PostgreSQL (BENCH_PG_URL, default 127.0.0.1:5432 trust).
// Options: BENCH_PRODUCTS (default 1000,100000), BENCH_SERVER (the
// server.js of another build, e.g. an older commit's, to compare). Never in CI.
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  createScratchDatabase,
  generateVariantCatalog,
  migrate,
} from './support/catalog-generator';
import { startBenchShop } from './support/bench-shop';
import { ROOT } from './support/production-server';

const sizes = (process.env.BENCH_PRODUCTS ?? '1000,100000').split(',').map(Number);
const serverUrl = new URL(
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const PAGE_SIZE = 12;
/** Another build's server (an older commit's, to compare): BENCH_SERVER. */
const SERVER = process.env.BENCH_SERVER ?? path.join(ROOT, 'apps/api/dist/server.js');

/** The bytes of one answer (uncompressed) and how long it took. */
async function measure(
  url: string,
): Promise<{ status: number; bytes: number; ms: number; body: string }> {
  const started = performance.now();
  const answer = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const body = await answer.text();
  return {
    status: answer.status,
    bytes: Buffer.byteLength(body),
    ms: performance.now() - started,
    body,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function measureCatalog(products: number): Promise<void> {
  const database = await createScratchDatabase(serverUrl, 'shop_pagesizes');
  try {
    const started = performance.now();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await migrate(client);
      await generateVariantCatalog(client, { products });
    } finally {
      await client.end();
    }
    console.log(
      `\n${products.toLocaleString('en-US')} products × 10 variants, made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // Off: every request reads the database and renders (or writes the sitemap) again.
    const shop = await startBenchShop(database.url, {
      server: SERVER,
      env: { CATALOG_CACHE_MS: '0', SITEMAP_CACHE_MS: '0' },
    });
    try {
      const { origin } = shop;
      const last = Math.ceil(products / PAGE_SIZE);
      const pages: [string, string][] = [
        ['home page', '/'],
        [`home page ${Math.ceil(last / 2)}`, `/page/${Math.ceil(last / 2)}`],
        ['category (/belts)', '/belts'],
        ['search (/search/bench)', '/search/bench'],
      ];
      for (const [label, url] of pages) {
        const { status, bytes, ms } = await measure(`${origin}${url}`);
        console.log(
          `  ${label.padEnd(26)} ${String(status)}  ${kb(bytes).padStart(10)}  ${ms.toFixed(0)} ms`,
        );
      }
      const index = await measure(`${origin}/sitemap.xml`);
      // An index names files (<sitemap>); a sitemap of one file (before decision 051) names pages.
      const files = [...index.body.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map(
        ([, loc]) => loc!,
      );
      const indexUrls = index.body.match(/<url>/g)?.length ?? 0;
      console.log(
        `  ${'/sitemap.xml'.padEnd(26)} ${index.status}  ${kb(index.bytes).padStart(10)}  ${index.ms.toFixed(0)} ms  ${files.length} files, ${indexUrls.toLocaleString('en-US')} URLs`,
      );
      for (const file of files) {
        const path = new URL(file).pathname;
        const answer = await measure(`${origin}${path}`);
        const urls = answer.body.match(/<url>/g)?.length ?? 0;
        console.log(
          `  ${path.padEnd(26)} ${answer.status}  ${kb(answer.bytes).padStart(10)}  ${answer.ms.toFixed(0)} ms  ${urls.toLocaleString('en-US')} URLs`,
        );
      }
    } finally {
      await shop.stop();
    }
  } finally {
    await database.drop();
  }
}

if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run npm run build first`);
for (const products of sizes) await measureCatalog(products);

// `npm run bench:search-explain` (tsx bench/search-explain.ts): the storefront search's statements
// (decision 050) on a generated catalog on PostgreSQL: EXPLAIN (ANALYZE, BUFFERS) of each, and the
// time of whole searches as the API runs them (listProducts: words, facets with the total, ranked page), asked
// one at a time. PostgreSQL: BENCH_PG_URL (default 127.0.0.1:5432, trust); a scratch database,
// dropped at the end. BENCH_PRODUCTS (default 10000). Never in CI.
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import {
  NO_FILTERS,
  readListingFilters,
  type ListingFilters,
} from '../packages/shared/src/listing';
import type { ListingRequest } from '../apps/api/src/modules/catalog/listing';
import { listProducts } from '../apps/api/src/modules/catalog/service';
import {
  listingFacetsSql,
  listingPageSql,
  type ListingQuery,
} from '../apps/api/src/modules/catalog/listing-repository';
import { readWordsSql, type SearchFilter } from '../apps/api/src/modules/search/repository';
import { searchScopeOf } from '../apps/api/src/modules/search/service';
import {
  createScratchDatabase,
  migrateVariantCatalog,
  nameProductsForSearch,
} from './support/catalog-generator';

const productCount = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const serverUrl = new URL(
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);

const scratch = await createScratchDatabase(serverUrl, 'shop_search_bench');
try {
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  await migrateVariantCatalog(client, productCount);
  const started = performance.now();
  await nameProductsForSearch(client);
  console.log(`names and vacuum analyze in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await client.end();

  const database = await openDatabase({
    databaseUrl: scratch.url,
    poolSize: 4,
    timeouts: { connectMs: 5000, queryMs: 30_000 },
  });
  const { db } = database;
  const explain = async (title: string, statement: SQL) => {
    const result = (await db.execute(sql`explain (analyze, buffers) ${statement}`)) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    console.log(`\n## ${title}\n${result.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
  };
  const page = { limit: 12, offset: 0 };
  const oneWord: SearchFilter = { terms: [['tote', 'bag']], every: true };
  const threeWords: SearchFilter = {
    terms: [['dune'], ['stripe'], ['hoodie', 'sweatshirt']],
    every: true,
  };
  await explain('words of "dune flowr hodie"', readWordsSql(['dune', 'flowr', 'hodie']));
  // A search's listing (decision 057): its facets with the total, then its ranked page.
  const searchQuery = (
    filter: SearchFilter,
    filters: ListingFilters = NO_FILTERS,
  ): ListingQuery => ({
    scope: searchScopeOf(filter),
    filters,
    onSale: sql`false`,
    cardPrice: sql`p.price_cents`,
    sort: 'relevance',
    bestSellingFrom: '2000-01-01',
  });
  await explain(
    'facets and total, "tote" (with its synonym bag)',
    listingFacetsSql(searchQuery(oneWord)),
  );
  await explain('ranked page, "tote"', listingPageSql(searchQuery(oneWord), page));
  await explain(
    'facets and total, "dune stripe hoodie"',
    listingFacetsSql(searchQuery(threeWords)),
  );
  await explain('ranked page, "dune stripe hoodie"', listingPageSql(searchQuery(threeWords), page));

  const hoodiesSandL: ListingRequest = {
    categories: ['hoodies'],
    page: 1,
    filters: readListingFilters({ colour: 'Sand', size: 'L' }).filters,
  };
  await explain(
    'facets and total, the whole catalog (the home listing, no option chosen)',
    listingFacetsSql({ ...searchQuery(oneWord), scope: {}, sort: 'newest' }),
  );

  console.log('\n## whole listings (listProducts), 20 each, one at a time');
  const listings: [string, ListingRequest][] = [
    ...['tote', 'dune stripe hodie', 'oasis weave strap', 'zebra', 'qqqqqq'].map(
      (keyword): [string, ListingRequest] => [keyword, { keyword, page: 1, filters: NO_FILTERS }],
    ),
    ['home (no option chosen)', { page: 1, filters: NO_FILTERS }],
    ['hoodies, colour=Sand, size=L', hoodiesSandL],
  ];
  for (const [label, request] of listings) {
    const times: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const t0 = performance.now();
      await listProducts(db, request);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const found = await listProducts(db, request);
    console.log(
      `${label.padEnd(30)} p50 ${times[10]!.toFixed(1)} ms, max ${times[19]!.toFixed(1)} ms; ${found.list.pages} pages${found.list.search ? ` (${found.list.search.matched})` : ''}`,
    );
  }
  await database.close();
} finally {
  await scratch.drop();
}

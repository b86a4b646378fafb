// `npm run bench:listing-index`: the listing index's facet count (decisions 061 and 065), in
// process, on a database bench:scale or bench:search left (BENCH_DATABASE_URL, required). Loads
// the index once, then counts each listing BENCH_COUNTS (300) times without reading changes in
// between, and prints the median and the fastest count beside the baseline measured in the same
// run: the database counting the same facets (`findListingFacets`, what the index stands in for),
// BENCH_DATABASE_COUNTS (20) times. Then a search's matches found among the products' words
// (decision 068) beside the database reading their numbers (`findSearchMatchNumbers`).
// Never in CI.
import { openDatabase } from '../apps/api/src/db/client';
import {
  listingIndexOf,
  type IndexedListingQuery,
} from '../apps/api/src/modules/catalog/listing-index';
import {
  cardPriceSql,
  findListingFacets,
  onSaleSql,
} from '../apps/api/src/modules/catalog/listing-repository';
import { findSearchMatchNumbers } from '../apps/api/src/modules/search/repository';
import { searchAttempts, searchMatchesOf } from '../apps/api/src/modules/search/service';
import { readListingFilters, type ListingParams } from '../packages/shared/src/listing';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl)
  throw new Error('BENCH_DATABASE_URL: a database bench:scale or bench:search made');
const counts = Number(process.env.BENCH_COUNTS ?? 300);
const databaseCounts = Number(process.env.BENCH_DATABASE_COUNTS ?? 20);

const database = await openDatabase({
  databaseUrl,
  poolSize: 2,
  timeouts: { connectMs: 5000, queryMs: 120_000 },
});
const index = listingIndexOf(database.db);
const listing = (params: ListingParams, categories?: string[]): IndexedListingQuery => ({
  scope: categories ? { categories: categories as IndexedListingQuery['scope']['categories'] } : {},
  filters: readListingFilters(params).filters,
  rules: [],
});
const listings: [string, IndexedListingQuery][] = [
  ['hoodies, colour=Sand, size=L', listing({ colour: 'Sand', size: 'L' }, ['hoodies'])],
  ['hoodies, size=L', listing({ size: 'L' }, ['hoodies'])],
  ['hoodies', listing({}, ['hoodies'])],
  ['every product, in stock', listing({ inStock: 'true' })],
];

const started = performance.now();
await index.catchUp();
const readSeconds = (performance.now() - started) / 1000;
// With `node --expose-gc`, the heap the index holds rather than what the read left behind.
(globalThis as { gc?: () => void }).gc?.();
console.log(
  `index read in ${readSeconds.toFixed(1)} s; ` +
    `heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`,
);

/** Median and fastest of `counts` runs of `run`, in ms, after a tenth as many to warm up. */
async function time(
  run: () => unknown,
  counts: number,
): Promise<{ median: number; fastest: number }> {
  for (let n = 0; n < counts / 10; n += 1) await run();
  const times: number[] = [];
  for (let n = 0; n < counts; n += 1) {
    const at = performance.now();
    await run();
    times.push(performance.now() - at);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(counts / 2)]!, fastest: times[0]! };
}

// Counted as a listing asks, without a round trip to read changes before each count.
index.catchUp = () => Promise.resolve();
console.log(
  `\nlisting (ms)                     index p50  fastest  database p50  database / index`,
);
for (const [label, query] of listings) {
  const count = await time(() => index.facets(query), counts);
  const inDatabase = await time(
    () =>
      findListingFacets(database.db, {
        scope: query.scope,
        filters: query.filters,
        onSale: onSaleSql([]),
        cardPrice: cardPriceSql([]),
        sort: 'newest',
        bestSellingFrom: '2026-01-01',
      }),
    databaseCounts,
  );
  console.log(
    `${label.padEnd(33)}${count.median.toFixed(2).padStart(9)}${count.fastest.toFixed(2).padStart(9)}` +
      `${inDatabase.median.toFixed(2).padStart(14)}${(inDatabase.median / count.median).toFixed(0).padStart(8)}×`,
  );
}
console.log(`\nsearch matches (ms)             index p50  fastest  database p50  database / index`);
for (const keyword of ['hodie', 'dune stripe hodie', 'tote']) {
  const { attempts } = await searchAttempts(database.db, keyword);
  const filter = attempts[0]!;
  const matches = await searchMatchesOf(database.db, filter);
  if (!('query' in matches)) throw new Error(`${keyword}: not matched by words`);
  const count = await time(() => index.matchingNumbers(matches.query), counts);
  const inDatabase = await time(() => findSearchMatchNumbers(database.db, filter), databaseCounts);
  console.log(
    `${keyword.padEnd(33)}${count.median.toFixed(2).padStart(9)}${count.fastest.toFixed(2).padStart(9)}` +
      `${inDatabase.median.toFixed(2).padStart(14)}${(inDatabase.median / count.median).toFixed(0).padStart(8)}×`,
  );
}
await database.close();

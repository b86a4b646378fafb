import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema } from '@shop/shared/catalog';
import {
  addDays,
  searchReportFirstDay,
  searchReportSchema,
  shopDayOf,
  type SearchReport,
} from '@shop/shared/search-report';
import { searchQueryDays } from '../../db/schema';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { addVerifiedCustomer } from '../../test/fixtures';
import { TEST_DATABASE_URL, createTestApp, type TestApp } from '../../test/test-app';
import { seedSampleCatalogIfEmpty } from '../catalog/seed';
import { createSearchLog } from './search-log';

// The owner's Searches report (issue 22, decision 056): what was searched, counted without who.

const DAY_MS = 24 * 60 * 60_000;
/** The app's clock: the tests move it instead of waiting. */
let clock = Date.now();
let t: TestApp;
let staff: { token: string };

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  await seedSampleCatalogIfEmpty(t.database.db);
  staff = await addBackOfficeUser(t, 'staff');
}, 60_000);
afterAll(() => t.close());

const listing = (path: string, keyword: string, page = 1) =>
  t.app.inject(`${path}?keyword=${encodeURIComponent(keyword)}&pageNumber=${page}`);

/** Every product a keyword finds, over all its pages. */
async function totalFound(keyword: string): Promise<number> {
  let found = 0;
  for (let page = 1; ; page += 1) {
    const list = productListSchema.parse((await listing('/api/products', keyword, page)).json());
    found += list.products.length;
    if (page >= list.pages) return found;
  }
}

const viewed = (query: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/search/product-views', payload: { query } });

async function report(token: string | null) {
  return t.app.inject({
    url: '/api/admin/search/report',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}
async function readReport(): Promise<SearchReport> {
  const response = await report(staff.token);
  expect(response.statusCode).toBe(200);
  return searchReportSchema.parse(response.json());
}

/** The rows kept of a query, whatever their day. */
const rowsOf = async (query: string) =>
  (await t.database.db.select().from(searchQueryDays)).filter((row) => row.query === query);

describe(`the Searches report (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('counts a search once per first page, on both listings, however it is typed', async () => {
    const total = await totalFound('tote'); // its pages 1 and 2: one search
    expect(total).toBeGreaterThan(12);
    const cards = await listing('/api/product-cards/listing', '  TOTE ');
    expect(cards.statusCode).toBe(200);
    await listing('/api/product-cards/listing', 'tote', 2);
    // Blank keywords and plain listings are no searches.
    await listing('/api/products', '   ');
    await t.app.inject('/api/products?pageNumber=1');
    expect(await rowsOf('tote')).toEqual([]); // nothing written before the flush
    await t.app.searchLog.flush();
    expect(await rowsOf('tote')).toEqual([
      {
        day: shopDayOf(new Date(clock)),
        query: 'tote',
        searches: 2,
        results: total,
        productViews: 0,
      },
    ]);
    expect(await rowsOf('')).toEqual([]);
    const tote = (await readReport()).topQueries.find((row) => row.query === 'tote');
    expect(tote).toEqual({ query: 'tote', searches: 2, results: total, productViews: 0 });
  });

  it('lists a search that found nothing under no results, with the totals', async () => {
    const before = await readReport();
    await listing('/api/products', 'qxzvbn');
    await listing('/api/product-cards/listing', 'QXZVBN');
    await listing('/api/products', 'hoodie');
    await t.app.searchLog.flush();
    const after = await readReport();
    expect(after.noResults).toContainEqual({ query: 'qxzvbn', searches: 2 });
    expect(after.noResults.map((row) => row.query)).not.toContain('hoodie');
    expect(after.topQueries).toContainEqual({
      query: 'qxzvbn',
      searches: 2,
      results: 0,
      productViews: 0,
    });
    expect(after.totals.searches - before.totals.searches).toBe(3);
    expect(after.totals.noResults - before.totals.noResults).toBe(2);
    const today = shopDayOf(new Date(clock));
    expect(after).toMatchObject({ from: searchReportFirstDay(today), to: today });
  });

  it('counts a product view only for a query searched today, and never makes a row of one', async () => {
    await listing('/api/products', 'flower');
    // Still pending in the log: the view goes with the search.
    expect((await viewed('Flower ')).statusCode).toBe(204);
    await t.app.searchLog.flush();
    expect((await rowsOf('flower'))[0]).toMatchObject({ searches: 1, productViews: 1 });
    // Written already: the view is added to its row.
    expect((await viewed('flower')).statusCode).toBe(204);
    // Never searched: nothing is kept.
    expect((await viewed('never searched')).statusCode).toBe(204);
    await t.app.searchLog.flush();
    expect((await rowsOf('flower'))[0]).toMatchObject({ searches: 1, productViews: 2 });
    expect(await rowsOf('never searched')).toEqual([]);
    // The report counts at most one view per search.
    const report = await readReport();
    expect(report.topQueries.find((row) => row.query === 'flower')?.productViews).toBe(1);
  });

  it('keeps nothing of who searched: the table has only the day, the query and counts', async () => {
    const result = await t.database.db.execute(sql`
      select column_name from information_schema.columns
      where table_name = 'search_query_days' order by column_name`);
    const columns = (result as unknown as { rows: { column_name: string }[] }).rows.map(
      (row) => row.column_name,
    );
    expect(columns).toEqual(['day', 'product_views', 'query', 'results', 'searches']);
  });

  it('drops days older than 30 from the report and the table', async () => {
    // Midday in the shop's time zone (yesterday's, so never ahead of the database): 30 × 24 hours
    // back is then 30 of its days back across a change of daylight saving time too (from just
    // before midnight, an hour more would land on the next day).
    const now = Date.parse(`${addDays(shopDayOf(new Date(clock)), -1)}T18:00:00Z`);
    clock = now - 30 * DAY_MS; // the day before the report's first
    await listing('/api/products', 'linen');
    await t.app.searchLog.flush();
    clock = now - 29 * DAY_MS; // the report's first day
    await listing('/api/products', 'canvas');
    await t.app.searchLog.flush();
    clock = now;
    expect(await rowsOf('linen')).toHaveLength(1);
    const queries = (await readReport()).topQueries.map((row) => row.query);
    expect(queries).not.toContain('linen');
    expect(queries).toContain('canvas');
    // The next write deletes what left the window.
    await listing('/api/products', 'tote');
    await t.app.searchLog.flush();
    expect(await rowsOf('linen')).toEqual([]);
    expect(await rowsOf('canvas')).toHaveLength(1);
  });

  it('is for the back office only', async () => {
    expect((await report(null)).statusCode).toBe(401);
    const customer = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Shopper',
      email: `shopper-${Date.now()}@shop.test`,
    });
    const refused = await report(customer.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toEqual(expect.any(String));
  });

  it('refuses a product view it cannot read, with a message', async () => {
    for (const body of [{}, { query: '' }, { query: '   ' }, { query: 'a'.repeat(201) }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/search/product-views',
        payload: body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const control = await viewed('tote\u0000');
    expect(control.statusCode).toBe(400);
    expect(control.json().message).toEqual(expect.any(String));
  });

  it('keeps at most so many queries between writes, so a flood cannot fill the memory', async () => {
    const log = createSearchLog(t.database.db, {
      now: () => clock,
      log: t.app.log,
      maxPendingQueries: 3,
    });
    for (const keyword of ['flood a', 'flood b', 'flood c', 'flood d', 'flood e', 'flood a'])
      log.listed({ keyword, page: 1 }, 0);
    await log.flush();
    const kept = (await t.database.db.select().from(searchQueryDays))
      .filter((row) => row.query.startsWith('flood'))
      .map((row) => [row.query, row.searches]);
    expect(kept.sort()).toEqual([
      ['flood a', 2],
      ['flood b', 1],
      ['flood c', 1],
    ]);
  });
});

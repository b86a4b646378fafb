import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { readWholeSitemap } from '../../test/sitemap';
import { createTestApp, type TestApp } from '../../test/test-app';
import { MAX_URLS_PER_FILE } from './sitemap-plan';

const APP_URL = 'https://shop.example';
/** More than one file's worth: the index must name two product files. */
const PUBLISHED = 60_000;
/** Two generated rows in ten are drafts or archived: left out, whichever file their ids fall in. */
const GENERATED = Math.ceil((PUBLISHED * 10) / 8);

let t: TestApp;
let published: Set<string>;

beforeAll(async () => {
  // The one statement below also writes 75,000 search rows by its trigger (decision 050): longer
  // than a request's statement may take, so this app's limit is a minute.
  t = await createTestApp({ APP_URL, DB_QUERY_TIMEOUT_MS: '60000' });
  // One statement: rows made by the database, as a large catalog's are (no per-row round trip).
  await t.database.db.execute(sql`
    insert into products (handle, name, category, description_html, price_cents, image, status)
    select 'generated-' || n, 'Generated ' || n, 'totes', '<p>Generated.</p>', 1000,
           '/images/products/test.svg',
           case n % 10 when 3 then 'draft' when 7 then 'archived' else 'published' end
    from generate_series(1, ${GENERATED}) as n`);
  const rows = await t.database.db
    .select({ handle: products.handle })
    .from(products)
    .where(eq(products.status, 'published'));
  published = new Set(rows.map((row) => row.handle));
  expect(published.size).toBe(PUBLISHED);
}, 120_000);
afterAll(() => t.close());

describe('the sitemap of a catalog past one file', () => {
  it('names files of at most 50,000 URLs that list every published product exactly once', async () => {
    const files = await readWholeSitemap(t.app, APP_URL);
    expect(files.map((file) => file.loc)).toEqual([
      `${APP_URL}/sitemaps/pages.xml`,
      `${APP_URL}/sitemaps/products-1.xml`,
      `${APP_URL}/sitemaps/products-2.xml`,
    ]);
    const seen = new Map<string, number>();
    for (const file of files) {
      expect(file.urls.length, file.loc).toBeLessThanOrEqual(MAX_URLS_PER_FILE);
      expect(file.bytes, file.loc).toBeLessThan(50 * 1024 * 1024);
      for (const { loc } of file.urls) {
        const handle = /\/products\/(.+)$/.exec(loc)?.[1];
        if (handle) seen.set(handle, (seen.get(handle) ?? 0) + 1);
      }
    }
    expect(files[1]!.urls).toHaveLength(MAX_URLS_PER_FILE);
    expect(seen.size).toBe(PUBLISHED);
    expect([...seen.values()].every((times) => times === 1)).toBe(true);
    expect([...seen.keys()].every((handle) => published.has(handle))).toBe(true);
  }, 60_000);
});

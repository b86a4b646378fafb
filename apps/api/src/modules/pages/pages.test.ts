import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_BUSY_MESSAGE } from '../../db/database-errors';
import { products } from '../../db/schema';
import { addProduct, productIdByHandle } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCatalogReader, type CatalogReader } from '../catalog/catalog-reader';
import { createHtmlDocument } from './html-document';
import { createCollectionsReader } from '../collections/collections-reader';
import { createPageService } from './page-service';
import { CACHE_CONTROL, pageKindOf, renderedAddressOf } from './page-policy';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="The shop."
    />
    <link rel="icon" href="/favicon.svg" />
    <title>Shop</title>
    <script type="module" src="/assets/index-1.js"></script>
  </head>
  <body>
    <div id="root"><div class="shell"></div></div>
  </body>
</html>`;

/**
 * A stand-in for the web app's server entry with the same exports: it asks the API through the
 * fetch it is given (the real in-process answers), counts its renders and fails on /boom.
 */
const STAND_IN_ENTRY = `
let renders = 0;
export const SERVER_DATA_ID = 'server-data';
export function createServerRenderer({ fetch: api, origin }) { return { renderPage: async (url) => {
  const { pathname } = new URL(url);
  if (pathname === '/boom') throw new Error('render failed');
  renders += 1;
  const product = /^\\/products\\/(.+)$/.exec(pathname);
  const asked = product ? '/api/products/' + product[1] : pathname === '/privacypolicy' ? '/api/config/shop' : '/api/products?category=totes';
  const answer = await api(origin + asked);
  const json = await answer.json();
  const status = answer.status === 200 && pathname !== '/missing' ? 200 : 404;
  const text = json.name ?? json.message ?? json.products.map((p) => p.name).join(', ');
  return { status, head: '<title>' + pathname + '</title>', body: '<p>' + text + '</p><p>render ' + renders + '</p>', data: JSON.stringify({ status: answer.status }) };
} }; }`;

describe('page policy', () => {
  it('renders the shop, keeps token addresses private and leaves the back office to the browser', () => {
    const kind = (url: string) => {
      const { pathname, searchParams } = new URL(url, 'http://x');
      return pageKindOf(pathname, searchParams);
    };
    expect(kind('/')).toBe('public');
    expect(kind('/products/abc')).toBe('public');
    expect(kind('/cart')).toBe('public');
    expect(kind('/order/abc')).toBe('private');
    expect(kind('/verify/1/abc')).toBe('private');
    expect(kind('/reset-password/abc')).toBe('private');
    expect(kind('/confirm-email/abc')).toBe('private');
    expect(kind('/products/abc?token=1')).toBe('private');
    expect(kind('/admin')).toBe('shell');
    expect(kind('/admin/orders')).toBe('shell');
    expect(kind('/administrator')).toBe('public');
    expect(renderedAddressOf('/belts', new URLSearchParams('page=2&utm_source=x'))).toBe(
      '/belts?page=2',
    );
    expect(renderedAddressOf('/', new URLSearchParams('fbclid=1&gclid=2&utm_medium=mail'))).toBe(
      '/',
    );
    // A listing's sort and filters are read (decision 057), in one order whatever was typed.
    expect(
      renderedAddressOf('/tshirts', new URLSearchParams('size=XL&sort=price-asc&size=L&page=2')),
    ).toBe('/tshirts?page=2&sort=price-asc&size=L&size=XL');
    expect(renderedAddressOf('/products/abc', new URLSearchParams('size=L'))).toBe('/products/abc');
    expect(CACHE_CONTROL.public).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=30');
    expect(CACHE_CONTROL.private).toBe('private, no-store');
  });

  it("puts a page's head, markup and data block into the built index.html", () => {
    const html = createHtmlDocument(
      TEMPLATE,
      'server-data',
    )({ status: 200, head: '<title>Tote | Shop</title>', body: '<main>Tote</main>', data: '{}' });
    expect(html).not.toContain('The shop.');
    expect(html).not.toContain('<title>Shop</title>');
    expect(html).not.toContain('class="shell"');
    expect(html).toContain('<title>Tote | Shop</title>\n    <script type="module"');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" />');
    expect(html).toContain(
      '<div id="root"><main>Tote</main></div>\n    <script type="application/json" id="server-data">{}</script>\n  </body>',
    );
    expect(() => createHtmlDocument('<html><body></body></html>', 'x')).toThrow(/title/);
  });
});

/** A built storefront of the template and the stand-in entry, in a folder of its own. */
async function standInBuild(): Promise<{
  dir: string;
  webDistDir: string;
  serverEntryPath: string;
}> {
  const dir = await mkdtemp(path.join(tmpdir(), 'shop-pages-'));
  await mkdir(path.join(dir, 'dist', 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'dist', 'index.html'), TEMPLATE);
  await writeFile(path.join(dir, 'entry-server.mjs'), STAND_IN_ENTRY);
  return {
    dir,
    webDistDir: path.join(dir, 'dist'),
    serverEntryPath: path.join(dir, 'entry-server.mjs'),
  };
}

describe('server-rendered pages', () => {
  let t: TestApp;
  let dir: string;
  let productId: string;

  beforeAll(async () => {
    const { webDistDir, serverEntryPath, ...build } = await standInBuild();
    dir = build.dir;
    t = await createTestApp(
      { CATALOG_CACHE_MS: '60000', RATE_LIMIT_PER_MINUTE: '1000' },
      { webDistDir, serverEntryPath },
    );
    const { db } = t.database;
    await addProduct(db, { name: 'Dune Tote <b>', handle: 'dune-tote' });
    productId = await productIdByHandle(db, 'dune-tote');
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A page service of its own over the test's database: caches for `cacheMs` (0: off) within `cacheBytes`. */
  function pageServiceOf(
    options: {
      cacheMs?: number;
      cacheBytes?: number;
      shopName?: string;
      catalog?: CatalogReader;
    } = {},
  ) {
    const { cacheMs = 0, cacheBytes = 1e8, shopName = 'Shop' } = options;
    const db = t.database.db;
    return createPageService({
      serverEntryPath: path.join(dir, 'entry-server.mjs'),
      template: TEMPLATE,
      catalog: options.catalog ?? createCatalogReader(db, { ttlMs: cacheMs, maxBytes: cacheBytes }),
      collections: createCollectionsReader(db, { ttlMs: cacheMs, maxBytes: cacheBytes }),
      shopConfig: { name: shopName, supportEmail: 'help@shop.test' },
      appUrl: 'http://shop.test',
      cacheMs,
      cacheBytes,
      deadlineMs: 11_000,
    });
  }

  it('answers a catalog page rendered from the catalog, cacheable, with an ETag and 304', async () => {
    const page = await t.app.inject(`/products/${productId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe(CACHE_CONTROL.public);
    expect(page.headers.vary).toBe('accept-encoding');
    expect(page.body).toContain('<p>Dune Tote <b></p>');
    expect(page.body).toContain(`<title>/products/${productId}</title>`);
    expect(page.body).toContain('<script type="application/json" id="server-data">{"status":200}');

    const etag = page.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    const again = await t.app.inject({
      url: `/products/${productId}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('keeps a public page for the cache period and drops it with the catalog cache', async () => {
    const catalog = createCatalogReader(t.database.db, { ttlMs: 60_000, maxBytes: 1e8 });
    const pages = await pageServiceOf({ cacheMs: 60_000, catalog });
    const first = await pages.page('/totes', 'public');
    expect(await pages.page('/totes', 'public')).toBe(first);
    expect(await pages.page('/totes', 'private')).not.toBe(first);
    // What this process does to stock, reviews or products invalidates the catalog cache.
    await addProduct(t.database.db, { name: 'Second Tote', handle: 'second-tote' });
    catalog.invalidate();
    const fresh = await pages.page('/totes', 'public');
    expect(fresh).not.toBe(first);
    expect(fresh.html.toString()).toContain('Second Tote');
  });

  it('gives each app a renderer of its own: two page services in one process read their own shop', async () => {
    const service = (name: string) => pageServiceOf({ cacheMs: 60_000, shopName: name });
    const first = await service('First Shop');
    const second = await service('Second Shop');
    expect((await first.page('/privacypolicy', 'public')).html.toString()).toContain(
      '<p>First Shop</p>',
    );
    expect((await second.page('/privacypolicy', 'public')).html.toString()).toContain(
      '<p>Second Shop</p>',
    );
  });

  it('reads the catalog for every page but renders again only when what it read changed', async () => {
    const { db } = t.database;
    // The caches off, as the benchmark runs it: every page reads the database.
    const pages = await pageServiceOf();
    await addProduct(db, { name: 'Quiet Tote', handle: 'quiet-tote' });
    const id = await productIdByHandle(db, 'quiet-tote');
    const renderOf = (html: string) => Number(/render (\d+)/.exec(html)?.[1]);
    const page = async () => (await pages.page(`/products/${id}`, 'public')).html.toString();

    const first = await page();
    expect(first).toContain('<p>Quiet Tote</p>');
    expect(renderOf(await page())).toBe(renderOf(first));
    // Changed behind the app's back (nothing invalidated): the next page reads it and renders.
    await db.update(products).set({ name: 'Quiet Tote, renamed' }).where(eq(products.id, id));
    const changed = await page();
    expect(changed).toContain('<p>Quiet Tote, renamed</p>');
    expect(renderOf(changed)).toBeGreaterThan(renderOf(first));
    expect(renderOf(await page())).toBe(renderOf(changed));
    // A page whose address carries a token is rendered every time.
    const secret = async () =>
      renderOf((await pages.page('/order/a?token=b', 'private')).html.toString());
    expect(await secret()).toBeLessThan(await secret());
  });

  it('remembers renders within its byte budget, least recently used forgotten first', async () => {
    const { db } = t.database;
    await addProduct(db, { name: 'Budget Tote', handle: 'budget-tote' });
    await addProduct(db, { name: 'Budget Strap', handle: 'budget-strap' });
    const renderOf = (html: string) => Number(/render (\d+)/.exec(html)?.[1]);
    const service = (cacheBytes: number) => pageServiceOf({ cacheBytes });
    const roomy = await service(1e8);
    const pageOf = async (pages: typeof roomy, handle: string) =>
      (await pages.page(`/products/${handle}`, 'public')).html.toString();
    // What one page's render weighs, remembered with its reads: a budget of a little more than that.
    await pageOf(roomy, 'budget-tote');
    const oneRender = roomy.heldBytes().renders;
    expect(oneRender).toBeGreaterThan(0);
    const tight = await service(Math.ceil(oneRender * 1.5));
    const first = renderOf(await pageOf(tight, 'budget-tote'));
    expect(renderOf(await pageOf(tight, 'budget-tote'))).toBe(first);
    // The strap's render pushes the tote's out: the tote renders again, the strap does not.
    const strap = renderOf(await pageOf(tight, 'budget-strap'));
    expect(renderOf(await pageOf(tight, 'budget-strap'))).toBe(strap);
    expect(renderOf(await pageOf(tight, 'budget-tote'))).toBeGreaterThan(strap);
  });

  it('renders a page once for 40 requests at once, whatever queries they make up', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => t.app.inject(`/hoodies?utm_source=${i}&bust=${i}`)),
    );
    const renders = new Set(answers.map((answer) => /render (\d+)/.exec(answer.body)?.[1]));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(renders.size).toBe(1);
    // The query the page reads is part of its address.
    const page2 = await t.app.inject('/hoodies?page=2&utm_source=x');
    expect(/render (\d+)/.exec(page2.body)?.[1]).not.toBe([...renders][0]);
  });

  it('sends compressed copies to browsers that take them', async () => {
    const plain = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('answers unknown and malformed products 404 and says why, as the API would', async () => {
    const unknown = await t.app.inject('/products/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<p>Product not found</p>');
    const malformed = await t.app.inject(`/products/${'x'.repeat(101)}`);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.body).toContain('{"status":400}');
    expect((await t.app.inject('/missing')).statusCode).toBe(404);
  });

  it('never stores a page whose address carries a token, and renders it each time', async () => {
    const first = await t.app.inject('/order/abc?token=secret');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const second = await t.app.inject('/order/abc?token=secret');
    expect(second.body).not.toBe(first.body); // rendered again, not kept
  });

  it('leaves the back office to the browser and falls back to it when rendering fails', async () => {
    const admin = await t.app.inject('/admin/orders');
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['cache-control']).toBe('no-cache');
    expect(admin.body).toContain('<div class="shell"></div>');
    const boom = await t.app.inject('/boom');
    expect(boom.statusCode).toBe(200);
    expect(boom.body).toContain('<div class="shell"></div>');
  });

  it('sends the search form of a browser without JavaScript to the results page', async () => {
    const search = await t.app.inject('/search?keyword=%20dune%20tote%20');
    expect(search.statusCode).toBe(303);
    expect(search.headers.location).toBe('/search/dune%20tote');
    expect((await t.app.inject('/search?keyword=')).headers.location).toBe('/');
  });

  it('counts a search page loaded whole once for the Searches report, its sorts and later pages not', async () => {
    const rows = () =>
      t.database.db.execute(
        sql`select searches, results from search_query_days where query = 'dune tote'`,
      ) as unknown as Promise<{ rows: { searches: number; results: number }[] }>;
    for (const address of [
      '/search/Dune%20Tote',
      '/search/dune%20tote', // from the page cache: still a search
      '/search/dune%20tote?sort=newest',
      '/search/dune%20tote/page/2',
      '/search/dune%20tote?utm_source=news',
    ])
      expect((await t.app.inject(address)).statusCode, address).toBeLessThan(500);
    await t.app.searchLog.flush();
    expect((await rows()).rows).toEqual([{ searches: 3, results: 1 }]);
  });

  it('answers a missing built file 404, not with a page', async () => {
    const missing = await t.app.inject('/assets/gone-1234.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found: GET /assets/gone-1234.js' });
  });
});

describe('a page while the database does not answer', () => {
  // Short database timeouts make a short deadline: 100 + 200 + 1000 ms of client grace.
  const DEADLINE_MS = 1300;
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    const { webDistDir, serverEntryPath, ...build } = await standInBuild();
    dir = build.dir;
    t = await createTestApp(
      { CATALOG_CACHE_MS: '0', DB_CONNECT_TIMEOUT_MS: '100', DB_QUERY_TIMEOUT_MS: '200' },
      { webDistDir, serverEntryPath },
    );
    await addProduct(t.database.db, { name: 'Stalled Tote', handle: 'stalled-tote' });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers 503 with the busy page within the request deadline, and renders again after', async () => {
    // A transaction holds the catalog's table: PostgreSQL's reads wait for it until their
    // statement timeout; PGlite's, on its one connection, wait for it for ever.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const stall = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table products in access exclusive mode`);
      locked();
      await released;
    });
    await isLocked;
    try {
      const started = performance.now();
      const page = await t.app.inject('/totes');
      const ms = performance.now() - started;
      expect(page.statusCode).toBe(503);
      expect(page.headers['retry-after']).toBe('5');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain(DATABASE_BUSY_MESSAGE);
      expect(page.body).toContain('<a href="/totes">Try again</a>');
      expect(ms).toBeLessThan(DEADLINE_MS + 500);
    } finally {
      release();
      await stall;
    }
    const after = await t.app.inject('/totes');
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Stalled Tote');
  });
});

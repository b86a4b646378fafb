import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { addProduct, productIdByHandle } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { readSitemapFile, readSitemapIndex, readWholeSitemap } from '../../test/sitemap';
import { sitemapIndexXml, urlEntry } from './sitemap-xml';

const APP_URL = 'https://shop.example';
const EDITED_AT = new Date('2026-05-04T03:02:01.000Z');

let t: TestApp;
let published: { id: string; handle: string; updatedAt: Date }[];
let hidden: string[];

function expectCachedAnswer(
  response: { statusCode: number; headers: Record<string, unknown> },
  contentType: string,
) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(contentType);
  expect(response.headers['cache-control']).toBe('public, max-age=300');
}

beforeAll(async () => {
  t = await createTestApp({ APP_URL: `${APP_URL}/` });
  const db = t.database.db;
  const plain = await productIdByHandle(db, await addProduct(db));
  const sized = await productIdByHandle(
    db,
    await addProduct(db, { category: 'hoodies', hasSize: true, stock: { 'S/M': 0, L: 2, XL: 1 } }),
  );
  await db.update(products).set({ updatedAt: EDITED_AT }).where(eq(products.id, plain));
  hidden = [];
  for (const status of ['draft', 'archived']) {
    const handle = await addProduct(db);
    const id = await productIdByHandle(db, handle);
    await db.update(products).set({ status }).where(eq(products.id, id));
    hidden.push(id, `/products/${handle}<`);
  }
  const rows = await db.select().from(products);
  published = rows
    .filter((row) => row.id === plain || row.id === sized)
    .map((row) => ({ id: row.id, handle: row.handle, updatedAt: row.updatedAt }));
});
afterAll(() => t.close());

describe('GET /sitemap.xml', () => {
  it('is an index naming the pages’ file and the products’ file, gzipped for those that take it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expectCachedAnswer(response, 'application/xml; charset=utf-8');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(readSitemapIndex(response.body)).toEqual([
      `${APP_URL}/sitemaps/pages.xml`,
      `${APP_URL}/sitemaps/products-1.xml`,
    ]);
    const gzipped = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(response.body);
  });

  it('lists the storefront’s pages and every published product at its handle’s address with its last change', async () => {
    const files = await readWholeSitemap(t.app, APP_URL);
    const [pages, productsFile] = files.map((file) => file.urls);
    // Home, the four category pages and the legal pages.
    const paths = '/ /tshirts /belts /totes /hoodies /privacypolicy /terms /refundpolicy'.split(
      ' ',
    );
    expect(pages).toEqual(paths.map((path) => ({ loc: `${APP_URL}${path}` })));
    expect(productsFile).toHaveLength(2);
    for (const product of published) {
      expect(productsFile).toContainEqual({
        loc: `${APP_URL}/products/${product.handle}`,
        lastmod: product.updatedAt.toISOString(),
      });
    }
    expect(productsFile).toContainEqual({
      loc: expect.stringMatching(/\/products\//),
      lastmod: EDITED_AT.toISOString(),
    });
    const file = await t.app.inject({ method: 'GET', url: '/sitemaps/products-1.xml' });
    expectCachedAnswer(file, 'application/xml; charset=utf-8');
  });

  it('leaves out drafts and archived products', async () => {
    const { body } = await t.app.inject({ method: 'GET', url: '/sitemaps/products-1.xml' });
    for (const id of hidden) expect(body).not.toContain(id);
    expect(body).not.toMatch(/\/products\/[0-9a-f]{8}-/);
  });

  it('answers 404 with a message for a file the index does not name', async () => {
    for (const url of ['/sitemaps/products-2.xml', '/sitemaps/collections-1.xml', '/sitemaps/x']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Sitemap not found' });
    }
  });

  it('escapes what it writes into the XML', () => {
    expect(urlEntry(`https://shop.example/a&b<'c">`)).toBe(
      '<url><loc>https://shop.example/a&amp;b&lt;&apos;c&quot;&gt;</loc></url>\n',
    );
    expect(sitemapIndexXml(['https://x/?a&b'])).toContain('<loc>https://x/?a&amp;b</loc>');
  });
});

describe('kept once written', () => {
  let kept: TestApp;
  beforeAll(async () => {
    kept = await createTestApp({ APP_URL, SITEMAP_CACHE_MS: '600000' });
  });
  afterAll(() => kept.close());

  const locs = async () =>
    (await readWholeSitemap(kept.app, APP_URL)).flatMap((file) => file.urls.map((url) => url.loc));

  it('is not written again until this process changes the catalog, then all at once', async () => {
    const db = kept.database.db;
    const first = await addProduct(db);
    expect(await locs()).toContain(`${APP_URL}/products/${first}`);
    // Written behind the app's back: the kept files do not know.
    const unseen = await addProduct(db);
    expect(await locs()).not.toContain(`${APP_URL}/products/${unseen}`);
    // A collection published through the back office changes the catalog: index and files go.
    const staff = await addBackOfficeUser(kept, 'staff');
    const created = await kept.app.inject({
      method: 'POST',
      url: '/api/admin/collections',
      headers: { authorization: `Bearer ${staff.token}` },
      payload: { name: 'Kept Drop', status: 'published' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = await locs();
    expect(after).toContain(`${APP_URL}/products/${unseen}`);
    expect(after).toContain(`${APP_URL}/collections/kept-drop`);
  });
});

describe('GET /robots.txt', () => {
  it('allows the catalog, keeps crawlers out of private routes and names the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expectCachedAnswer(response, 'text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Allow: /api/images/');
    const disallowed = lines
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice(10));
    // The brief's list, written out here rather than read from the service.
    const expected =
      '/cart /shipping /payment /placeorder /profile /order/ /admin /login /register /guest-checkout ' +
      '/successfulorder /verify/ /reset-password/ /confirm-email/ /forgot-password /pending /api/';
    expect(disallowed.sort()).toEqual(expected.split(' ').sort());
    // Nothing of the catalog is disallowed.
    for (const path of ['/', '/products/x', '/search/tote', '/page/2', '/tshirts', '/terms']) {
      expect(disallowed.some((rule) => path.startsWith(rule))).toBe(false);
    }
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });
});

describe('without APP_URL (development)', () => {
  let dev: TestApp;
  beforeAll(async () => {
    dev = await createTestApp({ PORT: '3000' });
  });
  afterAll(() => dev.close());

  it('uses the shop’s own address, as its pages’ canonical links do, never the request’s Host', async () => {
    // A Host header is the client's to choose: a shared cache must not keep an attacker's origin.
    const headers = { host: 'evil.example' };
    const robots = await dev.app.inject({ method: 'GET', url: '/robots.txt', headers });
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    const sitemap = await dev.app.inject({ method: 'GET', url: '/sitemap.xml', headers });
    expect(readSitemapIndex(sitemap.body)[0]).toBe('http://localhost:3000/sitemaps/pages.xml');
    const pages = await dev.app.inject({ method: 'GET', url: '/sitemaps/pages.xml', headers });
    expect(readSitemapFile(pages.body)[0]).toEqual({ loc: 'http://localhost:3000/' });
    expect(sitemap.body + pages.body).not.toContain('evil.example');
  });
});

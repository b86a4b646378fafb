import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { addProduct, productIdByHandle } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sitemapXml } from './service';

const APP_URL = 'https://shop.example';
const EDITED_AT = new Date('2026-05-04T03:02:01.000Z');

let t: TestApp;
let published: { id: string; handle: string; updatedAt: Date }[];
let hidden: string[];

/** Each <url> of a sitemap as { loc, lastmod }, after checking the document's whole shape. */
function readSitemap(xml: string): { loc: string; lastmod?: string }[] {
  const text = '[^<>&]*(?:&(?:amp|lt|gt|quot|apos);[^<>&]*)*';
  const entry = `<url><loc>${text}</loc>(?:<lastmod>[0-9T:.Z-]+</lastmod>)?</url>\n`;
  expect(xml).toMatch(
    new RegExp(
      `^<\\?xml version="1\\.0" encoding="UTF-8"\\?>\n<urlset xmlns="http://www\\.sitemaps\\.org/schemas/sitemap/0\\.9">\n(?:${entry})*</urlset>\n$`,
    ),
  );
  return [...xml.matchAll(/<url><loc>(.*?)<\/loc>(?:<lastmod>(.*?)<\/lastmod>)?<\/url>/g)].map(
    ([, loc = '', lastmod]) => (lastmod ? { loc, lastmod } : { loc }),
  );
}

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
  it('lists the storefront’s pages and every published product at its handle’s address with its last change', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expectCachedAnswer(response, 'application/xml; charset=utf-8');
    const urls = readSitemap(response.body);
    // Home, the four category pages and the legal pages, then the products.
    const pages = '/ /tshirts /belts /totes /hoodies /privacypolicy /terms /refundpolicy'.split(
      ' ',
    );
    expect(urls.slice(0, 8)).toEqual(pages.map((path) => ({ loc: `${APP_URL}${path}` })));
    expect(urls.slice(8)).toHaveLength(2);
    for (const product of published) {
      expect(urls).toContainEqual({
        loc: `${APP_URL}/products/${product.handle}`,
        lastmod: product.updatedAt.toISOString(),
      });
    }
    expect(urls).toContainEqual({
      loc: expect.stringMatching(/\/products\//),
      lastmod: EDITED_AT.toISOString(),
    });
  });

  it('leaves out drafts and archived products', async () => {
    const { body } = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    for (const id of hidden) expect(body).not.toContain(id);
    expect(body).not.toMatch(/\/products\/[0-9a-f]{8}-/);
  });

  it('escapes what it writes into the XML', async () => {
    const xml = await sitemapXml(t.database.db, `https://shop.example/a&b<'c">`);
    const urls = readSitemap(xml);
    expect(urls[0]?.loc).toBe('https://shop.example/a&amp;b&lt;&apos;c&quot;&gt;/');
    expect(xml).not.toContain('a&b');
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
    expect(readSitemap(sitemap.body)[0]).toEqual({ loc: 'http://localhost:3000/' });
    expect(sitemap.body).not.toContain('evil.example');
  });
});

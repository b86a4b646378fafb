import { expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import { allProducts, cspProblemsIn, jsonLdOf, metaContent } from '../support/server-html';
import { buyAsGuest, productsOf, stockOf, uniqueEmail } from '../support/shop';
import type { ApiProduct } from '../support/shop';

/**
 * The storefront as the server sends it (issue 11): what a crawler, a link preview or a browser
 * without JavaScript reads, with the status codes and cache headers each kind of page answers.
 */
test.use({ javaScriptEnabled: false });

const PUBLIC_CACHE = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';

/** Each variant's offer in a product's JSON-LD, with the stock field of the API it reports. */
function expectedOffers(product: ApiProduct, stock: ApiProduct['countInStock']) {
  const counts: number[] = product.hasAandB
    ? [stock.countA, stock.countB]
    : product.hasSize
      ? [stock.smallMed, stock.large, stock.xlarge]
      : [stock.total];
  return counts.map((count) =>
    expect.objectContaining({
      '@type': 'Offer',
      price: product.price.toFixed(2),
      priceCurrency: 'USD',
      availability: `https://schema.org/${count > 0 ? 'InStock' : 'OutOfStock'}`,
    }),
  );
}

/** The product's JSON-LD: a Product, or a ProductGroup of its variants when it has options. */
const productJsonLd = async (page: Page) =>
  (await jsonLdOf(page)).find(
    (block) => block['@type'] === 'Product' || block['@type'] === 'ProductGroup',
  );

/** The offers of a Product, or of each variant of a ProductGroup (decision 035). */
function offersOf(block: Record<string, unknown> | undefined): unknown {
  if (block?.['@type'] !== 'ProductGroup') return block?.offers;
  return (block.hasVariant as { offers: unknown }[]).map((variant) => variant.offers);
}

test('a product page without JavaScript: name, price, main image, canonical, link preview and JSON-LD whose offers are its stock', async ({
  page,
  request,
  baseURL,
}) => {
  // Every hoodie: one sold out, one sold out in S/M only, whole-dollar and cents prices.
  const hoodies = await productsOf(request, 'hoodies');
  expect(hoodies.some((p) => p.countInStock.total === 0)).toBe(true);
  expect(hoodies.some((p) => p.countInStock.smallMed === 0 && p.countInStock.large > 0)).toBe(true);
  for (const hoodie of hoodies) {
    const path = `/products/${hoodie._id}`;
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(hoodie.name);
    await expect(main.getByText(`$${hoodie.price.toFixed(2)}`).first()).toBeVisible();

    // The large picture: the product's main image, sized before it loads, fetched first.
    const picture = main.locator('img[fetchpriority="high"]');
    await expect(picture).toHaveCount(1);
    await expect(picture).toHaveAttribute('src', hoodie.image);
    await expect(picture).toHaveAttribute('width', /^\d+$/);
    await expect(picture).toHaveAttribute('height', /^\d+$/);
    await expect(picture).toHaveAttribute('alt', new RegExp(`^${hoodie.name}`));
    // The sample catalog's pictures are SVG files, which have no renditions and so no srcset;
    // an uploaded photo's srcset and sizes are checked in back-office/catalog.spec.ts.
    if (/\.webp$/.test(hoodie.image)) {
      await expect(picture).toHaveAttribute('srcset', /400w/);
      await expect(picture).toHaveAttribute('sizes', /.+/);
    }

    // Asked by its id, the page names its handle's address (decision 033).
    const url = `${baseURL}/products/${hoodie.handle}`;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
    expect(await metaContent(page, 'og:title')).toBe(hoodie.name);
    expect(await metaContent(page, 'og:url')).toBe(url);
    const image = (await metaContent(page, 'og:image')) ?? '';
    expect(image).toBe(`${baseURL}${hoodie.image}`);
    const picked = await request.get(image);
    expect(picked.ok(), image).toBe(true);
    expect(picked.headers()['content-type']).toMatch(/^image\//);

    const product = await productJsonLd(page);
    expect(product, 'the Product JSON-LD').toMatchObject({
      '@context': 'https://schema.org',
      name: hoodie.name,
      url,
    });
    expect(product?.['@type']).toBe('ProductGroup');
    expect(offersOf(product)).toEqual(expectedOffers(hoodie, await stockOf(request, hoodie._id)));
  }
});

test('a tote’s offers are its options A and B, with their own stock', async ({ page, request }) => {
  const [tote] = (await productsOf(request, 'totes')).filter((p) => p.hasAandB);
  if (!tote) throw new Error('the sample catalog has no tote in two options');
  await page.goto(`/products/${tote._id}`);
  const product = await productJsonLd(page);
  expect(offersOf(product)).toEqual(expectedOffers(tote, await stockOf(request, tote._id)));
});

test('sitemap.xml is an index of files listing every product with the time it changed; robots.txt keeps crawlers out of private pages and names the index', async ({
  request,
  baseURL,
}) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toMatch(/xml/);
  const files = [...(await sitemap.text()).matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map(
    ([, loc]) => loc ?? '',
  );
  expect(files).toContain(`${baseURL}/sitemaps/pages.xml`);
  expect(files).toContain(`${baseURL}/sitemaps/products-1.xml`);
  const entries = new Map<string, string | undefined>();
  for (const file of files) {
    const answer = await request.get(file);
    expect(answer.status(), file).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/xml/);
    for (const [, loc = '', lastmod] of (await answer.text()).matchAll(
      /<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g,
    )) {
      expect(entries.has(loc), loc).toBe(false);
      entries.set(loc, lastmod);
    }
  }
  for (const path of ['/', '/tshirts', '/belts', '/totes', '/hoodies'])
    expect(entries.has(`${baseURL}${path}`), path).toBe(true);
  const products = await allProducts(request);
  expect(products.length).toBeGreaterThan(12); // more than one page of the API
  for (const product of products) {
    const lastmod = entries.get(`${baseURL}/products/${product.handle}`);
    expect(lastmod, product.name).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(Number.isNaN(Date.parse(lastmod ?? ''))).toBe(false);
  }

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const lines = (await robots.text()).split('\n').map((line) => line.trim());
  // Cart, checkout, account, order and back office.
  for (const path of '/cart /shipping /payment /placeorder /profile /order/ /admin'.split(' '))
    expect(lines, path).toContain(`Disallow: ${path}`);
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  // The catalog stays open.
  expect(
    lines.filter((line) => /^Disallow: \/(products|search|tshirts|totes)?$/.test(line)),
  ).toEqual([]);
});

test('an unknown address answers 404 with the not-found page, kept out of search engines', async ({
  page,
}) => {
  const response = await page.goto('/no-such-page/at-all');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  expect(await metaContent(page, 'robots')).toBe('noindex');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
});

for (const [what, id] of [
  ['an unknown product', '3f1c9a52-7b1e-4c55-9d0a-8e2f4b6c1d3a'],
  ['a malformed product id', 'not-a-product'],
] as const) {
  test(`${what} answers 404 with the product-not-found page, offering search and the four categories`, async ({
    page,
  }) => {
    const response = await page.goto(`/products/${id}`);
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
    const search = main.getByRole('search', { name: 'Search the shop' });
    await expect(search).toHaveAttribute('action', '/search');
    await expect(search.locator('input[name="keyword"]')).toBeVisible();
    const categories = main.getByRole('navigation', { name: 'Shop categories' });
    for (const [name, href] of [
      ['Shirts', '/tshirts'],
      ['Straps', '/belts'],
      ['Totes', '/totes'],
      ['Hoodies', '/hoodies'],
    ] as const)
      await expect(categories.getByRole('link', { name, exact: true })).toHaveAttribute(
        'href',
        href,
      );
    expect(await metaContent(page, 'robots')).toBe('noindex');
  });
}

test('a listing page past its end answers 404 and says there is no such page; a real product 200', async ({
  page,
  request,
}) => {
  for (const [path, page9] of [
    ['/page/99', 'There is no page 99 of'],
    ['/search/tote/page/9', 'There is no page 9 of'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByText(page9)).toBeVisible();
    await expect(main.getByRole('link', { name: 'Go to the first page' })).toBeVisible();
  }
  const [tote] = await productsOf(request, 'totes');
  expect((await request.get(`/products/${tote?._id}`)).status()).toBe(200);
  expect((await request.get('/page/2')).status()).toBe(200);
});

test('a catalog page is cacheable for seconds and revalidates by ETag; a token link is never stored', async ({
  request,
}, testInfo) => {
  // The page may change between the two requests (stock bought by another test): then the
  // second answer is the new page, and the pair is asked again.
  await expect(async () => {
    const first = await request.get('/hoodies');
    expect(first.status()).toBe(200);
    expect(first.headers()['cache-control']).toBe(PUBLIC_CACHE);
    const etag = first.headers().etag ?? '';
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await request.get('/hoodies', { headers: { 'If-None-Match': etag } });
    expect(again.status()).toBe(304);
    expect(again.headers().etag).toBe(etag);
    expect(await again.body()).toHaveLength(0);
  }).toPass();
  // Not a match: the whole page.
  const stale = await request.get('/hoodies', { headers: { 'If-None-Match': '"stale"' } });
  expect(stale.status()).toBe(200);

  const tote = (await productsOf(request, 'totes')).find((p) => p.countInStock.countA > 0);
  if (!tote) throw new Error('the sample catalog has no tote in A');
  const orderPath = await buyAsGuest(request, uniqueEmail(testInfo, 'ssr-cache'), [
    { product: tote._id, qty: 1, size: 'NA', option: 'A' },
  ]);
  expect(orderPath).toMatch(/^\/order\/[^?]+\?token=/);
  for (const path of [
    orderPath,
    '/verify/some-user/some-string',
    '/reset-password/some-token',
    '/confirm-email/some-token',
    `/hoodies?token=x`,
  ]) {
    const response = await request.get(path);
    expect(response.headers()['cache-control'], path).toBe('private, no-store');
  }
  expect((await request.get('/admin')).headers()['cache-control']).toBe('no-cache');
});

test('the search form without JavaScript is sent on to the search page', async ({ request }) => {
  const response = await request.get('/search?keyword=tote', { maxRedirects: 0 });
  expect(response.status()).toBe(303);
  expect(response.headers().location).toBe('/search/tote');
});

test('the server’s HTML needs no CSP exception: no style attribute, no inline script, script-src still self', async ({
  request,
}) => {
  // Every product: a long description once came out as a boundary completed by an inline script.
  const products = await allProducts(request);
  for (const path of [
    '/',
    '/page/2',
    '/hoodies',
    '/search/tote',
    ...products.map((product) => `/products/${product._id}`),
    '/privacypolicy',
    '/no-such-page',
    '/products/not-a-product',
    '/cart',
    '/login',
  ]) {
    const response = await request.get(path);
    const html = await response.text();
    expect(html, path).toContain('id="server-data"');
    expect(cspProblemsIn(html), path).toEqual([]);
    const scriptSrc = (response.headers()['content-security-policy'] ?? '')
      .split(';')
      .map((directive) => directive.trim())
      .filter((directive) => directive.startsWith('script-src'));
    expect(scriptSrc, path).toEqual(["script-src 'self'"]);
  }
});

import { describe, expect, it } from 'vitest';
import { createServerRenderer } from './entry-server';
import { productFixture } from './test/fixtures';

const ORIGIN = 'http://storefront.internal';

/** A renderer over an API that knows one product and the shop's details, counting what it is asked. */
function rendererOf(shop: string) {
  const asked: string[] = [];
  const product = productFixture({ name: `${shop} tote`, description: `<p>${shop} cotton</p>` });
  const renderer = createServerRenderer({
    origin: ORIGIN,
    appUrl: `https://${shop}.example`,
    fetch: async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      asked.push(url.pathname + url.search);
      if (url.pathname === `/api/products/${product._id}`) return Response.json(product);
      if (url.pathname === '/api/products')
        return Response.json({ products: [product], page: 1, pages: 1 });
      if (url.pathname === '/api/config/shop')
        return Response.json({ name: shop, supportEmail: `help@${shop}.example` });
      return Response.json({ message: 'Product not found' }, { status: 404 });
    },
    sanitizeHtml: (html) => html.replace('cotton', `cotton (sanitized for ${shop})`),
  });
  return { renderer, asked };
}

/** No skeleton: a listing's placeholder is busy, the others say 'Loading…' to screen readers. */
function expectNoSkeleton(body: string) {
  expect(body).not.toContain('aria-busy="true"');
  expect(body).not.toContain('Loading');
}

describe('the server renderer', () => {
  it('renders a page once, with the answers its loader waited for, each renderer with its own API, sanitizer and address', async () => {
    const first = rendererOf('first');
    const second = rendererOf('second');
    const [a, b] = await Promise.all([
      first.renderer.renderPage(`${ORIGIN}/products/p-1`),
      second.renderer.renderPage(`${ORIGIN}/products/p-1`),
    ]);

    expect(a.status).toBe(200);
    expectNoSkeleton(a.body);
    expect(a.body).toContain('first tote');
    expect(a.body).toContain('first cotton (sanitized for first)');
    expect(a.body).not.toContain('second');
    // Asked by its id, the page names its handle's address as canonical.
    expect(a.head).toContain('https://first.example/products/dune-stripe-tote"');
    expect(b.body).toContain('second tote');
    expect(b.body).not.toContain('first');
    expect(b.head).toContain('https://second.example/products/dune-stripe-tote"');
    // One request per answer the page shows: no second pass asks again.
    expect(first.asked).toEqual(['/api/products/p-1']);
    expect(second.asked).toEqual(['/api/products/p-1']);

    // The browser gets the answers and the loaders' data (so hydration does not run them).
    const data = JSON.parse(a.data) as { api: { queries: object }; loaderData: object };
    expect(Object.keys(data.api.queries)).toEqual(['getProduct("p-1")']);
    expect(Object.values(data.loaderData)).toContain(null);
  });

  it('answers an unknown product 404 with the not-found page', async () => {
    const { renderer, asked } = rendererOf('first');
    const page = await renderer.renderPage(`${ORIGIN}/products/nope`);
    expect(page.status).toBe(404);
    expect(page.body).toContain('Product not found');
    expect(asked).toEqual(['/api/products/nope']);
  });

  it('renders the home page with every answer it shows, each asked once', async () => {
    const { renderer, asked } = rendererOf('first');
    const page = await renderer.renderPage(`${ORIGIN}/`);
    expect(page.status).toBe(200);
    expect(asked.sort()).toEqual([
      '/api/config/shop',
      '/api/products',
      '/api/products?category=belts',
      '/api/products?category=flower_totes',
    ]);
    // Both carousels and the listing show the product; the contact block the shop's address.
    expect(page.body.match(/first tote/g)?.length).toBeGreaterThanOrEqual(3);
    expect(page.body).toContain('help@first.example');
    expectNoSkeleton(page.body);
  });

  it.each([
    ['/search/tote/page/2', '/api/products?keyword=tote&pageNumber=2'],
    ['/hoodies?page=3', '/api/products?pageNumber=3&category=hoodies'],
    ['/privacypolicy', '/api/config/shop'],
  ])('renders %s with the answer it shows (%s)', async (address, request) => {
    const { renderer, asked } = rendererOf('first');
    const page = await renderer.renderPage(`${ORIGIN}${address}`);
    expect(asked).toEqual([request]);
    expectNoSkeleton(page.body);
  });
});

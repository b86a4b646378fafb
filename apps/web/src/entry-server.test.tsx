import { describe, expect, it } from 'vitest';
import { createServerRenderer } from './entry-server';
import { colourBySizeFixture, productFixture } from './test/fixtures';

const ORIGIN = 'http://storefront.internal';

/** The header's menu, which every page asks for (the frame's loader). */
const MENU = '/api/collections/menu';

/**
 * A renderer over an API that knows one product, one collection and the shop's details, counting
 * what it is asked; its listings say they have `pages` pages.
 */
function rendererOf(shop: string, pages = 1) {
  const asked: string[] = [];
  const product = productFixture({ name: `${shop} tote`, description: `<p>${shop} cotton</p>` });
  const renderer = createServerRenderer({
    origin: ORIGIN,
    appUrl: `https://${shop}.example`,
    fetch: async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      asked.push(url.pathname + url.search);
      if (url.pathname === `/api/products/${product._id}`) return Response.json(product);
      if (url.pathname === '/api/product-cards/listing')
        return Response.json({ products: [product], page: 1, pages });
      if (url.pathname === '/api/product-cards') return Response.json({ products: [product] });
      if (url.pathname === '/api/config/shop')
        return Response.json({ name: shop, supportEmail: `help@${shop}.example` });
      if (url.pathname === '/api/collections/menu')
        return Response.json({ collections: [{ handle: 'summer-drop', name: 'Summer Drop' }] });
      if (url.pathname === '/api/collections/summer-drop')
        return Response.json({
          collection: {
            handle: 'summer-drop',
            name: 'Summer Drop',
            description: `Light things from ${shop}.\n\nSecond paragraph.`,
            seoTitle: 'Summer Drop: light layers',
            seoDescription: '',
          },
          products: [product],
          page: 1,
          pages: 1,
        });
      if (url.pathname.startsWith('/api/collections/'))
        return Response.json({ message: 'Collection not found' }, { status: 404 });
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
  it('renders the header search box as a plain GET form whose box is a closed combobox', async () => {
    const { renderer, asked } = rendererOf('plain');
    const { body } = await renderer.renderPage(`${ORIGIN}/products/p-1`);
    const forms = body.match(/<form[^>]*role="search"[^>]*>[\s\S]*?<\/form>/g) ?? [];
    expect(forms.length).toBeGreaterThan(0);
    for (const form of forms) {
      expect(form).toMatch(/action="\/search"/);
      expect(form).toMatch(/method="get"/);
      const input = /<input[^>]*>/.exec(form)?.[0] ?? '';
      for (const attribute of ['name="keyword"', 'role="combobox"', 'aria-expanded="false"'])
        expect(input).toContain(attribute);
      expect(form).toMatch(/<ul[^>]*role="listbox"[^>]*hidden=""/);
    }
    // Suggestions are the browser's business, once something is typed.
    expect(asked.some((url) => url.startsWith('/api/search/suggestions'))).toBe(false);
  });

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
    expect(first.asked.sort()).toEqual([MENU, '/api/products/p-1']);
    expect(second.asked.sort()).toEqual([MENU, '/api/products/p-1']);

    // The browser gets the answers and the loaders' data (so hydration does not run them).
    const data = JSON.parse(a.data) as { api: { queries: object }; loaderData: object };
    expect(Object.keys(data.api.queries).sort()).toEqual([
      'getCollectionMenu(undefined)',
      'getProduct("p-1")',
    ]);
    expect(Object.values(data.loaderData)).toContain(null);
  });

  it('renders the variant a shared address names (?variant=) in the first HTML', async () => {
    const shirt = colourBySizeFixture();
    const renderer = createServerRenderer({
      origin: ORIGIN,
      appUrl: 'https://shop.example',
      fetch: async (input) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (url.pathname === '/api/products/field-shirt') return Response.json(shirt);
        if (url.pathname === MENU) return Response.json({ collections: [] });
        return Response.json({ message: 'Not found' }, { status: 404 });
      },
      sanitizeHtml: (html) => html,
    });
    const named = await renderer.renderPage(`${ORIGIN}/products/field-shirt?variant=v-clay-xl`);
    expect(named.status).toBe(200);
    expect(named.body).toContain('$34.00');
    expect(named.body).toContain('src="/img/field-shirt-clay-xl.svg"');
    expect(named.body).not.toContain('$30.00');
    // Without one: the first variant in stock (Clay / M, $30.00, the product's photos).
    const plain = await renderer.renderPage(`${ORIGIN}/products/field-shirt`);
    expect(plain.body).toContain('$30.00');
    expect(plain.body).toContain('src="/img/field-shirt.svg"');
  });

  it('answers an unknown product 404 with the not-found page', async () => {
    const { renderer, asked } = rendererOf('first');
    const page = await renderer.renderPage(`${ORIGIN}/products/nope`);
    expect(page.status).toBe(404);
    expect(page.body).toContain('Product not found');
    expect(asked.sort()).toEqual([MENU, '/api/products/nope']);
  });

  it('renders the home page with every answer it shows, each asked once', async () => {
    const { renderer, asked } = rendererOf('first');
    const page = await renderer.renderPage(`${ORIGIN}/`);
    expect(page.status).toBe(200);
    expect(asked.sort()).toEqual([
      MENU,
      '/api/config/shop',
      '/api/product-cards/listing',
      '/api/product-cards?category=belts&limit=8',
      '/api/product-cards?category=flower_totes&limit=8',
    ]);
    // Both carousels and the listing show the product; the contact block the shop's address.
    expect(page.body.match(/first tote/g)?.length).toBeGreaterThanOrEqual(3);
    expect(page.body).toContain('help@first.example');
    expectNoSkeleton(page.body);
  });

  it('renders a home page of the same size whatever the number of pages of products', async () => {
    const sizeWith = async (pages: number) => {
      const { body } = await rendererOf('first', pages).renderer.renderPage(`${ORIGIN}/`);
      // Page numbers aside (8334 is longer than 3): the same markup.
      return body.replace(/\d+/g, '').length;
    };
    expect(await sizeWith(8_334)).toBe(await sizeWith(8));
  });

  it.each([
    ['/search/tote/page/2', '/api/product-cards/listing?keyword=tote&pageNumber=2'],
    ['/hoodies?page=3', '/api/product-cards/listing?pageNumber=3&category=hoodies'],
    ['/privacypolicy', '/api/config/shop'],
  ])('renders %s with the answer it shows (%s)', async (address, request) => {
    const { renderer, asked } = rendererOf('first');
    const page = await renderer.renderPage(`${ORIGIN}${address}`);
    expect(asked.sort()).toEqual([MENU, request].sort());
    expectNoSkeleton(page.body);
  });

  it('renders a collection with its products, SEO title and canonical address, and the header links it', async () => {
    const { renderer, asked } = rendererOf('first');
    const page = await renderer.renderPage(`${ORIGIN}/collections/summer-drop`);
    expect(page.status).toBe(200);
    expect(asked.sort()).toEqual([MENU, '/api/collections/summer-drop']);
    expect(page.body).toContain('<h1');
    expect(page.body).toContain('Summer Drop');
    expect(page.body).toContain('first tote');
    expect(page.body).toContain('<p>Light things from first.</p>');
    // The header's menus have a Collections menu (its items open from its button).
    expect(page.body).toMatch(/<button[^>]*aria-haspopup="menu"[^>]*>Collections/);
    expect(page.head).toContain('<title>Summer Drop: light layers | Sadu Sands</title>');
    expect(page.head).toContain(
      '<link rel="canonical" href="https://first.example/collections/summer-drop">',
    );
    expect(page.head).toContain(
      '<meta name="description" content="Light things from first. Second paragraph.">',
    );
    expectNoSkeleton(page.body);
  });

  it('answers an unknown or draft collection 404, out of the index', async () => {
    const { renderer } = rendererOf('first');
    const page = await renderer.renderPage(`${ORIGIN}/collections/winter`);
    expect(page.status).toBe(404);
    expect(page.body).toContain('Collection not found');
    expect(page.head).toContain('<title>Collection not found | Sadu Sands</title>');
    expect(page.head).toContain('<meta name="robots" content="noindex">');
  });
});

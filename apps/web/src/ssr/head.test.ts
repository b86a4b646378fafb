import { describe, expect, it } from 'vitest';
import { colourBySizeFixture, productFixture, stock } from '../test/fixtures';
import { pageTitleOf, renderHead, type PageHead } from './head';

const APP_URL = 'https://shop.example';
const PHOTO = '/api/images/0123456789abcdef0123456789abcdef-800.webp';
const PHOTO_1600 = `${APP_URL}/api/images/0123456789abcdef0123456789abcdef-1600.webp`;

/** The head as a browser (or a crawler) parses it. */
function parseHead(head: PageHead, appUrl = APP_URL) {
  const html = renderHead(head, appUrl);
  const doc = new DOMParser().parseFromString(
    `<!doctype html><html><head>${html}</head><body></body></html>`,
    'text/html',
  );
  const attr = (selector: string, name: string) =>
    doc.head.querySelector(selector)?.getAttribute(name) ?? undefined;
  const jsonLd = [...doc.querySelectorAll('script')].map((script) => {
    expect(script.getAttribute('type')).toBe('application/ld+json');
    return JSON.parse(script.textContent ?? '') as Record<string, unknown>;
  });
  return {
    html,
    doc,
    title: doc.title,
    description: attr('meta[name="description"]', 'content'),
    robots: attr('meta[name="robots"]', 'content'),
    canonical: attr('link[rel="canonical"]', 'href'),
    tag: (property: string) => attr(`meta[property="${property}"]`, 'content'),
    og: (key: string) => attr(`meta[property="og:${key}"]`, 'content'),
    twitter: (key: string) => attr(`meta[name="twitter:${key}"]`, 'content'),
    jsonLd,
    ofType: (type: string) => jsonLd.filter((data) => data['@type'] === type),
  };
}

const hoodie = productFixture({
  _id: '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  handle: 'desert-night-hoodie',
  name: 'Desert Night Hoodie',
  category: 'hoodies',
  price: 49,
  hasSize: true,
  image: PHOTO,
  images: [PHOTO, '/images/products/desert-night-hoodie.svg'],
  imageAlts: { [PHOTO]: 'The hoodie from the front' },
  description:
    '<p>Heavy <strong>cotton</strong> fleece &amp; a brushed lining.\\nMachine wash cold.</p><ul><li>Unisex fit</li></ul>',
  countInStock: stock({ smallMed: 0, large: 3, xlarge: 1, total: 4 }),
  rating: 4.5,
  numReviews: 2,
});

describe('renderHead: product', () => {
  const page = parseHead({ kind: 'product', product: hoodie });
  // The handle's address, never the id's (decision 033).
  const productUrl = `${APP_URL}/products/desert-night-hoodie`;

  it('titles the page as the product page does and describes it in plain text', () => {
    expect(page.title).toBe('Desert Night Hoodie | Sadu Sands');
    expect(page.description).toBe(
      'Heavy cotton fleece & a brushed lining. Machine wash cold. Unisex fit',
    );
    expect(page.canonical).toBe(productUrl);
    expect(page.robots).toBeUndefined();
  });

  it('uses the owner’s SEO title and description where given (decision 037)', () => {
    const described = parseHead({
      kind: 'product',
      product: {
        ...hoodie,
        seoTitle: 'Heavy Sadu hoodie in brushed fleece',
        seoDescription:
          'A warm hoodie with a Sadu pattern, brushed inside. Free shipping from $50.',
      },
    });
    expect(described.title).toBe('Heavy Sadu hoodie in brushed fleece | Sadu Sands');
    expect(described.og('title')).toBe('Heavy Sadu hoodie in brushed fleece');
    expect(described.description).toBe(
      'A warm hoodie with a Sadu pattern, brushed inside. Free shipping from $50.',
    );
    expect(pageTitleOf({ kind: 'product', product: { ...hoodie, seoTitle: 'Warm' } })).toBe('Warm');
    // An empty one is none.
    expect(parseHead({ kind: 'product', product: { ...hoodie, seoTitle: '' } }).title).toBe(
      'Desert Night Hoodie | Sadu Sands',
    );
  });

  it('gives link previews the product, its URL and its main picture at full size', () => {
    expect(page.og('type')).toBe('product');
    expect(page.og('title')).toBe('Desert Night Hoodie');
    expect(page.og('url')).toBe(productUrl);
    expect(page.og('site_name')).toBe('Sadu Sands');
    expect(page.og('image')).toBe(PHOTO_1600);
    expect(page.og('image:alt')).toBe('The hoodie from the front');
    expect(page.twitter('card')).toBe('summary_large_image');
    expect(page.twitter('image')).toBe(PHOTO_1600);
    expect(page.og('description')).toBe(page.description);
    expect(page.tag('product:price:amount')).toBe('49.00');
    expect(page.tag('product:price:currency')).toBe('USD');
  });

  it('describes the sized product as a ProductGroup with one variant and offer per size', () => {
    const [group] = page.ofType('ProductGroup');
    expect(page.ofType('Product')).toEqual([]);
    expect(group).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Desert Night Hoodie',
      description: 'Heavy cotton fleece & a brushed lining. Machine wash cold. Unisex fit',
      image: [PHOTO_1600, `${APP_URL}/images/products/desert-night-hoodie.svg`],
      productGroupID: hoodie._id,
      url: productUrl,
      brand: { '@type': 'Brand', name: 'Sadu Sands' },
      category: 'Hoodies',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2 },
      variesBy: ['https://schema.org/size'],
    });
    const variant = (size: string, sku: string, inStock: boolean) => ({
      '@type': 'Product',
      name: `Desert Night Hoodie – ${size}`,
      sku,
      size,
      offers: {
        '@type': 'Offer',
        sku,
        price: '49.00',
        priceCurrency: 'USD',
        availability: `https://schema.org/${inStock ? 'InStock' : 'OutOfStock'}`,
        itemCondition: 'https://schema.org/NewCondition',
        url: productUrl,
      },
    });
    expect(group?.hasVariant).toEqual([
      variant('S/M', `${hoodie._id}-SM`, false),
      variant('L', `${hoodie._id}-L`, true),
      variant('XL', `${hoodie._id}-XL`, true),
    ]);
  });

  it('gives options A and B their own variants, and a plain product one offer', () => {
    const tote = productFixture({
      category: 'flower_totes',
      price: 34.5,
      hasAandB: true,
      countInStock: stock({ countA: 2, countB: 0, total: 2 }),
    });
    const [withOptions] = parseHead({ kind: 'product', product: tote }).ofType('ProductGroup');
    expect(withOptions?.category).toBe('Totes > Flower totes');
    expect(withOptions?.variesBy).toEqual(['Option']);
    expect(withOptions?.hasVariant).toMatchObject([
      {
        name: 'Dune Stripe Tote – A',
        sku: 'p-1-A',
        offers: { sku: 'p-1-A', price: '34.50', availability: 'https://schema.org/InStock' },
      },
      { name: 'Dune Stripe Tote – B', offers: { availability: 'https://schema.org/OutOfStock' } },
    ]);

    const plain = productFixture({ countInStock: stock({ total: 0 }) });
    const [single] = parseHead({ kind: 'product', product: plain }).ofType('Product');
    expect(single).toMatchObject({ sku: 'p-1', productID: 'p-1' });
    expect(single?.offers).toEqual([
      expect.objectContaining({ sku: 'p-1', availability: 'https://schema.org/OutOfStock' }),
    ]);
    expect(single?.offers).toEqual([expect.not.objectContaining({ name: expect.anything() })]);
  });

  it('gives each variant of other options its own SKU, price and address (?variant=)', () => {
    const shirt = colourBySizeFixture();
    const [group] = parseHead({ kind: 'product', product: shirt }).ofType('ProductGroup');
    const url = `${APP_URL}/products/field-shirt`;
    expect(group?.variesBy).toEqual(['https://schema.org/color', 'https://schema.org/size']);
    const variants = group?.hasVariant as Record<string, unknown>[];
    expect(variants).toHaveLength(7);
    expect(variants[0]).toEqual({
      '@type': 'Product',
      name: 'Field Shirt – Clay / S',
      sku: 'FS-CLAY-S',
      color: 'Clay',
      size: 'S',
      offers: {
        '@type': 'Offer',
        sku: 'FS-CLAY-S',
        price: '30.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
        url: `${url}?variant=v-clay-s`,
      },
    });
    expect(variants[2]).toMatchObject({ offers: { price: '32.00' } });
    // Without its own SKU: the synthetic one.
    expect(variants[4]).toMatchObject({
      sku: 'shirt-1-v-sage-xs',
      name: 'Field Shirt – Sage / XS',
    });
  });

  it('has no AggregateRating before the first review', () => {
    const unreviewed = parseHead({ kind: 'product', product: productFixture() });
    const [product] = unreviewed.ofType('Product');
    expect(product).not.toHaveProperty('aggregateRating');
    expect(unreviewed.html).not.toContain('AggregateRating');
  });

  it('leads from home through the category page to the product (BreadcrumbList)', () => {
    expect(page.ofType('BreadcrumbList')).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Sadu Sands', item: `${APP_URL}/` },
          { '@type': 'ListItem', position: 2, name: 'Hoodies', item: `${APP_URL}/hoodies` },
          { '@type': 'ListItem', position: 3, name: 'Desert Night Hoodie', item: productUrl },
        ],
      },
    ]);
    const shirt = productFixture({ category: 'selflove_men_tshirts' });
    const [crumbs] = parseHead({ kind: 'product', product: shirt }).ofType('BreadcrumbList');
    expect(crumbs?.itemListElement).toContainEqual(
      expect.objectContaining({ name: 'Shirts', item: `${APP_URL}/tshirts` }),
    );
  });

  it('opens with the picture of the option the page opens with (A sold out: B)', () => {
    const tote = productFixture({
      hasAandB: true,
      image: '/images/products/a.svg',
      images: ['/images/products/a.svg'],
      imagesOptionA: ['/images/products/a.svg'],
      imagesOptionB: ['/images/products/b.svg'],
      countInStock: stock({ countA: 0, countB: 3, total: 3 }),
    });
    const preview = parseHead({ kind: 'product', product: tote });
    expect(preview.og('image')).toBe(`${APP_URL}/images/products/b.svg`);
    expect(preview.og('image:alt')).toBe('Dune Stripe Tote');
    expect(preview.ofType('ProductGroup')[0]?.image).toEqual([
      `${APP_URL}/images/products/b.svg`,
      `${APP_URL}/images/products/a.svg`,
    ]);
  });

  it('has a summary card without image tags when the product has no picture yet', () => {
    const bare = productFixture({ image: '', images: [] });
    const preview = parseHead({ kind: 'product', product: bare });
    expect(preview.og('image')).toBeUndefined();
    expect(preview.twitter('card')).toBe('summary');
    expect(preview.ofType('Product')[0]).not.toHaveProperty('image');
  });

  it('cuts a long description near 155 characters at a word, and falls back on the name', () => {
    const long = productFixture({
      description: `<p>${'Woven by hand in the desert. '.repeat(12)}</p>`,
    });
    const description = parseHead({ kind: 'product', product: long }).description ?? '';
    expect(description.length).toBeLessThanOrEqual(155);
    expect(description.length).toBeGreaterThan(120);
    expect(description).toMatch(/^Woven by hand in the desert\. .* by…$/);
    // JSON-LD keeps the whole text.
    const [product] = parseHead({ kind: 'product', product: long }).ofType('Product');
    expect(String(product?.description).length).toBeGreaterThan(300);

    const empty = productFixture({ description: '<p> </p>' });
    expect(parseHead({ kind: 'product', product: empty }).description).toBe(
      'Dune Stripe Tote from Sadu Sands.',
    );
  });

  it('escapes a hostile product name everywhere: it never ends a tag or the JSON-LD block', () => {
    const name = `</script><script>alert(1)</script><!-- "x' onload=alert(2) <img src=x onerror=alert(3)> &amp;`;
    const hostile = productFixture({
      name,
      description: `<img src=x onerror=alert(4)><script>alert(5)</script>Nice & "warm"`,
      imageAlts: { '/images/products/dune-stripe-tote-a.svg': `"><script>alert(6)</script>` },
    });
    const page = parseHead({ kind: 'product', product: hostile });
    expect(page.title).toBe(`${name} | Sadu Sands`);
    expect(page.og('title')).toBe(name);
    expect(page.og('image:alt')).toBe(`"><script>alert(6)</script>`);
    expect(page.description).toBe('Nice & "warm"');
    // Nothing but the head's own tags: no element the name or description could have opened.
    const tags = [...page.doc.head.children].map((element) => element.tagName.toLowerCase());
    expect(new Set(tags)).toEqual(new Set(['title', 'meta', 'link', 'script']));
    expect(page.doc.body.children).toHaveLength(0);
    expect(page.doc.querySelectorAll('script')).toHaveLength(2);
    expect(page.ofType('Product')[0]?.name).toBe(name);
    expect(page.ofType('BreadcrumbList')[0]?.itemListElement).toContainEqual(
      expect.objectContaining({ name }),
    );
    // Inside the data blocks, no raw '<' at all (so no '</script' and no '<!--').
    for (const script of page.doc.querySelectorAll('script')) {
      expect(script.textContent).not.toContain('<');
    }
    const attributes = [...page.doc.querySelectorAll('*')].flatMap((element) =>
      element.getAttributeNames(),
    );
    expect(attributes.filter((name) => name.startsWith('on'))).toEqual([]);
  });
});

describe('renderHead: listings', () => {
  it('home: the shop’s title, Organization and WebSite with a SearchAction', () => {
    const home = parseHead({ kind: 'home', pageNumber: 1 });
    expect(home.title).toBe('Sadu Sands');
    expect(home.canonical).toBe(`${APP_URL}/`);
    expect(home.og('type')).toBe('website');
    expect(home.og('url')).toBe(`${APP_URL}/`);
    expect(home.twitter('card')).toBe('summary');
    expect(home.description).toMatch(/^Sadu Sands: shirts, straps, totes and hoodies/);
    expect(home.ofType('Organization')).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'Sadu Sands',
        url: `${APP_URL}/`,
        logo: `${APP_URL}/favicon.svg`,
      },
    ]);
    expect(home.ofType('WebSite')[0]).toMatchObject({
      name: 'Sadu Sands',
      url: `${APP_URL}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${APP_URL}/search/{search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('home, later pages: titled as the page is, canonical /page/n, no site-wide JSON-LD', () => {
    const page3 = parseHead({ kind: 'home', pageNumber: 3 });
    expect(page3.title).toBe('All products, page 3 | Sadu Sands');
    expect(page3.canonical).toBe(`${APP_URL}/page/3`);
    expect(page3.jsonLd).toEqual([]);
  });

  it('category pages: their title and intro, canonical with ?page=n after the first', () => {
    const belts = parseHead({ kind: 'category', slug: 'belts', pageNumber: 1 });
    expect(belts.title).toBe('Straps | Sadu Sands');
    expect(belts.description).toBe(
      'Woven straps with Sadu geometry, made to carry your bag and your style.',
    );
    expect(belts.canonical).toBe(`${APP_URL}/belts`);
    expect(belts.ofType('BreadcrumbList')[0]?.itemListElement).toEqual([
      expect.objectContaining({ position: 1, item: `${APP_URL}/` }),
      expect.objectContaining({ position: 2, name: 'Straps', item: `${APP_URL}/belts` }),
    ]);
    const shirts2 = parseHead({ kind: 'category', slug: 'tshirts', pageNumber: 2 });
    expect(shirts2.title).toBe('Shirts | Sadu Sands');
    expect(shirts2.canonical).toBe(`${APP_URL}/tshirts?page=2`);
    expect(shirts2.og('url')).toBe(`${APP_URL}/tshirts?page=2`);
  });

  it('search pages: the keyword encoded in the canonical URL and escaped in the text', () => {
    const search = parseHead({ kind: 'search', keyword: 'tote bag', pageNumber: 1 });
    expect(search.title).toBe('Search: tote bag | Sadu Sands');
    expect(search.canonical).toBe(`${APP_URL}/search/tote%20bag`);
    expect(search.description).toContain('“tote bag”');
    const hostile = parseHead({ kind: 'search', keyword: '"><b>x</b>/?#', pageNumber: 2 });
    expect(hostile.title).toBe('Search: "><b>x</b>/?# | Sadu Sands');
    expect(hostile.canonical).toBe(`${APP_URL}/search/%22%3E%3Cb%3Ex%3C%2Fb%3E%2F%3F%23/page/2`);
    expect(hostile.doc.querySelector('b')).toBeNull();
  });

  it('legal pages: their title and path', () => {
    const terms = parseHead({ kind: 'legal', path: '/terms', title: 'Terms and Conditions' });
    expect(terms.title).toBe('Terms and Conditions | Sadu Sands');
    expect(terms.canonical).toBe(`${APP_URL}/terms`);
    expect(terms.description).toContain('Terms and Conditions');
    expect(terms.robots).toBeUndefined();
  });
});

describe('renderHead: pages kept out of the index', () => {
  it.each([
    [{ kind: 'notFound' } as const, 'Page not found | Sadu Sands'],
    [{ kind: 'productNotFound' } as const, 'Product not found | Sadu Sands'],
    [{ kind: 'browser', title: 'Shopping Cart' } as const, 'Shopping Cart | Sadu Sands'],
    [{ kind: 'browser' } as const, 'Sadu Sands'],
  ])('%o: noindex, no canonical URL, no JSON-LD', (head, title) => {
    const page = parseHead(head);
    expect(page.title).toBe(title);
    expect(page.robots).toBe('noindex');
    expect(page.canonical).toBeUndefined();
    expect(page.og('url')).toBeUndefined();
    expect(page.jsonLd).toEqual([]);
    expect(page.description).toBeTruthy();
  });
});

describe('renderHead: URLs', () => {
  it('are absolute from APP_URL, whether or not it ends in a slash', () => {
    for (const appUrl of [
      'https://shop.example',
      'https://shop.example/',
      'https://shop.example//',
    ]) {
      const page = parseHead({ kind: 'product', product: hoodie }, appUrl);
      expect(page.canonical).toBe(`https://shop.example/products/${hoodie.handle}`);
      expect(page.og('image')).toBe(PHOTO_1600);
      expect(parseHead({ kind: 'home', pageNumber: 1 }, appUrl).canonical).toBe(
        'https://shop.example/',
      );
    }
  });

  it('keep an image URL that is already absolute', () => {
    const elsewhere = productFixture({ image: 'https://cdn.example/tote.jpg', images: [] });
    expect(parseHead({ kind: 'product', product: elsewhere }).og('image')).toBe(
      'https://cdn.example/tote.jpg',
    );
  });

  it('carry no style attribute and no executable script', () => {
    const heads: PageHead[] = [
      { kind: 'home', pageNumber: 1 },
      { kind: 'product', product: hoodie },
      { kind: 'category', slug: 'totes', pageNumber: 1 },
    ];
    for (const head of heads) {
      const page = parseHead(head);
      expect(page.doc.querySelector('[style]')).toBeNull();
      for (const script of page.doc.querySelectorAll('script')) {
        expect(script.getAttribute('type')).toBe('application/ld+json');
        expect(script.hasAttribute('src')).toBe(false);
      }
    }
  });
});

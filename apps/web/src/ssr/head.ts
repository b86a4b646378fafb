import type { Product } from '@shop/shared/catalog';
import type { StorefrontCollection } from '@shop/shared/collections';
import { escapeHtml } from '@shop/shared/html';
import { SHOP_NAME } from '@shop/shared/shop';
import { defaultChoice } from '@shop/shared/stock';
import { defaultVariant, isSpecShape } from '@shop/shared/variants';
import { CATEGORY_PAGES, type CategorySlug } from '../features/catalog/category-pages';
import { imagesFor, imagesOfVariant } from '../features/catalog/product-images';
import { collectionPath, collectionTitle } from '../features/collections/collection-path';
import { largestRendition, pictureAlt } from '../lib/product-image';
import { htmlToPlainText, truncateText } from '../lib/plain-text';
import { productMetaDescription, productPageTitle } from '../lib/product-seo';
import {
  breadcrumbJsonLd,
  categoryPageOf,
  homeJsonLd,
  priceText,
  productJsonLd,
  serializeJsonLd,
  type JsonLd,
} from './structured-data';

/** What the server knows of the page it renders, for its <head>. */
export type PageHead =
  | ({ kind: 'home'; pageNumber: number } & Refinable)
  | ({ kind: 'category'; slug: CategorySlug; pageNumber: number } & Refinable)
  | ({ kind: 'search'; keyword: string; pageNumber: number } & Refinable)
  | { kind: 'product'; product: Product }
  | ({ kind: 'collection'; collection: StorefrontCollection; pageNumber: number } & Refinable)
  | { kind: 'legal'; path: string; title: string }
  | { kind: 'productNotFound' }
  /** `title`: a listing page past its end keeps the title its page shows ('Page not found' else). */
  | { kind: 'notFound'; title?: string | undefined }
  /** Pages on browser storage or a token (cart, login, checkout, account, order, …). */
  | { kind: 'browser'; title?: string };

/**
 * A listing sorted or filtered by its address (decision 057): out of the index, its canonical the
 * listing's unfiltered first page.
 */
type Refinable = { refined?: boolean };

/** index.html's description: the shop as a whole. */
export const SHOP_DESCRIPTION =
  'Sadu Sands: shirts, straps, totes and hoodies with patterns inspired by Sadu weaving. Free shipping on orders $50+.';

/** Search results show about this much of a meta description. */
const DESCRIPTION_LENGTH = 155;

interface HeadParts {
  /** The page's own title, before ' | Sadu Sands'; none on the home page. */
  title?: string | undefined;
  description: string;
  /** From the site's root; none for pages kept out of the index. */
  canonicalPath?: string;
  /** Out of the index though it names its canonical page (a sorted or filtered listing). */
  noindex?: boolean;
  ogType: 'website' | 'product';
  image?: { url: string; alt: string };
  /** Product pages' price, for the og `product:` tags. */
  price?: number;
  jsonLd: JsonLd[];
}

const isLaterPage = (pageNumber: number) => Number.isSafeInteger(pageNumber) && pageNumber > 1;

/** An absolute URL for a path of the shop (image URLs may already be absolute). */
function absolute(appUrl: string, url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${appUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

function productParts(product: Product, appUrl: string): HeadParts {
  // The handle is the canonical address, whichever address (id, handle) the page was asked by.
  const path = `/products/${encodeURIComponent(product.handle)}`;
  const text = htmlToPlainText(product.description);
  // The picture the page opens with (the default option's or variant's), then every other one of
  // the product and its variants.
  const opening = isSpecShape(product) ? undefined : defaultVariant(product.variants);
  const main =
    (opening
      ? imagesOfVariant(product, opening)
      : imagesFor(product, defaultChoice(product).option))[0] ?? product.image;
  const all = [
    main,
    product.image,
    ...product.images,
    ...product.imagesOptionA,
    ...product.imagesOptionB,
    ...product.variants.flatMap((variant) => variant.images),
  ];
  const full = (url: string) => absolute(appUrl, largestRendition(url));
  const images = [...new Set(all.filter(Boolean).map(full))];
  const categorySlug = categoryPageOf(product.category);
  return {
    // The owner's SEO title and description where given (decision 037).
    title: productPageTitle(product),
    description: productMetaDescription(product),
    canonicalPath: path,
    ogType: 'product',
    ...(main ? { image: { url: full(main), alt: pictureAlt(product, main, product.name) } } : {}),
    price: product.price,
    jsonLd: [
      productJsonLd({ product, url: `${appUrl}${path}`, description: text, images }),
      breadcrumbJsonLd([
        { name: SHOP_NAME, url: `${appUrl}/` },
        { name: CATEGORY_PAGES[categorySlug].title, url: `${appUrl}/${categorySlug}` },
        { name: product.name, url: `${appUrl}${path}` },
      ]),
    ],
  };
}

/** A collection's page: its SEO title and description where the owner gave them (decision 034). */
function collectionParts(
  collection: StorefrontCollection,
  pageNumber: number,
  appUrl: string,
): HeadParts {
  const path = collectionPath(collection.handle);
  const description =
    collection.seoDescription ||
    truncateText(collection.description.replace(/\s+/g, ' ').trim(), DESCRIPTION_LENGTH) ||
    `${collection.name} from ${SHOP_NAME}.`;
  return {
    title: collectionTitle(collection, pageNumber),
    description: truncateText(description, DESCRIPTION_LENGTH),
    canonicalPath: collectionPath(collection.handle, isLaterPage(pageNumber) ? pageNumber : 1),
    ogType: 'website',
    jsonLd: [
      breadcrumbJsonLd([
        { name: SHOP_NAME, url: `${appUrl}/` },
        { name: collection.name, url: `${appUrl}${path}` },
      ]),
    ],
  };
}

/** Titles are the ones the pages set in the browser (useDocumentTitle, PageHeader's documentTitle). */
function partsOf(head: PageHead, appUrl: string): HeadParts {
  if ('refined' in head && head.refined) {
    const unrefined = partsOf({ ...head, refined: false, pageNumber: 1 }, appUrl);
    return {
      ...partsOf({ ...head, refined: false }, appUrl),
      canonicalPath: unrefined.canonicalPath,
      noindex: true,
    };
  }
  switch (head.kind) {
    case 'home': {
      const later = isLaterPage(head.pageNumber);
      return {
        title: later ? `All products, page ${head.pageNumber}` : undefined,
        description: later
          ? `All products of ${SHOP_NAME}, page ${head.pageNumber}: shirts, straps, totes and hoodies with patterns inspired by Sadu weaving.`
          : SHOP_DESCRIPTION,
        canonicalPath: later ? `/page/${head.pageNumber}` : '/',
        ogType: 'website',
        jsonLd: later ? [] : homeJsonLd(appUrl),
      };
    }
    case 'category': {
      const { title, intro } = CATEGORY_PAGES[head.slug];
      return {
        title,
        description: intro,
        canonicalPath: `/${head.slug}${isLaterPage(head.pageNumber) ? `?page=${head.pageNumber}` : ''}`,
        ogType: 'website',
        jsonLd: [
          breadcrumbJsonLd([
            { name: SHOP_NAME, url: `${appUrl}/` },
            { name: title, url: `${appUrl}/${head.slug}` },
          ]),
        ],
      };
    }
    case 'search': {
      const base = `/search/${encodeURIComponent(head.keyword)}`;
      return {
        title: `Search: ${head.keyword}`,
        description: `${SHOP_NAME} products matching “${head.keyword}”: shirts, straps, totes and hoodies inspired by Sadu weaving.`,
        canonicalPath: isLaterPage(head.pageNumber) ? `${base}/page/${head.pageNumber}` : base,
        ogType: 'website',
        jsonLd: [],
      };
    }
    case 'product':
      return productParts(head.product, appUrl);
    case 'collection':
      return collectionParts(head.collection, head.pageNumber, appUrl);
    case 'legal':
      return {
        title: head.title,
        description: `The ${head.title} of ${SHOP_NAME}, the shop of shirts, straps, totes and hoodies inspired by Sadu weaving.`,
        canonicalPath: head.path.startsWith('/') ? head.path : `/${head.path}`,
        ogType: 'website',
        jsonLd: [],
      };
    case 'productNotFound':
      return {
        title: 'Product not found',
        description: SHOP_DESCRIPTION,
        ogType: 'website',
        jsonLd: [],
      };
    case 'notFound':
      return {
        title: head.title ?? 'Page not found',
        description: SHOP_DESCRIPTION,
        ogType: 'website',
        jsonLd: [],
      };
    case 'browser':
      return { title: head.title, description: SHOP_DESCRIPTION, ogType: 'website', jsonLd: [] };
  }
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/**
 * The tags of a page's <head> that say what it is: title, description, canonical URL, Open Graph,
 * Twitter card and JSON-LD (they replace index.html's <title> and description). `appUrl`: the
 * shop's public origin (APP_URL), with or without a trailing slash. Data blocks only: no script
 * runs, no style attribute.
 */
/** The page's own title (before ' | Sadu Sands'), as the page sets it in the browser. */
export function pageTitleOf(head: PageHead): string | undefined {
  return partsOf(head, '').title;
}

export function renderHead(head: PageHead, appUrl: string): string {
  const origin = appUrl.replace(/\/+$/, '');
  const parts = partsOf(head, origin);
  const title = parts.title ? `${parts.title} | ${SHOP_NAME}` : SHOP_NAME;
  const url = parts.canonicalPath === undefined ? undefined : `${origin}${parts.canonicalPath}`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', parts.description),
  ];
  if (url === undefined || parts.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (url !== undefined) tags.push(`<link rel="canonical" href="${escapeHtml(url)}">`);

  tags.push(
    meta('property', 'og:site_name', SHOP_NAME),
    meta('property', 'og:type', parts.ogType),
    meta('property', 'og:title', parts.title ?? SHOP_NAME),
    meta('property', 'og:description', parts.description),
  );
  if (url !== undefined) tags.push(meta('property', 'og:url', url));
  if (parts.image) {
    tags.push(
      meta('property', 'og:image', parts.image.url),
      meta('property', 'og:image:alt', parts.image.alt),
    );
  }
  if (parts.price !== undefined) {
    tags.push(
      meta('property', 'product:price:amount', priceText(parts.price)),
      meta('property', 'product:price:currency', 'USD'),
    );
  }
  tags.push(
    meta('name', 'twitter:card', parts.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', parts.title ?? SHOP_NAME),
    meta('name', 'twitter:description', parts.description),
  );
  if (parts.image) {
    tags.push(
      meta('name', 'twitter:image', parts.image.url),
      meta('name', 'twitter:image:alt', parts.image.alt),
    );
  }
  for (const data of parts.jsonLd)
    tags.push(`<script type="application/ld+json">${serializeJsonLd(data)}</script>`);
  return tags.join('\n');
}

import type { Database } from '../../db/client';
import { listPublishedProductDates } from '../catalog/service';
import { listPublishedCollectionDates } from '../collections/service';

/** The storefront's pages that are there for everyone: home, the category listings, the legal pages. */
export const STOREFRONT_PAGES = [
  '/',
  '/tshirts',
  '/belts',
  '/totes',
  '/hoodies',
  '/privacypolicy',
  '/terms',
  '/refundpolicy',
] as const;

/**
 * What crawlers leave alone: the cart, checkout, account, order and back-office routes (browser
 * storage, tokens, nothing to index) and the API, except the product photos it serves.
 */
export const DISALLOWED_PATHS = [
  '/cart',
  '/shipping',
  '/payment',
  '/placeorder',
  '/profile',
  '/order/',
  '/admin',
  '/login',
  '/register',
  '/guest-checkout',
  '/successfulorder',
  '/verify/',
  '/reset-password/',
  '/confirm-email/',
  '/forgot-password',
  '/pending',
  '/api/',
] as const;

/** Product photos live under /api/ (modules/images); search engines may show them. */
const ALLOWED_API_PATHS = ['/api/images/'] as const;

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}

function urlEntry(loc: string, lastmod?: Date): string {
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
  return `<url><loc>${escapeXml(loc)}</loc>${modified}</url>`;
}

/**
 * The sitemap (https://www.sitemaps.org/protocol.html): the storefront's pages, then every
 * published product at its canonical address (its handle) and every published collection, with
 * the time each last changed. One file holds 50,000 URLs, far beyond this
 * shop's catalog; past that it would have to become a sitemap index.
 */
export async function sitemapXml(db: Database, origin: string): Promise<string> {
  const [products, collections] = await Promise.all([
    listPublishedProductDates(db),
    listPublishedCollectionDates(db),
  ]);
  const entries = [
    ...STOREFRONT_PAGES.map((path) => urlEntry(`${origin}${path}`)),
    ...products.map((product) =>
      urlEntry(`${origin}/products/${encodeURIComponent(product.handle)}`, product.updatedAt),
    ),
    ...collections.map((collection) =>
      urlEntry(
        `${origin}/collections/${encodeURIComponent(collection.handle)}`,
        collection.updatedAt,
      ),
    ),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt (RFC 9309): the catalog is open; the longest matching rule wins, so photos stay allowed. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ALLOWED_API_PATHS.map((path) => `Allow: ${path}`),
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

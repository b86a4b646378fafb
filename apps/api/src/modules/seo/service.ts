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

/**
 * robots.txt (RFC 9309): the catalog is open; the longest matching rule wins, so photos stay
 * allowed. It names the sitemap index, which names the sitemap files.
 */
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

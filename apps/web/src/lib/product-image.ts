import type { ProductSummary } from '@shop/shared/catalog';

/**
 * Product pictures in the storefront. An uploaded photo's URL names one of its WebP renditions
 * ('/api/images/<hash>-800.webp'); the others are named alike, so its srcset is made from the URL
 * alone. The sample catalog's files (/images/…) have no renditions and keep their single src.
 */

/** IMAGE_WIDTHS of @shop/shared/admin-catalog (not imported: that module brings zod along). */
export const PHOTO_WIDTHS = [400, 800, 1600] as const;
const PHOTO_URL = /^(\/api\/images\/[0-9a-f]{32})-(?:400|800|1600)\.webp$/;

/** How wide each place shows a picture, for the browser to choose a rendition (`sizes`). */
export const PHOTO_SIZES = {
  /** Listing grid: 2 columns, 3 from lg, in a max-w-7xl page. */
  gridCard: '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, 50vw',
  /** Home carousels: side by side from lg, 1 slide a row below xs, 2 from xs. */
  carouselCard:
    '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 464px) 50vw, 100vw',
  /** The product page's large picture: half the page from lg. */
  gallery: '(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw',
  galleryThumb: '80px',
  cartThumb: '112px',
  orderThumb: '64px',
} as const;

export interface PictureSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/** The <img> attributes for a picture's URL: srcset and sizes for an uploaded photo, else only src. */
export function pictureSources(url: string, sizes: string): PictureSources {
  const photo = PHOTO_URL.exec(url);
  if (!photo) return { src: url };
  const srcSet = PHOTO_WIDTHS.map((width) => `${photo[1]}-${width}.webp ${width}w`).join(', ');
  return { srcSet, sizes, src: url };
}

/** An uploaded photo's largest rendition (link previews and search results want them big); else the URL. */
export function largestRendition(url: string): string {
  const photo = PHOTO_URL.exec(url);
  return photo ? `${photo[1]}-${PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]}.webp` : url;
}

/** A picture's alt text: what the back office wrote for the photo, else `fallback`. */
export function pictureAlt(
  product: Pick<ProductSummary, 'imageAlts'>,
  url: string,
  fallback: string,
): string {
  return product.imageAlts?.[url] ?? fallback;
}

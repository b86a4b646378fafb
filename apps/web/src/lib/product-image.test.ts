import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '@shop/shared/admin-catalog';
import {
  PHOTO_SIZES,
  PHOTO_WIDTHS,
  largestRendition,
  pictureAlt,
  pictureSources,
} from './product-image';

const hash = '0123456789abcdef0123456789abcdef';

describe('pictureSources', () => {
  it('gives an uploaded photo the srcset of its three renditions and the place’s sizes', () => {
    for (const width of [400, 800, 1600]) {
      const url = `/api/images/${hash}-${width}.webp`;
      expect(pictureSources(url, PHOTO_SIZES.gallery)).toEqual({
        src: url,
        srcSet: `/api/images/${hash}-400.webp 400w, /api/images/${hash}-800.webp 800w, /api/images/${hash}-1600.webp 1600w`,
        sizes: '(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw',
      });
    }
  });

  it('leaves the sample catalog’s files and anything unlike a rendition with src alone', () => {
    for (const url of [
      '/images/products/dune-stripe-tote-a.svg',
      `/api/images/${hash}-801.webp`,
      `/api/images/${hash.toUpperCase()}-800.webp`,
      `/api/images/${hash}-800.webp?x=1`,
      `https://elsewhere.example/api/images/${hash}-800.webp`,
      '',
    ]) {
      expect(pictureSources(url, PHOTO_SIZES.gridCard)).toEqual({ src: url });
    }
  });

  it('knows the widths the API renders', () => {
    expect(PHOTO_WIDTHS).toEqual(IMAGE_WIDTHS);
  });
});

describe('pictureAlt', () => {
  it('is the photo’s alt text when the product has one for that URL, else the fallback', () => {
    const url = `/api/images/${hash}-800.webp`;
    const product = { imageAlts: { [url]: 'The tote from the front' } };
    expect(pictureAlt(product, url, 'Dune Tote')).toBe('The tote from the front');
    expect(pictureAlt(product, '/images/x.svg', 'Dune Tote')).toBe('Dune Tote');
    expect(pictureAlt({}, url, 'Dune Tote')).toBe('Dune Tote');
  });
});

describe('largestRendition', () => {
  it('names an uploaded photo’s 1600 px rendition and leaves other URLs as they are', () => {
    expect(largestRendition(`/api/images/${hash}-400.webp`)).toBe(`/api/images/${hash}-1600.webp`);
    expect(largestRendition(`/api/images/${hash}-800.webp`)).toBe(`/api/images/${hash}-1600.webp`);
    expect(largestRendition('/images/products/dune-stripe-tote-a.svg')).toBe(
      '/images/products/dune-stripe-tote-a.svg',
    );
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { CATEGORIES } from '@shop/shared/catalog';
import type { SampleProduct } from './sample-catalog';
import { SAMPLE_CATALOG } from './sample-catalog';

const IMAGES_DIR = new URL('../../../../web/public/images/products/', import.meta.url);
const IMAGE_PREFIX = '/images/products/';

function stockKeys(p: SampleProduct): string[] {
  return Object.keys(p.stock).sort();
}

function expectedStockKeys(p: SampleProduct): string[] {
  if (p.hasSize) return ['L', 'S/M', 'XL'];
  if (p.hasAandB) return ['A', 'B'];
  return ['total'];
}

function stockValues(p: SampleProduct): number[] {
  return Object.values(p.stock).map((n) => n ?? 0);
}

function allImages(p: SampleProduct): string[] {
  return [p.image, ...p.images, ...p.imagesOptionA, ...p.imagesOptionB];
}

describe('SAMPLE_CATALOG', () => {
  it('has at least 28 products', () => {
    expect(SAMPLE_CATALOG.length).toBeGreaterThanOrEqual(28);
  });

  it('covers every category with at least 4 products', () => {
    for (const category of CATEGORIES) {
      const n = SAMPLE_CATALOG.filter((p) => p.category === category).length;
      expect(n, category).toBeGreaterThanOrEqual(4);
    }
    for (const p of SAMPLE_CATALOG) expect(CATEGORIES, p.slug).toContain(p.category);
  });

  it('has unique kebab-case slugs and non-empty names and descriptions', () => {
    const slugs = SAMPLE_CATALOG.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const p of SAMPLE_CATALOG) {
      expect(p.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(p.name.trim(), p.slug).not.toBe('');
      expect(p.description.trim(), p.slug).not.toBe('');
    }
  });

  it('has prices as positive integer cents between $12 and $85', () => {
    for (const p of SAMPLE_CATALOG) {
      expect(Number.isInteger(p.priceCents), p.slug).toBe(true);
      expect(p.priceCents, p.slug).toBeGreaterThan(0);
      expect(p.priceCents, p.slug).toBeGreaterThanOrEqual(1200);
      expect(p.priceCents, p.slug).toBeLessThanOrEqual(8500);
    }
  });

  it('has descriptions using both a literal backslash-n and a real newline somewhere', () => {
    expect(SAMPLE_CATALOG.some((p) => p.description.includes('\\n'))).toBe(true);
    expect(SAMPLE_CATALOG.some((p) => p.description.includes('\n'))).toBe(true);
  });

  it('never has both sizes and options', () => {
    for (const p of SAMPLE_CATALOG) expect(p.hasSize && p.hasAandB, p.slug).toBe(false);
  });

  it('has stock keys that match hasSize / hasAandB exactly, with non-negative integer counts', () => {
    for (const p of SAMPLE_CATALOG) {
      expect(stockKeys(p), p.slug).toEqual(expectedStockKeys(p));
      for (const n of stockValues(p)) {
        expect(Number.isInteger(n), p.slug).toBe(true);
        expect(n, p.slug).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('has option images exactly when the product has options A/B', () => {
    for (const p of SAMPLE_CATALOG) {
      expect(p.imagesOptionA.length > 0, p.slug).toBe(p.hasAandB);
      expect(p.imagesOptionB.length > 0, p.slug).toBe(p.hasAandB);
      if (p.hasAandB) expect(p.imagesOptionA[0], p.slug).not.toBe(p.imagesOptionB[0]);
    }
  });

  it('starts each gallery with the main image', () => {
    for (const p of SAMPLE_CATALOG) {
      expect(p.images.length, p.slug).toBeGreaterThanOrEqual(1);
      expect(p.images[0], p.slug).toBe(p.image);
    }
  });

  it('gives several products a gallery of two or more images', () => {
    const withGallery = SAMPLE_CATALOG.filter((p) => p.images.length >= 2);
    expect(withGallery.length).toBeGreaterThanOrEqual(5);
  });

  it('references only image files that exist on disk and are self-contained SVGs', () => {
    const checked = new Set<string>();
    for (const p of SAMPLE_CATALOG) {
      for (const src of allImages(p)) {
        expect(src.startsWith(IMAGE_PREFIX), `${p.slug}: ${src}`).toBe(true);
        expect(src.endsWith('.svg'), `${p.slug}: ${src}`).toBe(true);
        if (checked.has(src)) continue;
        checked.add(src);
        const file = fileURLToPath(new URL(src.slice(IMAGE_PREFIX.length), IMAGES_DIR));
        expect(existsSync(file), `${p.slug}: ${src} missing`).toBe(true);
        const svg = readFileSync(file, 'utf8');
        expect(svg, src).toContain('viewBox="0 0 600 600"');
        expect(svg, src).toMatch(/<title>[^<]+<\/title>/);
        expect(svg, src).not.toMatch(
          /<script|<foreignObject|@import|url\(\s*['"]?(?:https?:)?\/\//i,
        );
        expect(svg, src).not.toMatch(/href="(?!#)/);
      }
    }
  });

  it('has at least three fully sold-out products and at least three with a low variant', () => {
    const soldOut = SAMPLE_CATALOG.filter((p) => stockValues(p).every((n) => n === 0));
    const low = SAMPLE_CATALOG.filter((p) => stockValues(p).some((n) => n >= 1 && n <= 3));
    const partlySoldOut = SAMPLE_CATALOG.filter((p) => {
      const values = stockValues(p);
      return values.some((n) => n === 0) && values.some((n) => n > 0);
    });
    expect(soldOut.length).toBeGreaterThanOrEqual(3);
    expect(low.length).toBeGreaterThanOrEqual(3);
    expect(partlySoldOut.length).toBeGreaterThanOrEqual(1);
  });

  it('has valid reviews, and at least one product whose average rating is not a whole number', () => {
    const reviewed = SAMPLE_CATALOG.filter((p) => p.reviews.length > 0);
    expect(reviewed.length).toBeGreaterThanOrEqual(3);
    for (const p of reviewed) {
      for (const r of p.reviews) {
        expect(Number.isInteger(r.rating), p.slug).toBe(true);
        expect(r.rating, p.slug).toBeGreaterThanOrEqual(1);
        expect(r.rating, p.slug).toBeLessThanOrEqual(5);
        expect(r.email, p.slug).toMatch(/^[^@\s]+@example\.com$/);
        expect(r.name.trim(), p.slug).not.toBe('');
        expect(r.daysAgo, p.slug).toBeGreaterThanOrEqual(1);
        expect(r.daysAgo, p.slug).toBeLessThanOrEqual(200);
      }
    }
    const averages = reviewed.map(
      (p) => p.reviews.reduce((sum, r) => sum + r.rating, 0) / p.reviews.length,
    );
    expect(averages.some((avg) => !Number.isInteger(avg))).toBe(true);
  });
});

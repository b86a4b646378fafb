import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema, productSchema, type Product } from '@shop/shared/catalog';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedSampleCatalogIfEmpty } from './seed';

// The spec's fields keep their meaning under options and variants (decision 031). The fixture is
// what the storefront API answered for every sample product before variants existed (written by
// that code at commit 11a441b, seeded at the same moment as here); ids are left out, as every
// seed makes new ones.
const before = JSON.parse(
  readFileSync(new URL('./fixtures/sample-spec-answers.json', import.meta.url), 'utf8'),
) as { listOrder: string[]; products: (Record<string, unknown> & { name: string })[] };

const SPEC_FIELDS = [
  'name',
  'image',
  'images',
  'imagesOptionA',
  'imagesOptionB',
  'price',
  'category',
  'description',
  'hasSize',
  'hasAandB',
  'countInStock',
  'rating',
  'numReviews',
] as const;

function specFields(product: Product) {
  return {
    ...Object.fromEntries(SPEC_FIELDS.map((field) => [field, product[field]])),
    reviews: product.reviews.map(({ name, rating, comment, createdAt }) => ({
      name,
      rating,
      comment,
      createdAt,
    })),
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedSampleCatalogIfEmpty(t.database.db, new Date('2026-01-01T00:00:00Z'));
});
afterAll(async () => {
  await t.close();
});

describe('the sample catalog under options and variants', () => {
  it('answers every sample product’s spec fields as they were before variants, in the same order', async () => {
    const listed: Product['_id'][] = [];
    const names: string[] = [];
    for (let page = 1; ; page += 1) {
      const body = productListSchema.parse(
        (await t.app.inject({ url: `/api/products?pageNumber=${page}` })).json(),
      );
      listed.push(...body.products.map((product) => product._id));
      names.push(...body.products.map((product) => product.name));
      if (page >= body.pages) break;
    }
    expect(names).toEqual(before.listOrder);
    for (const id of listed) {
      const product = productSchema.parse(
        (await t.app.inject({ url: `/api/products/${id}` })).json(),
      );
      const then = before.products.find((old) => old.name === product.name);
      expect(specFields(product), product.name).toEqual(then);
    }
  });

  it('gives the spec’s shapes their options: Size S/M, L, XL; Option A, B; none', async () => {
    const body = productListSchema.parse((await t.app.inject({ url: '/api/products' })).json());
    for (const product of body.products) {
      if (product.hasSize) {
        expect(product.options).toEqual([{ name: 'Size', values: ['S/M', 'L', 'XL'] }]);
        expect(product.variants.map((variant) => variant.options)).toEqual([
          ['S/M'],
          ['L'],
          ['XL'],
        ]);
        expect(product.variants.map((variant) => variant.available)).toEqual([
          product.countInStock.smallMed,
          product.countInStock.large,
          product.countInStock.xlarge,
        ]);
      } else if (product.hasAandB) {
        expect(product.options).toEqual([{ name: 'Option', values: ['A', 'B'] }]);
        expect(product.variants.map((variant) => variant.images)).toEqual([
          product.imagesOptionA,
          product.imagesOptionB,
        ]);
      } else {
        expect(product.options).toEqual([]);
        expect(product.variants).toHaveLength(1);
        expect(product.variants[0]?.available).toBe(product.countInStock.total);
      }
      for (const variant of product.variants) expect(variant.price).toBe(product.price);
    }
  });
});

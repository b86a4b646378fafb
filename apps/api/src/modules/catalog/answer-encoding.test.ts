import { serializerCompiler } from 'fastify-type-provider-zod';
import type * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  productCardListSchema,
  productCardPageSchema,
  productListSchema,
  productSchema,
} from '@shop/shared/catalog';
import { collectionMenuSchema, collectionPageSchema } from '@shop/shared/collections';
import { answerEncoder } from '../../lib/answer-encoder';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedSampleCatalogIfEmpty } from './seed';

// The storefront's hot reads encode their answers with answerEncoder (a check by parsing) instead
// of fastify-type-provider-zod's serializerCompiler (a check by encoding): the same bytes for
// every answer of the sample shop, and the same 500 for an answer that breaks its schema.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  await seedSampleCatalogIfEmpty(t.database.db);
  const staff = await addBackOfficeUser(t, 'staff');
  const auth = { authorization: `Bearer ${staff.token}` };
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/admin/collections',
    headers: auth,
    payload: { name: 'Encoded Drop', description: 'Light things.' },
  });
  expect(made.statusCode, made.body).toBe(201);
  const { _id: id } = made.json<{ _id: string }>();
  const listed = await t.app.inject(`/api/products?pageNumber=1`);
  const ids = listed.json<{ products: { _id: string }[] }>().products.map((p) => p._id);
  for (const [url, payload] of [
    [`/api/admin/collections/${id}/products`, { productIds: ids.slice(0, 5) }],
    [
      `/api/admin/collections/${id}`,
      { name: 'Encoded Drop', description: 'Light things.', status: 'published', showInMenu: true },
    ],
  ] as const) {
    const written = await t.app.inject({ method: 'PUT', url, headers: auth, payload });
    expect(written.statusCode, written.body).toBe(200);
  }
}, 60_000);
afterAll(() => t.close());

/** An answer as the API sent it, read back as the object a service would hand the encoder. */
async function answerOf(url: string): Promise<unknown> {
  const response = await t.app.inject(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const ROUTES: { schema: z.ZodMiniType; url: string; addresses: string[] }[] = [
  {
    schema: productListSchema,
    url: '/api/products',
    addresses: [
      '/api/products',
      '/api/products?pageNumber=2',
      '/api/products?keyword=tote',
      '/api/products?keyword=flowr%20tote',
      '/api/products?category=selflove_men_tshirts&size=L&sort=price-asc',
      '/api/products?on-sale=1&in-stock=1',
      '/api/products?keyword=zzzzqqq',
    ],
  },
  {
    schema: productCardListSchema,
    url: '/api/product-cards',
    addresses: ['/api/product-cards?category=belts&limit=8', '/api/product-cards?category=totes'],
  },
  {
    schema: productCardPageSchema,
    url: '/api/product-cards/listing',
    addresses: ['/api/product-cards/listing', '/api/product-cards/listing?keyword=hoodie'],
  },
  { schema: productSchema, url: '/api/products/:id', addresses: [] },
  {
    schema: collectionPageSchema,
    url: '/api/collections/:handle',
    addresses: ['/api/collections/encoded-drop', '/api/collections/encoded-drop?sort=price-desc'],
  },
  {
    schema: collectionMenuSchema,
    url: '/api/collections/menu',
    addresses: ['/api/collections/menu'],
  },
];

describe('the storefront’s answers, encoded by parsing', () => {
  it('are the bytes the schema’s encoding sends, for every answer of the sample shop', async () => {
    const products = (await answerOf('/api/products')) as { products: { _id: string }[] };
    ROUTES.find((route) => route.url === '/api/products/:id')!.addresses.push(
      ...products.products.slice(0, 6).map((product) => `/api/products/${product._id}`),
    );
    let compared = 0;
    for (const route of ROUTES) {
      const byEncoding = serializerCompiler({ ...route, method: 'GET' }) as (
        data: unknown,
      ) => string;
      const byParsing = answerEncoder({ ...route, method: 'GET' }) as (data: unknown) => string;
      for (const address of route.addresses) {
        const answer = await answerOf(address);
        // With a key the schema does not name, which both must strip.
        const withExtra = { ...(answer as object), internalNote: 'never sent' };
        expect(byParsing(withExtra), address).toBe(byEncoding(withExtra));
        expect(byParsing(withExtra)).not.toContain('internalNote');
        compared += 1;
      }
    }
    expect(compared).toBe(ROUTES.reduce((sum, route) => sum + route.addresses.length, 0));
    expect(compared).toBeGreaterThanOrEqual(19);
  });

  it('refuses an answer that breaks its schema, as a 500 the error handler logs', () => {
    const encode = answerEncoder({ schema: productCardListSchema, method: 'GET', url: '/x' });
    const broken = { products: [{ _id: 'p', name: 'No price' }] } as never;
    expect(() => encode(broken)).toThrow(
      expect.objectContaining({ code: 'FST_ERR_RESPONSE_SERIALIZATION', statusCode: 500 }),
    );
  });
});

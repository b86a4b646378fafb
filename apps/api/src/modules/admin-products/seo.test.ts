import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProductSchema } from '@shop/shared/admin-catalog';
import { productSchema } from '@shop/shared/catalog';
import { auditLog } from '../../db/schema';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { addProduct, productIdByHandle } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// A product's SEO title and description (decision 037): written with the product, answered to the
// back office and to the storefront's product page.
let t: TestApp;
let owner: { token: string };

beforeAll(async () => {
  t = await createTestApp({ CATALOG_CACHE_MS: '60000', RATE_LIMIT_PER_MINUTE: '100000' });
  owner = await addBackOfficeUser(t, 'owner');
});
afterAll(async () => {
  await t.close();
});

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
  const response = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${owner.token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, body: response.json() };
};

const write = (fields: Record<string, unknown> = {}) => ({
  name: 'Desert Bloom Tee',
  description: '<p>Soft cotton.</p>',
  price: 30,
  category: 'selflove_women_tshirts',
  hasSize: false,
  hasAandB: false,
  status: 'published',
  ...fields,
});

const storefront = async (id: string) =>
  productSchema.parse((await t.app.inject(`/api/products/${id}`)).json());

describe('SEO title and description', () => {
  it('are written with the product, kept when omitted, cleared with empty text, audited', async () => {
    const created = await call(
      'POST',
      '/api/admin/products',
      write({
        seoTitle: '  Desert Bloom Tee in organic cotton ',
        seoDescription: 'Sand and clay.',
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const product = adminProductSchema.parse(created.body);
    expect(product).toMatchObject({
      seoTitle: 'Desert Bloom Tee in organic cotton',
      seoDescription: 'Sand and clay.',
    });
    expect(await storefront(product._id)).toMatchObject({
      seoTitle: 'Desert Bloom Tee in organic cotton',
      seoDescription: 'Sand and clay.',
    });

    // A write without them (the CSV's, an older client's) keeps them.
    const kept = await call('PUT', `/api/admin/products/${product._id}`, write({ price: 32 }));
    expect(kept.status).toBe(200);
    expect(adminProductSchema.parse(kept.body).seoTitle).toBe('Desert Bloom Tee in organic cotton');

    const changed = await call(
      'PUT',
      `/api/admin/products/${product._id}`,
      write({ price: 32, seoTitle: 'Desert Bloom Tee', seoDescription: '' }),
    );
    expect(adminProductSchema.parse(changed.body)).toMatchObject({
      seoTitle: 'Desert Bloom Tee',
      seoDescription: '',
    });
    // The cache was told: the storefront answers the new ones, and no empty description.
    const shown = await storefront(product._id);
    expect(shown.seoTitle).toBe('Desert Bloom Tee');
    expect('seoDescription' in shown).toBe(false);

    const audit = await t.database.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.productId, product._id));
    expect(audit.map((row) => row.summary)).toContain(
      'Updated Desert Bloom Tee: SEO title, SEO description',
    );
  });

  it('refuses a title over 70 or a description over 320 characters, or one of several lines (400)', async () => {
    for (const [fields, message] of [
      [{ seoTitle: 'x'.repeat(71) }, 'SEO title must be at most 70 characters'],
      [{ seoDescription: 'x'.repeat(321) }, 'SEO description must be at most 320 characters'],
      [{ seoTitle: 42 }, 'SEO title must be text'],
    ] as const) {
      expect(await call('POST', '/api/admin/products', write(fields))).toMatchObject({
        status: 400,
        body: { message },
      });
    }
    const atLimits = await call(
      'POST',
      '/api/admin/products',
      write({ name: 'Limits Tee', seoTitle: 't'.repeat(70), seoDescription: 'd'.repeat(320) }),
    );
    expect(atLimits.status).toBe(201);
  });

  it('answers none for a product without them (as the sample catalog’s)', async () => {
    const id = await productIdByHandle(t.database.db, await addProduct(t.database.db));
    const product = await storefront(id);
    expect(product.seoTitle).toBeUndefined();
    expect(product.seoDescription).toBeUndefined();
  });
});

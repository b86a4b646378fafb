import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminProductSchema,
  type AdminProduct,
  type ProductWrite,
} from '@shop/shared/admin-catalog';
import { CSV_COLUMNS } from '@shop/shared/admin-catalog';
import { productSchema } from '@shop/shared/catalog';
import { auditLog, productHandleRedirects } from '../../db/schema';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/* A product's handle is its address; a renamed handle leads to the current one (decision 033). */

let t: TestApp;
let staff: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  staff = await addBackOfficeUser(t, 'staff');
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

const call = (method: 'POST' | 'PUT', url: string, body: ProductWrite) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${staff.token}` }, payload: body });

const write = (handle: string, overrides: Partial<ProductWrite> = {}): ProductWrite => ({
  handle,
  status: 'published',
  name: `Tote ${handle}`,
  description: '<p>A sturdy tote.</p>',
  price: 28,
  category: 'totes',
  hasSize: false,
  hasAandB: false,
  ...overrides,
});

async function create(handle: string): Promise<AdminProduct> {
  const response = await call('POST', '/api/admin/products', write(handle));
  expect(response.statusCode, response.body).toBe(201);
  return adminProductSchema.parse(response.json());
}

async function rename(
  product: AdminProduct,
  handle: string,
  overrides: Partial<ProductWrite> = {},
) {
  const response = await call(
    'PUT',
    `/api/admin/products/${product._id}`,
    write(handle, { name: product.name, ...overrides }),
  );
  expect(response.statusCode, response.body).toBe(200);
}

/** The storefront's answer for a product address: the product's name and handle, or the status. */
async function productAt(address: string) {
  const response = await get(`/api/products/${encodeURIComponent(address)}`);
  if (response.statusCode !== 200) return response.statusCode;
  const product = productSchema.parse(response.json());
  return { id: product._id, name: product.name, handle: product.handle };
}

/** Where the page at `path` sends the browser, when it answers 301. */
async function redirectOf(path: string) {
  const response = await get(path);
  return response.statusCode === 301 ? response.headers.location : undefined;
}

describe('a product’s addresses', () => {
  it('answers the same product, with its handle, by its handle and by its id', async () => {
    const made = await create('sand-dune-tote');
    const byHandle = await productAt('sand-dune-tote');
    expect(byHandle).toEqual({
      id: made._id,
      name: 'Tote sand-dune-tote',
      handle: 'sand-dune-tote',
    });
    expect(await productAt(made._id)).toEqual(byHandle);
    // The listing names the handle too (the cards link to it).
    const listing = (await get('/api/products?keyword=sand-dune-tote')).json() as {
      products: { handle: string }[];
    };
    expect(listing.products.map((product) => product.handle)).toContain('sand-dune-tote');
    // Neither address is a redirect.
    expect(await redirectOf('/products/sand-dune-tote')).toBeUndefined();
    expect(await redirectOf(`/products/${made._id}`)).toBeUndefined();
  });

  it('leads every former handle to the current one in one hop after two renames, query kept', async () => {
    const made = await create('first-name-tote');
    await rename(made, 'second-name-tote');
    await rename(made, 'third-name-tote');

    expect(await redirectOf('/products/first-name-tote?utm_source=mail&page=2')).toBe(
      '/products/third-name-tote?utm_source=mail&page=2',
    );
    expect(await redirectOf('/products/second-name-tote')).toBe('/products/third-name-tote');
    // Kept by caches as a page is (seconds), never for good: the owner may rename it back.
    const answer = await get('/products/second-name-tote');
    expect(answer.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=5, stale-while-revalidate=30',
    );
    expect(await redirectOf('/products/third-name-tote')).toBeUndefined();
    // The API answers the product for a former handle too, with its current handle.
    expect(await productAt('first-name-tote')).toEqual({
      id: made._id,
      name: made.name,
      handle: 'third-name-tote',
    });
    // Each rename is audited as every back-office edit is.
    const edits = await t.database.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.action, 'product.updated'));
    expect(edits.filter((entry) => entry.summary.startsWith(`Updated ${made.name}:`))).toHaveLength(
      2,
    );
  });

  it('takes a former handle back without a redirect to itself', async () => {
    const made = await create('round-trip-tote');
    await rename(made, 'round-trip-tote-2');
    await rename(made, 'round-trip-tote');
    expect(await redirectOf('/products/round-trip-tote')).toBeUndefined();
    expect(await redirectOf('/products/round-trip-tote-2')).toBe('/products/round-trip-tote');
    const rows = await t.database.db
      .select({ handle: productHandleRedirects.handle })
      .from(productHandleRedirects)
      .where(eq(productHandleRedirects.productId, made._id));
    expect(rows.map((row) => row.handle)).toEqual(['round-trip-tote-2']);
  });

  it('lets a new product take a handle that redirects to another, which drops the redirect', async () => {
    const old = await create('taken-over-tote');
    await rename(old, 'moved-on-tote');
    expect(await redirectOf('/products/taken-over-tote')).toBe('/products/moved-on-tote');

    const newcomer = await create('taken-over-tote');
    expect(await redirectOf('/products/taken-over-tote')).toBeUndefined();
    expect(await productAt('taken-over-tote')).toMatchObject({ id: newcomer._id });
    expect(await productAt('moved-on-tote')).toMatchObject({ id: old._id });
  });

  it('lets a renamed product take another’s former handle, which then leads to it', async () => {
    const first = await create('shared-past-tote');
    await rename(first, 'shared-past-tote-new');
    const second = await create('other-tote');
    await rename(second, 'shared-past-tote');
    expect(await redirectOf('/products/shared-past-tote')).toBeUndefined();
    expect(await productAt('shared-past-tote')).toMatchObject({ id: second._id });
    expect(await redirectOf('/products/other-tote')).toBe('/products/shared-past-tote');
  });

  it('lets a CSV import create a product at a handle that redirects, which drops the redirect', async () => {
    const old = await create('csv-taken-tote');
    await rename(old, 'csv-moved-tote');
    expect(await redirectOf('/products/csv-taken-tote')).toBe('/products/csv-moved-tote');
    const cells: Partial<Record<(typeof CSV_COLUMNS)[number], string>> = {
      Handle: 'csv-taken-tote',
      Title: 'CSV Tote',
      'Body (HTML)': '<p>From a file.</p>',
      Status: 'active',
      'Variant Price': '30',
      'Variant Inventory Qty': '5',
      Category: 'totes',
    };
    const file = [
      CSV_COLUMNS.join(','),
      CSV_COLUMNS.map((column) => cells[column] ?? '').join(','),
    ].join('\n');
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      headers: {
        authorization: `Bearer ${staff.token}`,
        'content-type': 'text/csv; charset=utf-8',
      },
      payload: file,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await redirectOf('/products/csv-taken-tote')).toBeUndefined();
    expect(await productAt('csv-taken-tote')).toMatchObject({ name: 'CSV Tote' });
    expect(await productAt('csv-moved-tote')).toMatchObject({ id: old._id });
  });

  it('keeps drafts and archived products from shoppers at every address', async () => {
    const made = await create('hidden-tote');
    await rename(made, 'hidden-tote-renamed', { status: 'draft' });
    for (const address of ['hidden-tote', 'hidden-tote-renamed', made._id])
      expect(await productAt(address)).toBe(404);
    expect(await redirectOf('/products/hidden-tote')).toBeUndefined();

    await rename(made, 'hidden-tote-archived', { status: 'archived' });
    for (const address of ['hidden-tote', 'hidden-tote-renamed', 'hidden-tote-archived'])
      expect(await productAt(address)).toBe(404);
    expect(await redirectOf('/products/hidden-tote-renamed')).toBeUndefined();
  });

  it('answers 404 for an address that names nothing, and never a 500', async () => {
    for (const address of ['no-such-tote', '00000000-0000-4000-8000-000000000000', '%zz'])
      expect(await productAt(address)).toBe(404);
    expect(await redirectOf('/products/%zz')).toBeUndefined();
    expect((await get('/products/%zz')).statusCode).toBeLessThan(500);
  });
});

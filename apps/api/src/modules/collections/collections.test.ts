import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MESSAGES } from '@shop/shared/back-office';
import {
  COLLECTION_MESSAGES,
  collectionMenuSchema,
  collectionPageSchema,
} from '@shop/shared/collections';
import {
  adminCollectionListSchema,
  adminCollectionSchema,
  type AdminCollection,
  type CollectionWriteInput,
} from '@shop/shared/admin-collections';
import { PRODUCTS_PAGE_SIZE } from '@shop/shared/catalog';
import { auditLog, products } from '../../db/schema';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { addProduct, addVerifiedCustomer, productIdByHandle } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let staff: { token: string };
let owner: { token: string };
let customer: { token: string };
let productIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  staff = await addBackOfficeUser(t, 'staff');
  owner = await addBackOfficeUser(t, 'owner');
  customer = await addVerifiedCustomer(t.app, t.database.db, {
    name: 'Cora Customer',
    email: `cora-${Date.now()}@example.com`,
  });
  productIds = [];
  for (const name of ['Dune Tee', 'Oasis Tote', 'Mirage Hoodie', 'Palm Strap']) {
    const handle = await addProduct(t.database.db, {
      name,
      handle: name.toLowerCase().replace(' ', '-'),
    });
    productIds.push(await productIdByHandle(t.database.db, handle));
  }
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  body?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });

async function create(write: CollectionWriteInput, token = staff.token): Promise<AdminCollection> {
  const response = await call('POST', '/api/admin/collections', token, write);
  expect(response.statusCode, response.body).toBe(201);
  return adminCollectionSchema.parse(response.json());
}

async function setProducts(id: string, ids: string[], token = staff.token) {
  const response = await call('PUT', `/api/admin/collections/${id}/products`, token, {
    productIds: ids,
  });
  expect(response.statusCode, response.body).toBe(200);
  return adminCollectionSchema.parse(response.json());
}

async function update(collection: AdminCollection, changes: Partial<CollectionWriteInput>) {
  const response = await call('PUT', `/api/admin/collections/${collection._id}`, staff.token, {
    name: collection.name,
    handle: collection.handle,
    description: collection.description,
    seoTitle: collection.seoTitle,
    seoDescription: collection.seoDescription,
    status: collection.status,
    showInMenu: collection.showInMenu,
    menuPosition: collection.menuPosition,
    ...changes,
  });
  expect(response.statusCode, response.body).toBe(200);
  return adminCollectionSchema.parse(response.json());
}

const storefrontPage = (handle: string, query = '') =>
  call('GET', `/api/collections/${handle}${query}`);

const auditSummaries = async (action: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.action, action))).map(
    (row) => row.summary,
  );

describe('who may edit collections', () => {
  it('answers 401 without a token and 403 to a customer', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/admin/collections', undefined],
      ['POST', '/api/admin/collections', { name: 'Nope' }],
    ] as const) {
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
      const forbidden = await call(method, url, customer.token, body);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe(BACK_OFFICE_MESSAGES.notBackOffice);
    }
  });
});

describe('a collection from draft to the storefront', () => {
  it('is created as a draft with a handle made from its name, audited, and hidden from shoppers', async () => {
    const made = await create({ name: 'Summer Drop', description: 'Light things.' });
    expect(made).toMatchObject({
      name: 'Summer Drop',
      handle: 'summer-drop',
      status: 'draft',
      showInMenu: false,
      productCount: 0,
      products: [],
    });
    expect(await auditSummaries('collection.created')).toContain(
      'Created collection Summer Drop (summer-drop, draft)',
    );
    const hidden = await storefrontPage('summer-drop');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: COLLECTION_MESSAGES.notFound });
    // A second one of the same name gets the next free handle.
    expect((await create({ name: 'Summer Drop' }, owner.token)).handle).toBe('summer-drop-2');
  });

  it('keeps its products in the order chosen, shows published ones only, and pages them', async () => {
    const collection = await create({ name: 'Ordered Things' });
    const [a, b, c, d] = productIds as [string, string, string, string];
    let edited = await setProducts(collection._id, [b, a, c]);
    expect(edited.products.map((product) => product.name)).toEqual([
      'Oasis Tote',
      'Dune Tee',
      'Mirage Hoodie',
    ]);
    edited = await setProducts(collection._id, [a, b, d]);
    expect(edited.products.map((product) => product.name)).toEqual([
      'Dune Tee',
      'Oasis Tote',
      'Palm Strap',
    ]);
    const summaries = await auditSummaries('collection.products');
    expect(summaries).toContain(
      'Collection Ordered Things: added Oasis Tote, Dune Tee, Mirage Hoodie',
    );
    expect(summaries).toContain(
      'Collection Ordered Things: added Palm Strap; removed Mirage Hoodie; reordered products',
    );

    await update(edited, {
      status: 'published',
      seoTitle: 'Ordered things for summer',
      seoDescription: 'Our picks, in order.',
    });
    // A draft product stays in the list but not on the storefront.
    await t.database.db.update(products).set({ status: 'draft' }).where(eq(products.id, d));
    const response = await storefrontPage('ordered-things');
    expect(response.statusCode, response.body).toBe(200);
    const page = collectionPageSchema.parse(response.json());
    expect(page.collection).toEqual({
      handle: 'ordered-things',
      name: 'Ordered Things',
      description: '',
      seoTitle: 'Ordered things for summer',
      seoDescription: 'Our picks, in order.',
    });
    expect(page.products.map((product) => product.name)).toEqual(['Dune Tee', 'Oasis Tote']);
    expect(page.products[0]).toMatchObject({ _id: a, price: 10, countInStock: { total: 5 } });
    expect(page).toMatchObject({ page: 1, pages: 1 });
    // A page past the end is empty; a bad page number means page 1, as the listings'.
    expect((await storefrontPage('ordered-things', '?pageNumber=2')).json()).toMatchObject({
      products: [],
      page: 2,
      pages: 1,
    });
    expect((await storefrontPage('ordered-things', '?pageNumber=x')).json()).toMatchObject({
      page: 1,
    });
    await t.database.db.update(products).set({ status: 'published' }).where(eq(products.id, d));
  });

  it('answers pages of the listings’ size', async () => {
    const many: string[] = [];
    for (let n = 0; n < PRODUCTS_PAGE_SIZE + 2; n += 1)
      many.push(await productIdByHandle(t.database.db, await addProduct(t.database.db)));
    const collection = await create({ name: 'Many Things', status: 'published' });
    await setProducts(collection._id, many);
    const first = collectionPageSchema.parse((await storefrontPage('many-things')).json());
    expect(first.products.map((product) => product._id)).toEqual(many.slice(0, PRODUCTS_PAGE_SIZE));
    expect(first.pages).toBe(2);
    const second = collectionPageSchema.parse(
      (await storefrontPage('many-things', '?pageNumber=2')).json(),
    );
    expect(second.products.map((product) => product._id)).toEqual(many.slice(PRODUCTS_PAGE_SIZE));
  });

  it('lists the published collections shown in the menu by position, then name', async () => {
    const late = await create({
      name: 'Late Menu',
      status: 'published',
      showInMenu: true,
      menuPosition: 5,
    });
    await create({ name: 'Early Menu', status: 'published', showInMenu: true, menuPosition: 1 });
    await create({ name: 'Draft Menu', status: 'draft', showInMenu: true, menuPosition: 0 });
    await create({ name: 'Not In Menu', status: 'published', showInMenu: false });
    const menu = collectionMenuSchema.parse((await call('GET', '/api/collections/menu')).json());
    expect(menu.collections).toEqual([
      { handle: 'early-menu', name: 'Early Menu' },
      { handle: 'late-menu', name: 'Late Menu' },
    ]);
    await update(late, { showInMenu: false });
    expect(
      (await call('GET', '/api/collections/menu'))
        .json()
        .collections.map((entry: { handle: string }) => entry.handle),
    ).toEqual(['early-menu']);
    expect(await auditSummaries('collection.updated')).toContain(
      'Updated collection Late Menu: hidden from menu',
    );
  });

  it('puts published collections in the sitemap, drafts not', async () => {
    const index = await call('GET', '/sitemap.xml');
    expect(index.body).toContain('/sitemaps/collections-1.xml</loc>');
    const sitemap = await call('GET', '/sitemaps/collections-1.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain('/collections/ordered-things</loc><lastmod>');
    expect(sitemap.body).not.toContain('/collections/summer-drop<');
  });

  it('is listed in the back office with its product count', async () => {
    const list = adminCollectionListSchema.parse(
      (await call('GET', '/api/admin/collections', staff.token)).json(),
    );
    expect(list.collections.find((row) => row.handle === 'ordered-things')).toMatchObject({
      status: 'published',
      productCount: 3,
    });
  });

  it('is deleted with its place in the menu, its products stay, and the delete is audited', async () => {
    const doomed = await create({ name: 'Doomed', status: 'published', showInMenu: true });
    await setProducts(doomed._id, [productIds[0]!]);
    const gone = await call('DELETE', `/api/admin/collections/${doomed._id}`, owner.token);
    expect(gone.statusCode).toBe(204);
    expect((await storefrontPage('doomed')).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/admin/collections/${doomed._id}`, staff.token)).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/admin/collections/${doomed._id}`, owner.token)).statusCode,
    ).toBe(404);
    expect(
      await t.database.db.select().from(products).where(eq(products.id, productIds[0]!)),
    ).toHaveLength(1);
    expect(await auditSummaries('collection.deleted')).toContain(
      'Deleted collection Doomed (doomed)',
    );
  });
});

describe('bad input', () => {
  it('answers 400 with a message for a bad write, and writes nothing', async () => {
    for (const [body, message] of [
      [{ name: '' }, 'Name is required'],
      [
        { name: 'X', handle: 'Not A Handle' },
        'Handle may hold only lower-case letters, digits and single hyphens',
      ],
      [{ name: 'X', handle: 'menu' }, COLLECTION_MESSAGES.handleReserved],
      [{ name: 'X', seoTitle: 'x'.repeat(71) }, 'SEO title must be at most 70 characters'],
      [{ name: 'X', menuPosition: 1.5 }, 'Menu position must be a whole number'],
      [{ name: 'X', status: 'archived' }, 'Status must be one of published, draft'],
    ] as const) {
      const response = await call('POST', '/api/admin/collections', staff.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(
      await t.database.db.select().from(auditLog).where(like(auditLog.summary, '%collection X %')),
    ).toEqual([]);
  });

  it('answers 409 for a handle another collection has, 404 for an unknown one, 400 for unknown products', async () => {
    const first = await create({ name: 'Taken One' });
    const second = await create({ name: 'Taken Two' });
    const clash = await call('POST', '/api/admin/collections', staff.token, {
      name: 'Again',
      handle: 'taken-one',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(COLLECTION_MESSAGES.handleTaken);
    const renamed = await call('PUT', `/api/admin/collections/${second._id}`, staff.token, {
      name: 'Taken Two',
      handle: first.handle,
    });
    expect(renamed.statusCode).toBe(409);

    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const missing = await call('PUT', `/api/admin/collections/${id}`, staff.token, { name: 'Y' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(COLLECTION_MESSAGES.notFound);
    }
    const unknown = await call('PUT', `/api/admin/collections/${first._id}/products`, staff.token, {
      productIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(COLLECTION_MESSAGES.productUnknown);
    const twice = await call('PUT', `/api/admin/collections/${first._id}/products`, staff.token, {
      productIds: [productIds[0], productIds[0]],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain(COLLECTION_MESSAGES.productTwice);
    const notIds = await call('PUT', `/api/admin/collections/${first._id}/products`, staff.token, {
      productIds: ['x'],
    });
    expect(notIds.statusCode).toBe(400);
    expect((await storefrontPage('%00')).statusCode).toBeLessThan(500);
    expect((await storefrontPage('no-such-collection')).statusCode).toBe(404);
  });
});

describe('concurrent writes', () => {
  it('two product lists sent at once: one wins whole, each audited', async () => {
    const collection = await create({ name: 'Raced' });
    const [a, b, c, d] = productIds as [string, string, string, string];
    const lists = [
      [a, b, c],
      [d, c, b, a],
    ];
    const answers = await Promise.all(
      lists.map((ids) =>
        call('PUT', `/api/admin/collections/${collection._id}/products`, staff.token, {
          productIds: ids,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const final = adminCollectionSchema.parse(
      (await call('GET', `/api/admin/collections/${collection._id}`, staff.token)).json(),
    );
    expect(lists).toContainEqual(final.products.map((product) => product._id));
    expect(
      (await auditSummaries('collection.products')).filter((summary) =>
        summary.startsWith('Collection Raced:'),
      ),
    ).toHaveLength(2);
  });

  it('two collections of one name made at once get two handles', async () => {
    const answers = await Promise.all(
      [1, 2].map(() => call('POST', '/api/admin/collections', staff.token, { name: 'Twin Drop' })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers.map((answer) => answer.json().handle).sort()).toEqual([
      'twin-drop',
      'twin-drop-2',
    ]);
  });
});

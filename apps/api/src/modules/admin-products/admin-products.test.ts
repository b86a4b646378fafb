import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_CATALOG_MESSAGES,
  adminProductListResponseSchema,
  adminProductSchema,
  type AdminProduct,
  type ProductWrite,
} from '@shop/shared/admin-catalog';
import { BACK_OFFICE_MESSAGES } from '@shop/shared/back-office';
import { auditLog, variants, stockMovements } from '../../db/schema';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { addProduct, addVerifiedCustomer, productIdByHandle } from '../../test/fixtures';
import { placePaidOrder } from '../../test/paid-orders';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let staff: { token: string; email: string };
let owner: { token: string };
let customer: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  staff = await addBackOfficeUser(t, 'staff');
  owner = await addBackOfficeUser(t, 'owner');
  customer = await addVerifiedCustomer(t.app, t.database.db, {
    name: 'Cora Customer',
    email: `cora-${Date.now()}@example.com`,
  });
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });

let named = 0;
const aProduct = (overrides: Partial<ProductWrite> = {}): ProductWrite => {
  named += 1;
  return {
    name: `Editor Tote ${named}`,
    description: '<p>A sturdy tote.</p>',
    price: 28,
    category: 'totes',
    hasSize: false,
    hasAandB: false,
    ...overrides,
  };
};

async function create(write: ProductWrite, token = staff.token): Promise<AdminProduct> {
  const response = await call('POST', '/api/admin/products', token, write);
  expect(response.statusCode, response.body).toBe(201);
  return adminProductSchema.parse(response.json());
}

const auditOf = (action: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('who may edit products', () => {
  it('answers 401 without a token and 403 to a customer; staff and the owner may', async () => {
    const write = aProduct();
    for (const [method, url, body] of [
      ['GET', '/api/admin/products', undefined],
      ['POST', '/api/admin/products', write],
      ['GET', '/api/admin/products.csv', undefined],
    ] as const) {
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
      const forbidden = await call(method, url, customer.token, body);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe(BACK_OFFICE_MESSAGES.notBackOffice);
    }
    expect((await call('GET', '/api/admin/products', staff.token)).statusCode).toBe(200);
    const made = await create(aProduct(), owner.token);
    expect(
      (await call('PUT', `/api/admin/products/${made._id}`, customer.token, aProduct())).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/admin/products/${made._id}`, owner.token)).statusCode).toBe(
      200,
    );
  });
});

describe('creating a product', () => {
  it('starts a draft with a handle from its name, stock rows at 0 and an audit row', async () => {
    const product = await create(
      aProduct({ name: 'Selflove Tee (Black)', hasSize: true, category: 'selflove_men_tshirts' }),
    );
    expect(product).toMatchObject({
      handle: 'selflove-tee-black',
      name: 'Selflove Tee (Black)',
      status: 'draft',
      price: 28,
      category: 'selflove_men_tshirts',
      hasSize: true,
      hasAandB: false,
      image: '',
      images: [],
      photos: [],
      available: 0,
      variants: ['S/M', 'L', 'XL'].map((size) => ({
        size,
        option: 'NA',
        onHand: 0,
        held: 0,
        available: 0,
        lowStockThreshold: 3,
      })),
    });
    const movements = await t.database.db
      .select({ n: count() })
      .from(stockMovements)
      .where(eq(stockMovements.productId, product._id));
    expect(movements[0]?.n).toBe(0);
    const audit = await auditOf('product.created');
    expect(audit.find((row) => row.summary.includes('selflove-tee-black'))).toMatchObject({
      actorEmail: staff.email,
      summary: 'Created Selflove Tee (Black) (selflove-tee-black, draft)',
    });
    const fetched = await call('GET', `/api/admin/products/${product._id}`, staff.token);
    expect(adminProductSchema.parse(fetched.json())).toEqual(product);
  });

  it('takes a status and options A and B when given', async () => {
    const product = await create(aProduct({ hasAandB: true, status: 'published' }));
    expect(product.status).toBe('published');
    expect(product.variants.map((variant) => [variant.size, variant.option])).toEqual([
      ['NA', 'A'],
      ['NA', 'B'],
    ]);
  });
});

describe('handles', () => {
  it('appends -2, -3 to a made-up handle that is taken, and keeps within 80 characters', async () => {
    const first = await create(aProduct({ name: 'Twin Tote' }));
    const second = await create(aProduct({ name: 'Twin  tote!' }));
    const third = await create(aProduct({ name: 'TWIN TOTE' }));
    expect([first.handle, second.handle, third.handle]).toEqual([
      'twin-tote',
      'twin-tote-2',
      'twin-tote-3',
    ]);
    const long = 'Long '.repeat(24);
    const a = await create(aProduct({ name: long }));
    const b = await create(aProduct({ name: long }));
    expect(a.handle).toHaveLength(79);
    expect(b.handle).toBe(`${a.handle.slice(0, 78)}-2`);
    expect(b.handle).toHaveLength(80);
  });

  it('answers 409 for a given handle that is taken, on create and on edit', async () => {
    const taken = await create(aProduct({ handle: 'given-handle' }));
    const again = await call(
      'POST',
      '/api/admin/products',
      staff.token,
      aProduct({ handle: 'given-handle' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ADMIN_CATALOG_MESSAGES.handleTaken });

    const other = await create(aProduct());
    const clash = await call(
      'PUT',
      `/api/admin/products/${other._id}`,
      staff.token,
      aProduct({ name: other.name, handle: taken.handle }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(ADMIN_CATALOG_MESSAGES.handleTaken);
    // Its own handle is not "taken".
    const own = await call(
      'PUT',
      `/api/admin/products/${taken._id}`,
      staff.token,
      aProduct({ name: 'Renamed', handle: 'given-handle' }),
    );
    expect(own.statusCode).toBe(200);
  });

  it('two creates at once: one given handle is 409 for one of them; a made-up one gets -2', async () => {
    const given = await Promise.all(
      [1, 2, 3].map(() =>
        call('POST', '/api/admin/products', staff.token, aProduct({ handle: 'raced-handle' })),
      ),
    );
    expect(given.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    expect(given.find((r) => r.statusCode === 409)?.json().message).toBe(
      ADMIN_CATALOG_MESSAGES.handleTaken,
    );
    const made = await Promise.all(
      [1, 2, 3].map(() =>
        call('POST', '/api/admin/products', staff.token, aProduct({ name: 'Raced Name' })),
      ),
    );
    expect(made.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    expect(made.map((response) => response.json().handle).sort()).toEqual([
      'raced-name',
      'raced-name-2',
      'raced-name-3',
    ]);
  });

  it('keeps the handle and the status when an edit leaves them out', async () => {
    const product = await create(aProduct({ handle: 'keep-me', status: 'published' }));
    const { handle: _handle, status: _status, ...rest } = aProduct({ name: 'A new name' });
    const edited = await call('PUT', `/api/admin/products/${product._id}`, staff.token, rest);
    expect(edited.json()).toMatchObject({
      handle: 'keep-me',
      status: 'published',
      name: 'A new name',
    });
  });
});

describe('validation', () => {
  it('answers 400 with the contract’s message for each bad field', async () => {
    const cases: [Partial<Record<keyof ProductWrite, unknown>>, string][] = [
      [{ name: '' }, 'Name is required'],
      [{ name: 'x'.repeat(121) }, 'Name must be at most 120 characters'],
      [{ price: 0 }, 'Price must be more than 0'],
      [{ price: 10.999 }, 'Price must have at most two decimals'],
      [{ price: 100_000.01 }, 'Price must be at most 100,000'],
      [{ price: '12' }, 'Price must be a number'],
      [{ category: 'shoes' }, expect.stringMatching(/^Category must be one of totes, /)],
      [{ hasSize: true, hasAandB: true }, 'A product has sizes or options A and B, not both'],
      [
        { handle: 'Not A Handle' },
        'Handle may hold only lower-case letters, digits and single hyphens',
      ],
      [{ status: 'gone' }, 'Status must be one of published, draft, archived'],
    ] as never;
    for (const [change, message] of cases) {
      const response = await call('POST', '/api/admin/products', staff.token, {
        ...aProduct(),
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().message).toEqual(message);
    }
    expect(
      (await call('POST', '/api/admin/products', staff.token, { ...aProduct(), price: 100_000 }))
        .statusCode,
    ).toBe(201);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const read = await call('GET', `/api/admin/products/${id}`, staff.token);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ message: ADMIN_CATALOG_MESSAGES.productNotFound });
      const write = await call('PUT', `/api/admin/products/${id}`, staff.token, aProduct());
      expect(write.statusCode).toBe(404);
    }
  });
});

describe('the description', () => {
  it('is sanitised: scripts go with their text, links get rel=noopener, javascript: is dropped', async () => {
    const product = await create(
      aProduct({
        description:
          '<p onclick="steal()">Soft <strong>cotton</strong><script>alert("x")</script></p>' +
          '<a href="javascript:alert(1)">click</a> <a href="https://example.com/care" target="_blank" rel="nofollow">care</a>' +
          '<img src="x" onerror="steal()"><style>p{display:none}</style><ul><li><em>one</em></li></ul>' +
          '<a href="mailto:shop@example.com">mail</a><div>kept text</div>',
      }),
    );
    expect(product.description).toBe(
      '<p>Soft <strong>cotton</strong></p>' +
        '<a rel="noopener">click</a> <a href="https://example.com/care" rel="noopener">care</a>' +
        '<ul><li><em>one</em></li></ul>' +
        '<a href="mailto:shop@example.com" rel="noopener">mail</a>kept text',
    );
  });

  it('keeps a size chart (headings, a table with spans and scopes) as written, through create and update', async () => {
    const sizeChart =
      '<h2>Size chart</h2><p>Measured <strong>flat</strong>, in inches.</p>' +
      '<table><caption>Chest and length</caption>' +
      '<thead><tr><th scope="col">Size</th><th scope="col" colspan="2">Chest</th></tr></thead>' +
      '<tbody><tr><th scope="row">S/M</th><td>34-36 in</td><td rowspan="2">86-91 cm</td></tr>' +
      '<tr><th scope="row">L</th><td>38-40 in</td></tr></tbody></table>' +
      '<h3>Care</h3><ol><li><p>Wash cold</p></li></ol><h4>Note</h4><p>One<br />two</p>';
    const product = await create(aProduct({ description: sizeChart, status: 'published' }));
    expect(product.description).toBe(sizeChart);
    const read = await call('GET', `/api/admin/products/${product._id}`, staff.token);
    expect(adminProductSchema.parse(read.json()).description).toBe(sizeChart);
    const storefront = await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` });
    expect(storefront.json()).toMatchObject({ description: sizeChart });
  });

  it('drops script, event handlers, styles, images and frames from a table, keeping its text and spans', async () => {
    const product = await create(
      aProduct({
        description:
          '<table style="width:100%" class="chart" onclick="steal()"><colgroup><col style="width:5px"></colgroup>' +
          '<tbody><tr><td colspan="2" rowspan="x" onmouseover="steal()" style="color:red">S/M' +
          '<script>alert(1)</script><img src="x" onerror="steal()"><iframe src="https://evil.example">f</iframe></td>' +
          '<th scope="sideways" width="9">L</th></tr></tbody></table><h1 onclick="x()">Fit</h1><h6>Small print</h6>',
      }),
    );
    expect(product.description).toBe(
      '<table><tbody><tr><td colspan="2">S/M</td><th>L</th></tr></tbody></table><h2>Fit</h2><h4>Small print</h4>',
    );
    expect(product.description).not.toMatch(/script|onclick|onmouseover|onerror|style|iframe|img/);
  });
});

describe('the list', () => {
  it('pages 25 newest first, finds by name or handle (LIKE characters literal), filters by status', async () => {
    const start = Date.parse('2030-01-01T00:00:00Z');
    for (let i = 0; i < 27; i += 1)
      await addProduct(t.database.db, {
        handle: `pager-${i}`,
        name: i === 5 ? 'Pager 100% Cotton' : `Pager ${i}`,
        createdAt: new Date(start + i * 60_000),
      });
    const first = adminProductListResponseSchema.parse(
      (await call('GET', '/api/admin/products?q=PAGER', staff.token)).json(),
    );
    expect(first).toMatchObject({ page: 1, pages: 2, total: 27 });
    expect(first.products).toHaveLength(25);
    expect(first.products[0]).toMatchObject({
      handle: 'pager-26',
      name: 'Pager 26',
      status: 'published',
      price: 10,
      available: 5,
    });
    const second = (await call('GET', '/api/admin/products?q=pager&page=2', staff.token)).json();
    expect(second.products.map((row: { handle: string }) => row.handle)).toEqual([
      'pager-1',
      'pager-0',
    ]);
    const percent = (await call('GET', '/api/admin/products?q=100%25', staff.token)).json();
    expect(percent.products.map((row: { handle: string }) => row.handle)).toEqual(['pager-5']);
    const byHandle = (await call('GET', '/api/admin/products?q=pager-1', staff.token)).json();
    expect(byHandle.total).toBe(11);

    const draft = await create(aProduct({ name: 'Pager draft' }));
    const drafts = (
      await call('GET', '/api/admin/products?q=pager&status=draft', staff.token)
    ).json();
    expect(drafts.products.map((row: { _id: string }) => row._id)).toEqual([draft._id]);
    const bad = await call('GET', '/api/admin/products?status=sold', staff.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status must be one of published, draft, archived');
  });
});

describe('editing and the storefront', () => {
  it('a draft is 404 in the storefront; publishing shows it with its price; every edit is audited', async () => {
    const product = await create(aProduct({ name: 'Quiet Launch', price: 30 }));
    const storefront = () => call('GET', `/api/products/${product._id}`);
    expect((await storefront()).statusCode).toBe(404);
    const listed = async () =>
      (await call('GET', '/api/products?keyword=Quiet%20Launch')).json().products.length;
    expect(await listed()).toBe(0);

    const published = await call(
      'PUT',
      `/api/admin/products/${product._id}`,
      owner.token,
      aProduct({ name: 'Quiet Launch', price: 32.5, status: 'published' }),
    );
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', price: 32.5 });
    const shown = await storefront();
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ name: 'Quiet Launch', price: 32.5 });
    expect(await listed()).toBe(1);
    const audit = await auditOf('product.updated');
    expect(audit.map((row) => row.summary)).toContain(
      'Updated Quiet Launch: status published, price 32.50',
    );
  });

  it('changes sizes and options only while no variant has stock', async () => {
    await addProduct(t.database.db, {
      handle: 'stocked-tee',
      name: 'Stocked Tee',
      hasSize: true,
      stock: { 'S/M': 0, L: 2, XL: 0 },
    });
    const stockedId = await productIdByHandle(t.database.db, 'stocked-tee');
    const refused = await call(
      'PUT',
      `/api/admin/products/${stockedId}`,
      staff.token,
      aProduct({ name: 'Stocked Tee', hasSize: false }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ADMIN_CATALOG_MESSAGES.shapeChangeWithStock);

    const empty = await create(aProduct({ hasSize: true }));
    const reshaped = await call(
      'PUT',
      `/api/admin/products/${empty._id}`,
      staff.token,
      aProduct({ name: empty.name, hasAandB: true }),
    );
    expect(reshaped.statusCode).toBe(200);
    expect(
      adminProductSchema
        .parse(reshaped.json())
        .variants.map((variant) => [variant.size, variant.option, variant.onHand]),
    ).toEqual([
      ['NA', 'A', 0],
      ['NA', 'B', 0],
    ]);
    const rows = await t.database.db
      .select({ variant: variants.key })
      .from(variants)
      .where(eq(variants.productId, empty._id));
    expect(rows.map((row) => row.variant).sort()).toEqual(['A', 'B']);
  });

  it('an edit that changes nothing writes no audit row', async () => {
    const write = aProduct({ status: 'draft' });
    const product = await create(write);
    const before = (await auditOf('product.updated')).length;
    const same = await call('PUT', `/api/admin/products/${product._id}`, staff.token, write);
    expect(same.statusCode).toBe(200);
    expect(same.json().updatedAt).toBe(product.updatedAt);
    expect((await auditOf('product.updated')).length).toBe(before);
  });
});

describe('an archived product', () => {
  it('leaves the storefront but its orders still show it', async () => {
    await addProduct(t.database.db, {
      handle: 'retired-belt',
      name: 'Retired Belt',
      category: 'belts',
      priceCents: 1500,
      image: '/images/products/retired-belt.svg',
    });
    const id = await productIdByHandle(t.database.db, 'retired-belt');
    const buyer = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Ora Buyer',
      email: `ora-${Date.now()}@example.com`,
    });
    const orderId = await placePaidOrder(t, {
      token: buyer.token,
      lines: [{ product: id, qty: 1 }],
    });

    const archived = await call(
      'PUT',
      `/api/admin/products/${id}`,
      staff.token,
      aProduct({
        name: 'Retired Belt',
        category: 'belts',
        price: 15,
        status: 'archived',
      }),
    );
    expect(archived.statusCode).toBe(200);
    expect((await call('GET', `/api/products/${id}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/products?keyword=Retired')).json().products).toEqual([]);

    const order = await call('GET', `/api/orders/${orderId}`, buyer.token);
    expect(order.statusCode).toBe(200);
    expect(order.json().orderItems).toEqual([
      expect.objectContaining({
        name: 'Retired Belt',
        image: '/images/products/retired-belt.svg',
        product: id,
        qty: 1,
      }),
    ]);
    const adminOrder = await call('GET', `/api/admin/orders/${orderId}`, staff.token);
    expect(adminOrder.statusCode).toBe(200);
    expect(adminOrder.json().orderItems[0]).toMatchObject({ name: 'Retired Belt' });
    // The back office still finds it by status.
    const list = (await call('GET', '/api/admin/products?status=archived', staff.token)).json();
    expect(list.products.map((row: { _id: string }) => row._id)).toContain(id);
    const sold = await t.database.db
      .select({ n: count() })
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, id), eq(stockMovements.reason, 'sale')));
    expect(sold[0]?.n).toBe(1);
  });
});

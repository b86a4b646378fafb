import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminDiscountListSchema,
  adminDiscountSchema,
  bulkCodesResponseSchema,
  discountReportSchema,
  type AdminDiscount,
  type DiscountWriteInput,
} from '@shop/shared/admin-discounts';
import { BACK_OFFICE_MESSAGES } from '@shop/shared/back-office';
import { auditLog, discountCodes, discounts, orders } from '../../db/schema';
import { openApiClient, type ApiClient } from '../../test/api-client';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import {
  SAMPLE_ADDRESS,
  addProduct,
  addVerifiedCustomer,
  deliverTestEvent,
  productIdByHandle,
  testCheckoutSigner,
} from '../../test/fixtures';
import { TEST_DATABASE_URL, createTestApp, type TestApp } from '../../test/test-app';
import { generateCodes } from './admin-service';

const where = TEST_DATABASE_URL ? 'two API processes on PostgreSQL' : 'PGlite';

let t: TestApp;
let api: ApiClient;
let owner: { id: string; email: string; name: string; token: string };
let staff: { token: string };
let customer: { token: string };
let teeId: string;
let strapId: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  await addProduct(t.database.db, {
    handle: 'admin-disc-tee',
    name: 'Admin Disc Tee',
    priceCents: 3200,
    stock: { total: 10_000 },
  });
  await addProduct(t.database.db, {
    handle: 'admin-disc-strap',
    name: 'Admin Disc Strap',
    priceCents: 4850,
    stock: { total: 10_000 },
  });
  teeId = await productIdByHandle(t.database.db, 'admin-disc-tee');
  strapId = await productIdByHandle(t.database.db, 'admin-disc-strap');
  owner = await addBackOfficeUser(t, 'owner');
  staff = await addBackOfficeUser(t, 'staff');
  customer = await addVerifiedCustomer(t.app, t.database.db, {
    name: 'Cora Customer',
    email: `cora-disc-${Date.now()}@example.com`,
  });
  api = await openApiClient(t, { RATE_LIMIT_PER_MINUTE: '1000000' });
}, 60_000);
afterAll(async () => {
  await api.stop();
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });

let codeCounter = 0;
const uniqueCode = (stem = 'SAVE') => `${stem}${Date.now() % 100_000}X${++codeCounter}`;

async function create(write: DiscountWriteInput): Promise<AdminDiscount> {
  const response = await call('POST', '/api/admin/discounts', owner.token, write);
  expect(response.statusCode, response.body).toBe(201);
  return adminDiscountSchema.parse(response.json());
}

/** The write that gives back what the discount is (for a PUT that changes a field or two). */
const writeOf = (d: AdminDiscount): DiscountWriteInput => ({
  title: d.title,
  automatic: d.automatic,
  bulk: !d.automatic && d.code === null,
  ...(d.code ? { code: d.code } : {}),
  kind: d.kind,
  percent: d.percent,
  amount: d.amount,
  maxShippingPrice: d.maxShippingPrice,
  appliesTo: d.appliesTo,
  productIds: d.productIds,
  variantIds: d.variantIds,
  collectionIds: d.collectionIds,
  minItemsPrice: d.minItemsPrice,
  minQuantity: d.minQuantity,
  startsAt: d.startsAt,
  endsAt: d.endsAt,
  usageLimit: d.usageLimit,
  oncePerCustomer: d.oncePerCustomer,
  active: d.active,
});

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.49.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

function guestCheckout(items: object[], discountCode: string | undefined) {
  return api.call('POST', '/api/orders/guest-checkout-session', {
    body: {
      orderItems: items,
      shippingAddress: SAMPLE_ADDRESS,
      email: `disc-buyer${++ipCounter}@example.com`,
      discountCode,
    },
    ip: nextIp(),
  });
}
const tee = (qty = 1) => ({ product: teeId, qty });
const strap = (qty = 1) => ({ product: strapId, qty });

const sessionOf = (url: string) => new URL(url).pathname.split('/').pop() ?? '';

async function pay(url: string): Promise<string> {
  const sessionId = sessionOf(url);
  const signer = testCheckoutSigner(t.env.JWT_SECRET ?? '');
  const paid = await deliverTestEvent(t.app, signer.signedEvent('checkout.completed', sessionId));
  expect(paid.json().outcome).toBe('paid');
  const [order] = await t.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.paymentSessionId, sessionId));
  return order?.id ?? '';
}

const auditOf = async (action: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.action, action))).map(
    (row) => row.summary,
  );

describe('who may see and change discounts', () => {
  it('answers 401 without a token, 403 to a customer, and 403 to staff on every write', async () => {
    const made = await create({ code: uniqueCode(), kind: 'percentage', percent: 10 });
    const reads = [
      '/api/admin/discounts',
      `/api/admin/discounts/${made._id}`,
      `/api/admin/discounts/${made._id}/codes.csv`,
      `/api/admin/discounts/${made._id}/report`,
    ];
    const writes: ['POST' | 'PUT', string, unknown][] = [
      ['POST', '/api/admin/discounts', { code: uniqueCode(), kind: 'percentage', percent: 5 }],
      ['PUT', `/api/admin/discounts/${made._id}`, writeOf(made)],
      ['POST', `/api/admin/discounts/${made._id}/deactivate`, undefined],
      ['POST', `/api/admin/discounts/${made._id}/activate`, undefined],
      ['POST', `/api/admin/discounts/${made._id}/duplicate`, undefined],
      ['POST', `/api/admin/discounts/${made._id}/codes`, { count: 2 }],
    ];
    for (const url of reads) {
      expect((await call('GET', url)).statusCode, url).toBe(401);
      expect((await call('GET', url, customer.token)).statusCode, url).toBe(403);
      expect((await call('GET', url, staff.token)).statusCode, url).toBe(200);
    }
    for (const [method, url, body] of writes) {
      expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
      const forCustomer = await call(method, url, customer.token, body);
      expect(forCustomer.statusCode, url).toBe(403);
      expect(forCustomer.json().message).toBe(BACK_OFFICE_MESSAGES.notBackOffice);
      const forStaff = await call(method, url, staff.token, body);
      expect(forStaff.statusCode, url).toBe(403);
      expect(forStaff.json().message).toBe(BACK_OFFICE_MESSAGES.ownerOnly);
    }
    // Nothing was written by the refused calls.
    const [row] = await t.database.db.select().from(discounts).where(eq(discounts.id, made._id));
    expect(row).toMatchObject({ active: true, usedCount: 0 });
    expect(
      await t.database.db
        .select()
        .from(discountCodes)
        .where(eq(discountCodes.discountId, made._id)),
    ).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      for (const [method, url, body] of [
        ['GET', `/api/admin/discounts/${id}`, undefined],
        ['GET', `/api/admin/discounts/${id}/report`, undefined],
        ['GET', `/api/admin/discounts/${id}/codes.csv`, undefined],
        ['PUT', `/api/admin/discounts/${id}`, { code: 'NOPE1', kind: 'percentage', percent: 5 }],
        ['POST', `/api/admin/discounts/${id}/deactivate`, undefined],
        ['POST', `/api/admin/discounts/${id}/activate`, undefined],
        ['POST', `/api/admin/discounts/${id}/duplicate`, undefined],
        ['POST', `/api/admin/discounts/${id}/codes`, { count: 1 }],
      ] as const) {
        const answer = await call(method, url, owner.token, body);
        expect(answer.statusCode, `${method} ${url}`).toBe(404);
        expect(answer.json()).toEqual({ message: 'Discount not found' });
      }
    }
  });
});

describe('creating a discount', () => {
  it('refuses each field that is wrong, with a message that says why', async () => {
    const base = { code: uniqueCode(), kind: 'percentage', percent: 10 };
    const missing = '00000000-0000-4000-8000-00000000abcd';
    const cases: [object, string][] = [
      [
        { ...base, code: undefined },
        'Code is required (unless the discount is automatic or has bulk codes)',
      ],
      [{ ...base, code: 'ab' }, 'A code has 3 to 40 letters, digits, dashes or underscores'],
      [
        { ...base, code: 'with space' },
        'A code has 3 to 40 letters, digits, dashes or underscores',
      ],
      [
        { ...base, code: 'X'.repeat(41) },
        'A code has 3 to 40 letters, digits, dashes or underscores',
      ],
      [{ ...base, code: undefined, automatic: true }, 'Title is required'],
      [{ ...base, code: undefined, automatic: true, title: '   ' }, 'Title is required'],
      [
        { ...base, automatic: true, title: 'T'.repeat(101) },
        'Title must be at most 100 characters',
      ],
      [{ ...base, automatic: true, title: 'Summer' }, 'An automatic discount has no code'],
      [{ ...base, code: undefined, bulk: true }, 'Title is required'],
      [
        { ...base, bulk: true, title: 'Mailing' },
        'This discount has bulk codes and no code of its own',
      ],
      [{ ...base, kind: 'bogo' }, 'Kind must be one of percentage, fixed, free_shipping'],
      [{ ...base, kind: undefined }, 'Kind must be one of percentage, fixed, free_shipping'],
      [{ ...base, percent: undefined }, 'Percent is required for a percentage discount'],
      [{ ...base, percent: 0 }, 'Percent must be a whole number from 1 to 100'],
      [{ ...base, percent: 101 }, 'Percent must be a whole number from 1 to 100'],
      [{ ...base, percent: 12.5 }, 'Percent must be a whole number from 1 to 100'],
      [{ ...base, amount: 5 }, 'Amount is only for a fixed discount'],
      [{ ...base, kind: 'fixed', percent: undefined }, 'Amount is required for a fixed discount'],
      [
        { ...base, kind: 'fixed', percent: undefined, amount: 0 },
        'Amount must be more than 0 and at most $1,000,000, with at most two decimals',
      ],
      [
        { ...base, kind: 'fixed', percent: undefined, amount: 1.005 },
        'Amount must be more than 0 and at most $1,000,000, with at most two decimals',
      ],
      [
        { ...base, kind: 'fixed', percent: undefined, amount: 1e20 },
        'Amount must be more than 0 and at most $1,000,000, with at most two decimals',
      ],
      [
        { ...base, kind: 'fixed', percent: 10, amount: 5 },
        'Percent is only for a percentage discount',
      ],
      [{ ...base, maxShippingPrice: 10 }, 'Max shipping price is only for free shipping'],
      [
        { ...base, kind: 'free_shipping', percent: undefined, maxShippingPrice: -1 },
        'Max shipping price must be 0 or more and at most $1,000,000, with at most two decimals',
      ],
      [
        {
          ...base,
          kind: 'free_shipping',
          percent: undefined,
          appliesTo: 'items',
          productIds: [teeId],
        },
        'Free shipping applies to the whole order',
      ],
      [{ ...base, appliesTo: 'some' }, 'Applies to must be order or items'],
      [{ ...base, appliesTo: 'items' }, 'Choose at least one product, variant or collection'],
      [
        { ...base, appliesTo: 'items', productIds: ['nope'] },
        'productIds must be a list of product ids',
      ],
      [{ ...base, appliesTo: 'items', productIds: [missing] }, `No such product: ${missing}`],
      [{ ...base, appliesTo: 'items', variantIds: [missing] }, `No such variant: ${missing}`],
      [
        { ...base, appliesTo: 'items', collectionIds: [missing, teeId] },
        `No such collections: ${missing}, ${teeId}`,
      ],
      [
        { ...base, minItemsPrice: 0 },
        'Minimum items price must be more than 0 and at most $1,000,000, with at most two decimals',
      ],
      [{ ...base, minQuantity: 0 }, 'Minimum quantity must be a whole number of at least 1'],
      [
        { ...base, startsAt: 'next week' },
        'Starts at must be a date and time (ISO 8601, e.g. 2026-12-01T00:00:00Z)',
      ],
      [
        { ...base, endsAt: '2026-13-01T00:00:00Z' },
        'Ends at must be a date and time (ISO 8601, e.g. 2026-12-31T23:59:59Z)',
      ],
      [
        { ...base, startsAt: '2026-12-31T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' },
        'Ends must be after it starts',
      ],
      [
        { ...base, startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' },
        'Ends must be after it starts',
      ],
      [{ ...base, usageLimit: 0 }, 'Usage limit must be a whole number of at least 1'],
      [{ ...base, usageLimit: 2.5 }, 'Usage limit must be a whole number of at least 1'],
      [{ ...base, oncePerCustomer: 'yes' }, 'Once per customer must be true or false'],
      [{ ...base, active: 1 }, 'Active must be true or false'],
    ];
    for (const [body, message] of cases) {
      const answer = await call('POST', '/api/admin/discounts', owner.token, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().message, JSON.stringify(body)).toBe(message);
    }
    expect(await auditOf('discount.created')).not.toContainEqual(
      expect.stringContaining(base.code),
    );
  });

  it('answers what it made, lists it newest first with its status, and audits it', async () => {
    const code = uniqueCode('summer');
    const made = await create({
      code: ` ${code.toLowerCase()} `,
      kind: 'percentage',
      percent: 20,
      appliesTo: 'items',
      productIds: [teeId],
      minItemsPrice: 40,
      minQuantity: 2,
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2099-01-01T00:00:00.000+02:00',
      usageLimit: 100,
      oncePerCustomer: true,
    });
    expect(made).toEqual({
      _id: expect.any(String),
      title: code.toUpperCase(),
      automatic: false,
      code: code.toUpperCase(),
      codesCount: 1,
      kind: 'percentage',
      percent: 20,
      amount: null,
      maxShippingPrice: null,
      appliesTo: 'items',
      productIds: [teeId],
      variantIds: [],
      variantNames: {},
      collectionIds: [],
      minItemsPrice: 40,
      minQuantity: 2,
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: '2098-12-31T22:00:00.000Z',
      usageLimit: 100,
      usedCount: 0,
      oncePerCustomer: true,
      active: true,
      status: 'active',
      createdAt: expect.any(String),
    });
    const auto = await create({
      title: 'Five off over $100',
      automatic: true,
      kind: 'fixed',
      amount: 5.5,
      minItemsPrice: 100,
      active: false,
    });
    expect(auto).toMatchObject({
      title: 'Five off over $100',
      automatic: true,
      code: null,
      codesCount: 0,
      amount: 5.5,
      status: 'deactivated',
    });
    const shipping = await create({
      code: uniqueCode('ship'),
      kind: 'free_shipping',
      maxShippingPrice: 9.99,
    });
    expect(shipping).toMatchObject({ maxShippingPrice: 9.99, appliesTo: 'order', percent: null });

    const listed = await call('GET', '/api/admin/discounts', staff.token);
    expect(listed.statusCode).toBe(200);
    const list = adminDiscountListSchema.parse(listed.json()).discounts;
    expect(list.slice(0, 3).map((d) => d._id)).toEqual([shipping._id, auto._id, made._id]);
    expect(list[2]).toEqual(made);
    const one = await call('GET', `/api/admin/discounts/${made._id}`, staff.token);
    expect(adminDiscountSchema.parse(one.json())).toEqual(made);

    const [row] = await t.database.db.select().from(discounts).where(eq(discounts.id, auto._id));
    expect(row).toMatchObject({ amountCents: 550, minItemsCents: 10_000, wholeOrder: true });
    expect(await auditOf('discount.created')).toEqual(
      expect.arrayContaining([
        `Created discount code ${code.toUpperCase()}: 20 % off chosen items`,
        'Created automatic discount Five off over $100: $5.50 off the order (inactive)',
      ]),
    );
  });

  it('names the variants it is for, in the discount and in the list', async () => {
    await addProduct(t.database.db, {
      handle: 'admin-disc-hoodie',
      name: 'Admin Disc Hoodie',
      hasSize: true,
      stock: { 'S/M': 1, L: 1, XL: 1 },
    });
    const hoodie = await t.app.inject({ method: 'GET', url: '/api/products/admin-disc-hoodie' });
    const large = hoodie
      .json<{ variants: { _id: string; options: string[] }[] }>()
      .variants.find((variant) => variant.options.includes('L'));
    const forLarge = await create({
      code: uniqueCode(),
      kind: 'percentage',
      percent: 10,
      appliesTo: 'items',
      variantIds: [large!._id],
    });
    expect(forLarge.variantNames).toEqual({ [large!._id]: 'Admin Disc Hoodie — L' });
    const all = await call('GET', '/api/admin/discounts', staff.token);
    expect(
      adminDiscountListSchema.parse(all.json()).discounts.find((d) => d._id === forLarge._id)
        ?.variantNames,
    ).toEqual({ [large!._id]: 'Admin Disc Hoodie — L' });
  });

  it('shows each status from its dates, its limit and whether it is active', async () => {
    const day = 24 * 3600_000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    const base = { kind: 'percentage', percent: 10 } as const;
    const scheduled = await create({ ...base, code: uniqueCode(), startsAt: at(day) });
    const expired = await create({
      ...base,
      code: uniqueCode(),
      startsAt: at(-2 * day),
      endsAt: at(-day),
    });
    const off = await create({ ...base, code: uniqueCode(), active: false });
    const usedUp = await create({ ...base, code: uniqueCode(), usageLimit: 1 });
    const running = await create({
      ...base,
      code: uniqueCode(),
      startsAt: at(-day),
      endsAt: at(day),
    });
    expect((await guestCheckout([tee()], usedUp.code ?? '')).status).toBe(200);
    const statusOf = async (d: AdminDiscount) =>
      adminDiscountSchema.parse(
        (await call('GET', `/api/admin/discounts/${d._id}`, staff.token)).json(),
      ).status;
    expect(await statusOf(scheduled)).toBe('scheduled');
    expect(await statusOf(expired)).toBe('expired');
    expect(await statusOf(off)).toBe('deactivated');
    expect(await statusOf(usedUp)).toBe('used up');
    expect(await statusOf(running)).toBe('active');
  });

  it('keeps codes unique in the shop whatever their case', async () => {
    const code = uniqueCode('Unique');
    await create({ code, kind: 'percentage', percent: 10 });
    for (const again of [code.toLowerCase(), code.toUpperCase(), ` ${code} `]) {
      const answer = await call('POST', '/api/admin/discounts', owner.token, {
        code: again,
        kind: 'fixed',
        amount: 5,
      });
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({
        message: `A discount already has the code ${code.toUpperCase()}`,
      });
    }
  });
});

describe('editing a discount', () => {
  it('changes its rules and renames its code while unique; the counters stay', async () => {
    const made = await create({
      code: uniqueCode('edit'),
      kind: 'percentage',
      percent: 10,
      usageLimit: 5,
    });
    const other = await create({ code: uniqueCode('other'), kind: 'percentage', percent: 10 });
    expect((await guestCheckout([tee()], made.code ?? '')).status).toBe(200);
    const renamed = uniqueCode('renamed');
    const answer = await call('PUT', `/api/admin/discounts/${made._id}`, owner.token, {
      ...writeOf(made),
      code: renamed.toLowerCase(),
      percent: 15,
      appliesTo: 'items',
      productIds: [strapId],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(adminDiscountSchema.parse(answer.json())).toMatchObject({
      code: renamed.toUpperCase(),
      title: renamed.toUpperCase(),
      percent: 15,
      appliesTo: 'items',
      productIds: [strapId],
      usedCount: 1,
      codesCount: 1,
    });
    // The old code is gone; the new one works.
    expect((await guestCheckout([tee()], made.code ?? '')).body).toEqual({
      message: 'This code is not valid',
    });
    expect((await guestCheckout([strap()], renamed)).status).toBe(200);

    const taken = await call('PUT', `/api/admin/discounts/${made._id}`, owner.token, {
      ...writeOf(made),
      code: other.code?.toLowerCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: `A discount already has the code ${other.code}` });

    const unknownProduct = '00000000-0000-4000-8000-00000000beef';
    const badTarget = await call('PUT', `/api/admin/discounts/${made._id}`, owner.token, {
      ...writeOf(made),
      code: renamed,
      appliesTo: 'items',
      productIds: [unknownProduct],
    });
    expect(badTarget.statusCode).toBe(400);
    expect(badTarget.json()).toEqual({ message: `No such product: ${unknownProduct}` });
    expect(await auditOf('discount.updated')).toContainEqual(
      `Updated discount code ${renamed.toUpperCase()}: code ${made.code} renamed ${renamed.toUpperCase()}, title, percent, applies to, products`,
    );
  });

  it('cannot lower the usage limit under the uses already made', async () => {
    const made = await create({
      code: uniqueCode('limit'),
      kind: 'percentage',
      percent: 10,
      usageLimit: 5,
    });
    for (let i = 0; i < 3; i += 1)
      expect((await guestCheckout([tee()], made.code ?? '')).status).toBe(200);
    const lower = await call('PUT', `/api/admin/discounts/${made._id}`, owner.token, {
      ...writeOf(made),
      usageLimit: 2,
    });
    expect(lower.statusCode).toBe(409);
    expect(lower.json()).toEqual({
      message: 'The usage limit cannot be below the 3 uses already made',
    });
    const toUses = await call('PUT', `/api/admin/discounts/${made._id}`, owner.token, {
      ...writeOf(made),
      usageLimit: 3,
    });
    expect(toUses.statusCode).toBe(200);
    expect(adminDiscountSchema.parse(toUses.json())).toMatchObject({
      usageLimit: 3,
      usedCount: 3,
      status: 'used up',
    });
    expect((await guestCheckout([tee()], made.code ?? '')).body).toEqual({
      message: 'This code has been used up',
    });
  });

  it('keeps automatic discounts automatic and a code discount’s code', async () => {
    const auto = await create({
      title: 'Auto edit',
      automatic: true,
      kind: 'percentage',
      percent: 5,
      active: false,
    });
    const toCode = await call('PUT', `/api/admin/discounts/${auto._id}`, owner.token, {
      ...writeOf(auto),
      automatic: false,
      code: uniqueCode(),
    });
    expect(toCode.statusCode).toBe(400);
    expect(toCode.json().message).toBe(
      'A discount cannot switch between automatic and code; duplicate it instead',
    );
    const withCode = await create({ code: uniqueCode(), kind: 'percentage', percent: 5 });
    const dropped = await call('PUT', `/api/admin/discounts/${withCode._id}`, owner.token, {
      ...writeOf(withCode),
      code: undefined,
      bulk: true,
      title: 'Now bulk',
    });
    expect(dropped.statusCode).toBe(400);
    expect(dropped.json().message).toBe(
      'This discount has a code: it cannot be removed, only renamed',
    );
  });
});

describe('deactivating, activating and duplicating', () => {
  it('a deactivated code is refused at checkout, and works again once activated', async () => {
    const made = await create({ code: uniqueCode('pause'), kind: 'percentage', percent: 10 });
    expect((await guestCheckout([tee()], made.code ?? '')).status).toBe(200);
    const off = await call('POST', `/api/admin/discounts/${made._id}/deactivate`, owner.token);
    expect(off.statusCode).toBe(200);
    expect(adminDiscountSchema.parse(off.json())).toMatchObject({
      active: false,
      status: 'deactivated',
    });
    const refused = await guestCheckout([tee()], made.code ?? '');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'This code is not valid' });
    const on = await call('POST', `/api/admin/discounts/${made._id}/activate`, owner.token);
    expect(adminDiscountSchema.parse(on.json())).toMatchObject({ active: true, status: 'active' });
    expect((await guestCheckout([tee()], made.code ?? '')).status).toBe(200);
    expect(await auditOf('discount.deactivated')).toContain(
      `Deactivated discount code ${made.code}`,
    );
    expect(await auditOf('discount.activated')).toContain(`Activated discount code ${made.code}`);
  });

  it('duplicates its rules, inactive and unused, as CODE-COPY, then CODE-COPY-2; no bulk codes', async () => {
    const code = uniqueCode('DUP');
    const made = await create({
      code,
      kind: 'fixed',
      amount: 7.5,
      appliesTo: 'items',
      productIds: [teeId],
      usageLimit: 10,
    });
    expect((await guestCheckout([tee()], code)).status).toBe(200);
    const generated = await call('POST', `/api/admin/discounts/${made._id}/codes`, owner.token, {
      count: 3,
    });
    expect(generated.statusCode).toBe(201);
    const copy = async (id: string) => {
      const answer = await call('POST', `/api/admin/discounts/${id}/duplicate`, owner.token);
      expect(answer.statusCode, answer.body).toBe(201);
      return adminDiscountSchema.parse(answer.json());
    };
    const first = await copy(made._id);
    expect(first).toMatchObject({
      title: `${code}-COPY`,
      code: `${code}-COPY`,
      codesCount: 1,
      kind: 'fixed',
      amount: 7.5,
      appliesTo: 'items',
      productIds: [teeId],
      usageLimit: 10,
      usedCount: 0,
      active: false,
      status: 'deactivated',
    });
    expect(first._id).not.toBe(made._id);
    expect((await copy(made._id)).code).toBe(`${code}-COPY-2`);
    const auto = await create({
      title: 'Winter auto',
      automatic: true,
      kind: 'percentage',
      percent: 3,
      active: false,
    });
    expect(await copy(auto._id)).toMatchObject({
      title: 'Winter auto-COPY',
      code: null,
      codesCount: 0,
      automatic: true,
    });
    expect(await auditOf('discount.duplicated')).toContain(
      `Duplicated discount code ${code} as code ${code}-COPY (inactive)`,
    );
  });
});

describe('bulk single-use codes', () => {
  it('refuses a wrong count or prefix, and an automatic discount', async () => {
    const bulk = await create({ title: 'Mail drop', bulk: true, kind: 'percentage', percent: 10 });
    for (const [body, message] of [
      [{ count: 0 }, 'Count must be a whole number from 1 to 1,000'],
      [{ count: 1001 }, 'Count must be a whole number from 1 to 1,000'],
      [{ count: 1.5 }, 'Count must be a whole number from 1 to 1,000'],
      [{}, 'Count must be a whole number from 1 to 1,000'],
      [{ count: 5, prefix: 'AB' }, 'Prefix must be 3 to 20 letters, digits, dashes or underscores'],
      [
        { count: 5, prefix: 'A'.repeat(21) },
        'Prefix must be 3 to 20 letters, digits, dashes or underscores',
      ],
      [
        { count: 5, prefix: 'NO WAY' },
        'Prefix must be 3 to 20 letters, digits, dashes or underscores',
      ],
    ] as const) {
      const answer = await call(
        'POST',
        `/api/admin/discounts/${bulk._id}/codes`,
        owner.token,
        body,
      );
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().message).toBe(message);
    }
    const auto = await create({
      title: 'Auto no codes',
      automatic: true,
      kind: 'percentage',
      percent: 1,
      active: false,
    });
    const refused = await call('POST', `/api/admin/discounts/${auto._id}/codes`, owner.token, {
      count: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'An automatic discount has no codes' });
  });

  it('makes 500 unique codes, each checks out once, and the CSV lists them', async () => {
    const bulk = await create({
      title: 'Newsletter 500',
      bulk: true,
      kind: 'percentage',
      percent: 15,
    });
    expect(bulk).toMatchObject({ code: null, codesCount: 0, title: 'Newsletter 500' });
    const answer = await call('POST', `/api/admin/discounts/${bulk._id}/codes`, owner.token, {
      count: 500,
      prefix: 'news',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const made = bulkCodesResponseSchema.parse(answer.json());
    expect(made).toMatchObject({ generated: 500, discount: { codesCount: 500, code: null } });
    const rows = await t.database.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.discountId, bulk._id));
    const codes = rows.map((row) => row.code);
    expect(new Set(codes).size).toBe(500);
    for (const code of codes) expect(code).toMatch(/^NEWS-[A-HJ-NP-Z2-9]{10}$/);
    expect(rows.every((row) => row.usageLimit === 1 && row.usedCount === 0)).toBe(true);
    expect(await auditOf('discount.codes_generated')).toContain(
      'Generated 500 single-use codes (prefix NEWS) for discount Newsletter 500',
    );
    // The audit line names no code.
    expect((await auditOf('discount.codes_generated')).join('\n')).not.toContain(codes[0]);

    const csvBefore = await call('GET', `/api/admin/discounts/${bulk._id}/codes.csv`, staff.token);
    expect(csvBefore.statusCode).toBe(200);
    expect(csvBefore.headers['content-type']).toContain('text/csv');
    expect(csvBefore.headers['content-disposition']).toBe(
      `attachment; filename="discount-codes-${bulk._id}.csv"`,
    );
    const linesBefore = csvBefore.body.trim().split('\n');
    expect(linesBefore[0]).toBe('Code,Used');
    expect(new Set(linesBefore.slice(1))).toEqual(new Set(codes.map((code) => `${code},no`)));

    // Each checks out once, 25 at a time; the second try of any is used up.
    for (let i = 0; i < codes.length; i += 25) {
      const batch = codes.slice(i, i + 25);
      const answers = await Promise.all(
        batch.map((code) => guestCheckout([tee()], code.toLowerCase())),
      );
      answers.forEach((placed, j) =>
        expect(placed.status, `${batch[j]} ${JSON.stringify(placed.body)}`).toBe(200),
      );
    }
    for (const code of codes.slice(0, 10))
      expect((await guestCheckout([tee()], code)).body).toEqual({
        message: 'This code has been used up',
      });
    const after = adminDiscountSchema.parse(
      (await call('GET', `/api/admin/discounts/${bulk._id}`, staff.token)).json(),
    );
    expect(after.usedCount).toBe(500);
    const csvAfter = await call('GET', `/api/admin/discounts/${bulk._id}/codes.csv`, staff.token);
    const linesAfter = csvAfter.body.trim().split('\n').slice(1);
    expect(linesAfter).toHaveLength(500);
    expect(linesAfter.every((line) => line.endsWith(',yes'))).toBe(true);
  }, 300_000);

  it('draws again a code that already exists, in the same transaction', async () => {
    const bulk = await create({ title: 'Collide', bulk: true, kind: 'percentage', percent: 5 });
    const existing = await create({ code: uniqueCode('TAKEN'), kind: 'percentage', percent: 5 });
    // The first draws repeat a code of the shop and one of their own; then fresh ones.
    const draws = [existing.code ?? '', existing.code ?? '', 'COLLIDE-A', 'COLLIDE-A'];
    const drawn: string[] = [];
    let fresh = 0;
    const draw = () => {
      const code = draws.shift() ?? `COLLIDE-${Date.now()}-${++fresh}`;
      drawn.push(code);
      return code;
    };
    const actor = {
      user: { id: owner.id, email: owner.email, name: owner.name },
      clientAddress: '127.0.0.1',
    };
    expect(await generateCodes(t.database.db, bulk._id, { count: 3 }, actor, draw)).toBe(3);
    const rows = await t.database.db
      .select({ code: discountCodes.code })
      .from(discountCodes)
      .where(eq(discountCodes.discountId, bulk._id));
    expect(rows.map((row) => row.code).sort()).toEqual(
      ['COLLIDE-A', ...drawn.filter((code) => /^COLLIDE-\d/.test(code))].sort(),
    );
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => row.code)).not.toContain(existing.code);
  });

  it(`two generations at once give twice the count of distinct codes (${where})`, async () => {
    const bulk = await create({
      title: 'Parallel drop',
      bulk: true,
      kind: 'percentage',
      percent: 5,
    });
    const answers = await Promise.all(
      [0, 1].map(() =>
        api.call('POST', `/api/admin/discounts/${bulk._id}/codes`, {
          token: owner.token,
          body: { count: 300 },
        }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.body.generated).toBe(300);
    }
    const rows = await t.database.db
      .select({ code: discountCodes.code })
      .from(discountCodes)
      .where(eq(discountCodes.discountId, bulk._id));
    expect(rows).toHaveLength(600);
    expect(new Set(rows.map((row) => row.code)).size).toBe(600);
    for (const { code } of rows) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
  }, 120_000);
});

describe('the report', () => {
  it('counts the paid orders that used it: items, revenue after it, what it took off, refunds', async () => {
    const made = await create({ code: uniqueCode('report'), kind: 'percentage', percent: 10 });
    const code = made.code ?? '';
    // $64.00 of tees, $6.40 off; $48.50 of strap, $4.85 off; a third stays unpaid.
    const first = await guestCheckout([tee(2)], code);
    const second = await guestCheckout([strap()], code);
    const unpaid = await guestCheckout([tee(3)], code);
    for (const placed of [first, second, unpaid]) expect(placed.status).toBe(200);
    const firstId = await pay(String(first.body.url));
    await pay(String(second.body.url));
    const refund = await api.call('POST', `/api/admin/orders/${firstId}/refund`, {
      token: owner.token,
      body: { amount: 10, reason: 'Returned one tee' },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);

    const answer = await call('GET', `/api/admin/discounts/${made._id}/report`, staff.token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(discountReportSchema.parse(answer.json())).toEqual({
      uses: 2,
      orders: 2,
      itemsSold: 3,
      revenueAfterDiscount: 101.25,
      totalDiscounted: 11.25,
      refunded: 10,
    });
    const empty = await create({ code: uniqueCode('none'), kind: 'percentage', percent: 10 });
    expect(
      (await call('GET', `/api/admin/discounts/${empty._id}/report`, staff.token)).json(),
    ).toEqual({
      uses: 0,
      orders: 0,
      itemsSold: 0,
      revenueAfterDiscount: 0,
      totalDiscounted: 0,
      refunded: 0,
    });
  });

  it('counts what free shipping saved', async () => {
    const made = await create({ code: uniqueCode('ship'), kind: 'free_shipping' });
    const placed = await guestCheckout([tee()], made.code ?? '');
    expect(placed.status).toBe(200);
    const orderId = await pay(String(placed.body.url));
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.shippingDiscountCents).toBeGreaterThan(0);
    const report = discountReportSchema.parse(
      (await call('GET', `/api/admin/discounts/${made._id}/report`, staff.token)).json(),
    );
    expect(report).toMatchObject({
      uses: 1,
      orders: 1,
      itemsSold: 1,
      revenueAfterDiscount: 32,
      totalDiscounted: (order?.shippingDiscountCents ?? 0) / 100,
    });
  });
});

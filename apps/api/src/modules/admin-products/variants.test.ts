import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProductSchema } from '@shop/shared/admin-catalog';
import {
  productVariantsResponseSchema,
  type ProductVariantsResponse,
} from '@shop/shared/admin-variants';
import { productSchema } from '@shop/shared/catalog';
import { orderSchema } from '@shop/shared/orders';
import { auditLog, orderItems, stockMovements } from '../../db/schema';
import { addBackOfficeUser, variantWrite } from '../../test/back-office-fixtures';
import { addVerifiedCustomer, openCheckout, payTestCheckout } from '../../test/fixtures';
import { clientAddresses } from '../../test/inject';
import { createTestApp, type TestApp } from '../../test/test-app';

// Options and variants written by the back office (decision 031), and what the storefront and a
// checkout make of them.
const JWT_SECRET = 'variants-test-secret-0123456789-abcdefghij';
const nextIp = clientAddresses('10.44');
let t: TestApp;
let staff: { token: string };
let owner: { token: string };
let shopper: { token: string; email: string };

beforeAll(async () => {
  t = await createTestApp({
    JWT_SECRET,
    RATE_LIMIT_PER_MINUTE: '100000',
    ACTION_LIMIT_SCALE: '1000',
  });
  staff = await addBackOfficeUser(t, 'staff');
  owner = await addBackOfficeUser(t, 'owner');
  shopper = await addVerifiedCustomer(t.app, t.database.db, {
    name: 'Vera Variant',
    email: 'vera.variant@example.com',
  });
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token = staff.token) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });

let made = 0;
async function newProduct(price = 30): Promise<string> {
  made += 1;
  const response = await call('POST', '/api/admin/products', {
    name: `Desert Tee ${made}`,
    description: '<p>Soft.</p>',
    price,
    category: 'selflove_women_tshirts',
    hasSize: false,
    hasAandB: false,
    status: 'published',
  });
  expect(response.statusCode, response.body).toBe(201);
  return adminProductSchema.parse(response.json())._id;
}

const variant = variantWrite;

async function writeVariants(
  productId: string,
  body: unknown,
): Promise<{ status: number; body: ProductVariantsResponse | { message: string } }> {
  const response = await call('PUT', `/api/admin/products/${productId}/variants`, body);
  return { status: response.statusCode, body: response.json() };
}

async function adjust(productId: string, variantId: string, change: number) {
  const response = await call('POST', '/api/admin/stock/adjust', {
    product: productId,
    variant: variantId,
    change,
    reason: 'received',
  });
  expect(response.statusCode, response.body).toBe(200);
}

const COLOURS = ['Sand', 'Clay'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
/** Seven of the ten combinations: Clay comes in S, M and XL only. */
const OFFERED = [...SIZES.map((size) => ['Sand', size]), ['Clay', 'S'], ['Clay', 'XL']];

/** Each product's SKUs start with its own prefix (SKUs are unique in the shop). */
const skuOf = (productId: string, colour: string, size: string) =>
  `T${productId.slice(0, 8)}-${colour.toUpperCase()}-${size}`;

async function colourBySize(productId: string) {
  const written = await writeVariants(productId, {
    options: [
      { name: 'Colour', values: COLOURS },
      { name: 'Size', values: SIZES },
    ],
    variants: OFFERED.map(([colour, size]) =>
      variant([colour!, size!], {
        sku: skuOf(productId, colour!, size!),
        price: size === 'XL' ? 34 : null,
        compareAtPrice: size === 'XL' ? 40 : null,
        weightGrams: 180,
      }),
    ),
  });
  expect(written.status, JSON.stringify(written.body)).toBe(200);
  return productVariantsResponseSchema.parse(written.body);
}

const storefront = async (productId: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/products/${productId}` });
  expect(response.statusCode, response.body).toBe(200);
  return productSchema.parse(response.json());
};

describe('a product with Colour × Size', () => {
  it('sells 7 of 10 combinations with their own SKUs and prices, and the storefront answers them', async () => {
    const productId = await newProduct(30);
    const written = await colourBySize(productId);
    expect(written.options).toEqual([
      { name: 'Colour', values: COLOURS },
      { name: 'Size', values: SIZES },
    ]);
    expect(written.variants.map((v) => v.title)).toEqual(
      OFFERED.map(([colour, size]) => `${colour} / ${size}`),
    );
    expect(written.variants.map((v) => v.sku)).toEqual(
      OFFERED.map(([colour, size]) => skuOf(productId, colour!, size!)),
    );
    const clayXl = written.variants.find((v) => v.title === 'Clay / XL')!;
    await adjust(productId, clayXl._id, 4);

    const product = await storefront(productId);
    expect(product.hasSize).toBe(false);
    expect(product.hasAandB).toBe(false);
    expect(product.options.map((option) => option.name)).toEqual(['Colour', 'Size']);
    expect(product.variants).toHaveLength(7);
    const shown = product.variants.find((v) => v._id === clayXl._id)!;
    expect(shown).toMatchObject({
      options: ['Clay', 'XL'],
      sku: skuOf(productId, 'Clay', 'XL'),
      price: 34,
      compareAtPrice: 40,
      available: 4,
    });
    // A variant without its own price answers the product's.
    expect(product.variants.find((v) => v.options.join() === 'Sand,M')?.price).toBe(30);
    // The spec's total is what can be bought of the whole product.
    expect(product.countInStock.total).toBe(4);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'product.variants_set'));
    expect(audit.some((row) => row.productId === productId)).toBe(true);
  });

  it('checks a variant-priced line out at the server’s price of that variant, whatever the client says', async () => {
    const productId = await newProduct(30);
    const { variants } = await colourBySize(productId);
    const clayXl = variants.find((v) => v.title === 'Clay / XL')!;
    await adjust(productId, clayXl._id, 3);

    const { orderId, sessionId } = await openCheckout(
      t,
      shopper,
      [{ product: productId, variant: clayXl._id, qty: 2, price: 0.01 } as never],
      nextIp(),
    );
    await payTestCheckout(t.app, JWT_SECRET, sessionId);
    const response = await call('GET', `/api/orders/${orderId}`, undefined, shopper.token);
    const order = orderSchema.parse(response.json());
    expect(order.orderItems).toEqual([
      expect.objectContaining({
        product: productId,
        size: 'NA',
        option: 'NA',
        variantTitle: 'Clay / XL',
        sku: skuOf(productId, 'Clay', 'XL'),
        qty: 2,
        price: 34,
      }),
    ]);
    expect(order.itemsPrice).toBe(68);
    // The sale is on that variant's ledger.
    const [item] = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    const sale = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.orderId, orderId));
    expect(sale.map((m) => [m.variant, m.reason, m.change])).toContainEqual([
      item!.variant,
      'sale',
      -2,
    ]);
    expect(item!.variant).toBe(clayXl.key);
  });

  it('sells a variant’s sibling while the variant is sold out, and refuses the sold-out one by name', async () => {
    const productId = await newProduct(30);
    const { variants } = await colourBySize(productId);
    const sandS = variants.find((v) => v.title === 'Sand / S')!;
    const sandM = variants.find((v) => v.title === 'Sand / M')!;
    await adjust(productId, sandM._id, 2);

    const product = await storefront(productId);
    expect(product.variants.find((v) => v._id === sandS._id)?.available).toBe(0);
    expect(product.variants.find((v) => v._id === sandM._id)?.available).toBe(2);

    await expect(
      openCheckout(t, shopper, [{ product: productId, variant: sandS._id, qty: 1 }], nextIp()),
    ).rejects.toThrow(`Sorry, Desert Tee ${made} (Sand / S) is sold out.`);
    const bought = await openCheckout(
      t,
      { email: 'sibling@example.com' },
      [{ product: productId, variant: sandM._id, qty: 1 }],
      nextIp(),
    );
    expect(bought.orderId).toEqual(expect.any(String));
  });

  it('refuses a line that names no variant of the product, or another product’s variant', async () => {
    const productId = await newProduct();
    const { variants } = await colourBySize(productId);
    const otherId = await newProduct();
    await expect(
      openCheckout(t, shopper, [{ product: productId, qty: 1 }], nextIp()),
    ).rejects.toThrow('takes a choice of Colour and Size');
    await expect(
      openCheckout(t, shopper, [{ product: otherId, variant: variants[0]!._id, qty: 1 }], nextIp()),
    ).rejects.toThrow('takes no size or option');
    await expect(
      openCheckout(
        t,
        shopper,
        [{ product: productId, variant: variants[0]!._id, size: 'L', qty: 1 }],
        nextIp(),
      ),
    ).rejects.toThrow('takes a choice of Colour and Size');
  });
});

describe('refunds of variant lines', () => {
  it('restocks the variant a refund names among one product’s lines', async () => {
    const productId = await newProduct(30);
    const { variants } = await colourBySize(productId);
    const sandS = variants.find((v) => v.title === 'Sand / S')!;
    const clayXl = variants.find((v) => v.title === 'Clay / XL')!;
    await adjust(productId, sandS._id, 3);
    await adjust(productId, clayXl._id, 3);
    const { orderId, sessionId } = await openCheckout(
      t,
      shopper,
      [
        { product: productId, variant: sandS._id, qty: 1 },
        { product: productId, variant: clayXl._id, qty: 2 },
      ],
      nextIp(),
    );
    await payTestCheckout(t.app, JWT_SECRET, sessionId);
    const onHand = async () => {
      const { variants: now } = productVariantsResponseSchema.parse(
        (await call('GET', `/api/admin/products/${productId}/variants`)).json(),
      );
      return [sandS, clayXl].map((v) => now.find((row) => row._id === v._id)?.onHand);
    };
    expect(await onHand()).toEqual([2, 1]);

    // Both lines have no size or option: without the title the line is not named.
    const refund = (restock: unknown[]) =>
      call(
        'POST',
        `/api/admin/orders/${orderId}/refund`,
        { amount: 10, reason: 'Returned', restock },
        owner.token,
      );
    const unnamed = await refund([{ product: productId, qty: 1 }]);
    expect(unnamed.statusCode).toBe(400);
    const named = await refund([{ product: productId, variantTitle: 'Clay / XL', qty: 1 }]);
    expect(named.statusCode, named.body).toBe(200);
    expect(await onHand()).toEqual([2, 2]);
  });
});

describe('changing options and variants', () => {
  it('keeps a variant’s id, stock and ledger when its value is renamed', async () => {
    const productId = await newProduct();
    const { options, variants } = await colourBySize(productId);
    const clayS = variants.find((v) => v.title === 'Clay / S')!;
    await adjust(productId, clayS._id, 5);
    const renamed = await writeVariants(productId, {
      options: [{ ...options[0]!, values: ['Sand', 'Terracotta'] }, options[1]],
      variants: variants.map((v) =>
        variant(
          v.options.map((value) => (value === 'Clay' ? 'Terracotta' : value)),
          { id: v._id, sku: v.sku, price: v.price, compareAtPrice: v.compareAtPrice },
        ),
      ),
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const after = productVariantsResponseSchema.parse(renamed.body);
    expect(after.variants.find((v) => v._id === clayS._id)).toMatchObject({
      title: 'Terracotta / S',
      onHand: 5,
      key: clayS.key,
    });
  });

  it('refuses to remove a variant with stock, and removes an empty one', async () => {
    const productId = await newProduct();
    const { options, variants } = await colourBySize(productId);
    const [first, second, ...rest] = variants;
    await adjust(productId, first!._id, 1);
    const keep = (list: typeof variants) =>
      list.map((v) => variant(v.options, { id: v._id, sku: v.sku }));

    const refused = await writeVariants(productId, { options, variants: keep([second!, ...rest]) });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: 'Sand / XS still has 1 on hand and 0 held: adjust its stock to 0 before removing it',
    });
    expect((await storefront(productId)).variants).toHaveLength(7);

    const removed = await writeVariants(productId, { options, variants: keep([first!, ...rest]) });
    expect(removed.status).toBe(200);
    expect(productVariantsResponseSchema.parse(removed.body).variants).toHaveLength(6);
  });

  it('keeps SKUs unique in the shop, and lets two of one product’s variants swap theirs', async () => {
    const first = await newProduct();
    const { variants } = await colourBySize(first);
    const second = await newProduct();
    const taken = await writeVariants(second, {
      options: [],
      variants: [variant([], { sku: skuOf(first, 'Sand', 'XS') })],
    });
    expect(taken.status).toBe(409);
    expect((taken.body as { message: string }).message).toMatch(
      new RegExp(`^SKU ${skuOf(first, 'Sand', 'XS')} is already used by Desert Tee \\d+$`),
    );

    const [a, b, ...rest] = variants;
    const swapped = await writeVariants(first, {
      options: [
        { name: 'Colour', values: COLOURS },
        { name: 'Size', values: SIZES },
      ],
      variants: [
        variant(a!.options, { id: a!._id, sku: b!.sku }),
        variant(b!.options, { id: b!._id, sku: a!.sku }),
        ...rest.map((v) => variant(v.options, { id: v._id, sku: v.sku })),
      ],
    });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    const after = productVariantsResponseSchema.parse(swapped.body).variants;
    expect([after[0]!.sku, after[1]!.sku]).toEqual([b!.sku, a!.sku]);
  });

  it('gives one SKU to one product when two products ask for it at once', async () => {
    const [first, second] = [await newProduct(), await newProduct()];
    const sku = `RACE-${first.slice(0, 8)}`;
    const answers = await Promise.all(
      [first, second].map((id) =>
        writeVariants(id, { options: [], variants: [variant([], { sku })] }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const holders = await Promise.all(
      [first, second].map(async (id) =>
        productVariantsResponseSchema
          .parse((await call('GET', `/api/admin/products/${id}/variants`)).json())
          .variants.filter((v) => v.sku === sku),
      ),
    );
    expect(holders.flat()).toHaveLength(1);
  });

  it('answers 400 with a message for options and variants that do not fit together', async () => {
    const productId = await newProduct();
    const two = [
      { name: 'Colour', values: ['Sand', 'Clay'] },
      { name: 'Size', values: ['S', 'M'] },
    ];
    const cases: [unknown, string][] = [
      [{ options: two, variants: [variant(['Sand'])] }, 'must have a value for each option'],
      [{ options: two, variants: [variant(['Sand', 'XL'])] }, 'XL is not a value of Size'],
      [
        { options: two, variants: [variant(['Sand', 'S']), variant(['sand', 's'])] },
        'is listed twice',
      ],
      [
        {
          options: [two[0], { name: 'colour', values: ['A'] }],
          variants: [variant(['Sand', 'A'])],
        },
        'named twice',
      ],
      [
        {
          options: two,
          variants: [variant(['Sand', 'S'], { sku: 'X' }), variant(['Clay', 'S'], { sku: 'X' })],
        },
        'SKU X is used twice',
      ],
      [{ options: [], variants: [variant([]), variant([])] }, 'one variant'],
      [{ options: two, variants: [] }, 'at least one variant'],
      [
        {
          options: [...two, { name: 'Fit', values: ['Slim'] }, { name: 'Cut', values: ['Crew'] }],
          variants: [variant(['Sand', 'S', 'Slim', 'Crew'])],
        },
        'at most 3 options',
      ],
      [{ options: two, variants: [variant(['Sand', 'S'], { price: 1.234 })] }, 'two decimals'],
    ];
    for (const [body, message] of cases) {
      const answer = await writeVariants(productId, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((answer.body as { message: string }).message).toContain(message);
    }
    const many = await writeVariants(productId, {
      options: [{ name: 'N', values: Array.from({ length: 101 }, (_, i) => `v${i}`) }],
      variants: Array.from({ length: 101 }, (_, i) => variant([`v${i}`])),
    });
    expect(many.status).toBe(400);
    const unknown = await writeVariants(productId, {
      options: [],
      variants: [variant([], { id: '00000000-0000-4000-8000-000000000000' })],
    });
    expect(unknown.status).toBe(404);
    const missing = await writeVariants('00000000-0000-4000-8000-000000000000', {
      options: [],
      variants: [variant([])],
    });
    expect(missing.status).toBe(404);
  });

  it('is for the back office only', async () => {
    const productId = await newProduct();
    const response = await call(
      'PUT',
      `/api/admin/products/${productId}/variants`,
      { options: [], variants: [variant([])] },
      shopper.token,
    );
    expect(response.statusCode).toBe(403);
  });
});

import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDocumentsResponseSchema } from '@shop/shared/order-documents';
import { orderSchema } from '@shop/shared/orders';
import { shippingQuoteSchema } from '@shop/shared/shipping-settings';
import {
  collectionProducts,
  collections,
  discountCodes,
  discountRedemptions,
  discounts,
  mailOutbox,
  orderItems,
  orders,
} from '../../db/schema';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { deriveKey } from '../../lib/keys';
import { openApiClient, type ApiClient } from '../../test/api-client';
import {
  SAMPLE_ADDRESS,
  addProduct,
  addVerifiedCustomer,
  deliverTestEvent,
  productIdByHandle,
  testCheckoutSigner,
} from '../../test/fixtures';
import { TEST_DATABASE_URL, createTestApp, type TestApp } from '../../test/test-app';
import { orderAccessToken } from '../orders/order-access';
import { insertDiscount, type NewDiscount } from './service';

const where = TEST_DATABASE_URL ? 'two API processes on PostgreSQL' : 'PGlite';

let t: TestApp;
/** In process on PGlite; on PostgreSQL, two API processes of their own on the test's database. */
let api: ApiClient;
let teeId: string;
let strapId: string;
let summerDropId: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  await addProduct(t.database.db, {
    handle: 'desert-bloom-tee',
    name: 'Desert Bloom Tee',
    priceCents: 3200,
    stock: { total: 5000 },
  });
  await addProduct(t.database.db, {
    handle: 'dune-strap',
    name: 'Dune Strap',
    priceCents: 4850,
    stock: { total: 5000 },
  });
  teeId = await productIdByHandle(t.database.db, 'desert-bloom-tee');
  strapId = await productIdByHandle(t.database.db, 'dune-strap');
  const [collection] = await t.database.db
    .insert(collections)
    .values({ handle: 'summer-drop', name: 'Summer Drop', status: 'published' })
    .returning({ id: collections.id });
  summerDropId = collection?.id ?? '';
  await t.database.db
    .insert(collectionProducts)
    .values({ collectionId: summerDropId, productId: teeId, position: 0 });
  api = await openApiClient(t);
}, 60_000);
afterAll(async () => {
  await api.stop();
  await t.close();
});

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.47.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

let codeCounter = 0;
/** A code discount with its one code (unique per test), 20 % off the whole order unless said. */
async function addCode(over: Partial<NewDiscount> = {}, usageLimit: number | null = null) {
  codeCounter += 1;
  const code = `${over.title ?? 'CODE'}${codeCounter}`.toUpperCase();
  const row = await insertDiscount(
    t.database.db,
    { title: code, kind: 'percentage', percent: 20, ...over },
    [{ code, usageLimit }],
  );
  return { id: row.id, code };
}

const tee = (qty = 1) => ({ product: teeId, qty });
const strap = (qty = 1) => ({ product: strapId, qty });

function guestCheckout(
  items: object[],
  discountCode: string | undefined,
  email = `buyer${++ipCounter}@example.com`,
) {
  return api.call('POST', '/api/orders/guest-checkout-session', {
    body: { orderItems: items, shippingAddress: SAMPLE_ADDRESS, email, discountCode },
    ip: nextIp(),
  });
}

async function quote(items: object[], discountCode?: string, email?: string) {
  const query = new URLSearchParams({
    items: JSON.stringify(items),
    country: 'US',
    state: 'IL',
    ...(discountCode ? { discountCode } : {}),
    ...(email ? { email } : {}),
  });
  const answer = await api.call('GET', `/api/shipping/quote?${query.toString()}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return shippingQuoteSchema.parse(answer.body);
}

const orderOfSession = async (url: string) => {
  const sessionId = new URL(url).pathname.split('/').pop() ?? '';
  const [order] = await t.database.db
    .select()
    .from(orders)
    .where(eq(orders.paymentSessionId, sessionId));
  if (!order) throw new Error('no order');
  return { order, sessionId };
};

const usedCount = async (id: string) =>
  (await t.database.db.select().from(discounts).where(eq(discounts.id, id)))[0]?.usedCount;

describe('a code at checkout', () => {
  it('takes 20 % off the Summer Drop tee only, from the server’s prices, and the order keeps it all', async () => {
    const summer = await addCode(
      {
        title: 'SUMMER',
        wholeOrder: false,
        collectionIds: [summerDropId],
        minItemsCents: 4000,
        usageLimit: 100,
      },
      null,
    );
    const shown = await quote([tee(), strap()], summer.code.toLowerCase());
    // $80.50 of items, $6.40 off the tee, free shipping, 7 % of $74.10.
    expect(shown).toMatchObject({
      itemsPrice: 80.5,
      discountPrice: 6.4,
      discount: { title: summer.code, itemsPrice: 6.4, shippingPrice: 0 },
      discountMessage: null,
      shippingPrice: 0,
      taxPrice: 5.19,
      totalPrice: 79.29,
    });

    const placed = await guestCheckout(
      [
        { ...tee(), price: 0.01 },
        { ...strap(), price: 0.01 },
      ],
      ` ${summer.code.toLowerCase()} `,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { order } = await orderOfSession(String(placed.body.url));
    expect(order).toMatchObject({
      itemsCents: 8050,
      discountCents: 640,
      discountTitle: summer.code,
      shippingCents: 0,
      taxCents: 519,
      totalCents: 7929,
    });
    const lines = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    expect(
      lines
        .map((line) => [line.name, line.unitPriceCents, line.discountCents, line.taxCents])
        .sort(),
    ).toEqual([
      ['Desert Bloom Tee', 3200, 640, 179],
      ['Dune Strap', 4850, 0, 340],
    ]);
    expect(await usedCount(summer.id)).toBe(1);

    // The shopper's order (through its mail's link) says it too.
    const orderKey = deriveKey(new TextEncoder().encode(t.env.JWT_SECRET ?? ''), 'order-access');
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}?token=${orderAccessToken(orderKey, order.id)}`,
    });
    expect(read.statusCode).toBe(200);
    expect(orderSchema.parse(read.json())).toMatchObject({
      itemsPrice: 80.5,
      discountPrice: 6.4,
      discount: { title: summer.code, itemsPrice: 6.4, shippingPrice: 0 },
      totalPrice: 79.29,
    });

    // Paid: the order mail and the invoice carry the discount line.
    const signer = testCheckoutSigner(t.env.JWT_SECRET ?? '');
    const { sessionId } = await orderOfSession(String(placed.body.url));
    await deliverTestEvent(t.app, signer.signedEvent('checkout.completed', sessionId));
    const [mail] = await t.database.db
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, order.id));
    expect(mail?.text).toContain(
      `Items $80.50 · Discount (${summer.code}) -$6.40 · Shipping $0.00`,
    );
    const staff = await addBackOfficeUser(t, 'staff');
    const invoice = await t.app.inject({
      method: 'POST',
      url: '/api/admin/order-documents',
      headers: { authorization: `Bearer ${staff.token}` },
      payload: { kind: 'invoice', orderIds: [order.id] },
    });
    expect(orderDocumentsResponseSchema.parse(invoice.json()).documents[0]?.invoice).toMatchObject({
      itemsPrice: 80.5,
      discount: { title: summer.code, price: 6.4 },
      totalPrice: 79.29,
    });
  });

  it('says in plain words why a code does not apply, and refuses to check out with it', async () => {
    const expired = await addCode({ endsAt: new Date(Date.now() - 60_000) });
    const later = await addCode({
      startsAt: new Date('2099-12-01T06:00:00Z'),
      endsAt: new Date('2099-12-31T06:00:00Z'),
    });
    const spend = await addCode({ minItemsCents: 10_000 });
    const elsewhere = await addCode({ wholeOrder: false, productIds: [strapId] });
    const off = await addCode({ active: false });
    const cases: [string, string][] = [
      ['NO-SUCH-CODE', 'This code is not valid'],
      ['x', 'This code is not valid'],
      [off.code, 'This code is not valid'],
      [expired.code, 'This code has expired'],
      [later.code, 'This code starts on December 1, 2099'],
      [spend.code, 'Spend $68.00 more to use this code'],
      [elsewhere.code, 'This code is not for the items in your cart'],
    ];
    for (const [code, message] of cases) {
      const shown = await quote([tee()], code);
      expect(shown.discountMessage, code).toBe(message);
      expect(shown.discount).toBeNull();
      const placed = await guestCheckout([tee()], code);
      expect(placed.status, code).toBe(400);
      expect(placed.body).toEqual({ message });
    }
  });

  it('stops a fixed amount at the items’ total: never a negative line', async () => {
    const big = await addCode({ kind: 'fixed', percent: null, amountCents: 50_000 });
    const placed = await guestCheckout([tee(2)], big.code);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { order } = await orderOfSession(String(placed.body.url));
    expect(order).toMatchObject({
      itemsCents: 6400,
      discountCents: 6400,
      shippingCents: 500,
      taxCents: 0,
      totalCents: 500,
    });
  });

  it('gives its use back when the checkout expires or is cancelled, and keeps it once paid', async () => {
    const code = await addCode({ usageLimit: 2 });
    const first = await orderOfSession(String((await guestCheckout([tee()], code.code)).body.url));
    const second = await orderOfSession(String((await guestCheckout([tee()], code.code)).body.url));
    expect(await usedCount(code.id)).toBe(2);
    expect((await guestCheckout([tee()], code.code)).body).toEqual({
      message: 'This code has been used up',
    });
    const signer = testCheckoutSigner(t.env.JWT_SECRET ?? '');
    await deliverTestEvent(t.app, signer.signedEvent('checkout.completed', first.sessionId));
    await deliverTestEvent(t.app, signer.signedEvent('checkout.expired', second.sessionId));
    // Told twice: given back once.
    await deliverTestEvent(t.app, signer.signedEvent('checkout.expired', second.sessionId));
    expect(await usedCount(code.id)).toBe(1);
    const redemptions = await t.database.db
      .select({ status: discountRedemptions.status, orderId: discountRedemptions.orderId })
      .from(discountRedemptions)
      .where(eq(discountRedemptions.discountId, code.id));
    expect(redemptions.map((r) => [r.orderId, r.status]).sort()).toEqual(
      [
        [first.order.id, 'final'],
        [second.order.id, 'released'],
      ].sort(),
    );
    expect((await guestCheckout([tee()], code.code)).status).toBe(200);
  });

  it('is used once per customer: an account, or a guest’s e-mail whatever its case', async () => {
    const once = await addCode({ oncePerCustomer: true });
    const email = `Once${Date.now()}@Example.com`;
    expect((await guestCheckout([tee()], once.code, email)).status).toBe(200);
    const again = await guestCheckout([tee()], once.code, ` ${email.toLowerCase()} `);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'You have already used this code' });
    expect((await quote([tee()], once.code, email.toUpperCase())).discountMessage).toBe(
      'You have already used this code',
    );
    // Someone else may.
    expect((await guestCheckout([tee()], once.code)).status).toBe(200);
    // An account counts as its own customer.
    const customer = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Noor',
      email: `noor${Date.now()}@example.com`,
    });
    const asAccount = () =>
      api.call('POST', '/api/orders/create-checkout-session', {
        token: customer.token,
        body: { orderItems: [tee()], shippingAddress: SAMPLE_ADDRESS, discountCode: once.code },
        ip: nextIp(),
      });
    expect((await asAccount()).status).toBe(200);
    // A new checkout of the account ends its earlier one (and gives its use back) first.
    expect((await asAccount()).status).toBe(200);
  });
});

describe('automatic discounts', () => {
  it('apply without a code, and beat a code that saves less, saying so', async () => {
    const auto = await insertDiscount(
      t.database.db,
      {
        title: 'Ten off over $100',
        automatic: true,
        kind: 'fixed',
        amountCents: 1000,
        minItemsCents: 10_000,
      },
      [],
    );
    try {
      const small = await addCode({ kind: 'fixed', percent: null, amountCents: 500 });
      const cart = [tee(2), strap()];
      expect(await quote(cart)).toMatchObject({
        discountPrice: 10,
        discount: { title: 'Ten off over $100' },
        discountMessage: null,
      });
      expect(await quote(cart, small.code)).toMatchObject({
        discountPrice: 10,
        discountMessage: `Ten off over $100 saves you more than ${small.code}, so it applies instead`,
      });
      const placed = await guestCheckout(cart, small.code);
      expect(placed.status).toBe(200);
      const { order } = await orderOfSession(String(placed.body.url));
      expect(order).toMatchObject({ discountCents: 1000, discountTitle: 'Ten off over $100' });
      // The code was not used.
      expect(await usedCount(small.id)).toBe(0);
    } finally {
      await t.database.db.update(discounts).set({ active: false }).where(eq(discounts.id, auto.id));
    }
  });
});

describe(`usage limits under concurrency (${where})`, () => {
  it('200 checkouts at once for a code of 50 uses: exactly 50 hold it; 10 lapse, exactly 10 more', async () => {
    const code = await addCode({ usageLimit: 50 });
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => guestCheckout([tee()], code.code)),
    );
    const held = answers.filter((answer) => answer.status === 200);
    expect(held).toHaveLength(50);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(new Set(refused.map((answer) => `${answer.status} ${answer.body.message}`))).toEqual(
      new Set(['409 This code has been used up']),
    );
    expect(await usedCount(code.id)).toBe(50);

    const signer = testCheckoutSigner(t.env.JWT_SECRET ?? '');
    for (const answer of held.slice(0, 10)) {
      const { sessionId } = await orderOfSession(String(answer.body.url));
      await deliverTestEvent(t.app, signer.signedEvent('checkout.expired', sessionId));
    }
    expect(await usedCount(code.id)).toBe(40);
    const more = await Promise.all(
      Array.from({ length: 30 }, () => guestCheckout([tee()], code.code)),
    );
    expect(more.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(await usedCount(code.id)).toBe(50);
  });

  it('20 checkouts at once by one customer with a once-per-customer code: exactly 1', async () => {
    const once = await addCode({ oncePerCustomer: true });
    const email = `rush${Date.now()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => guestCheckout([tee()], once.code, email)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(
      answers.filter(
        (answer) =>
          answer.status === 409 && answer.body.message === 'You have already used this code',
      ),
    ).toHaveLength(19);
    expect(await usedCount(once.id)).toBe(1);
  });

  it('a single-use code generated in bulk: 20 at once, exactly 1', async () => {
    const bulk = await insertDiscount(
      t.database.db,
      { title: 'Mailing', kind: 'percentage', percent: 15 },
      Array.from({ length: 5 }, (_, i) => ({ code: `MAIL-${Date.now()}-${i}`, usageLimit: 1 })),
    );
    const codes = await t.database.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.discountId, bulk.id));
    const one = codes[0]?.code ?? '';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => guestCheckout([tee()], one)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19);
    // Its siblings are still there to be used.
    expect((await guestCheckout([tee()], codes[1]?.code)).status).toBe(200);
    const uses = await t.database.db
      .select({ used: discountCodes.usedCount })
      .from(discountCodes)
      .where(inArray(discountCodes.code, [one, codes[1]?.code ?? '']));
    expect(uses.map((use) => use.used)).toEqual([1, 1]);
  });
});

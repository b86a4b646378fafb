import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MESSAGES } from '@shop/shared/back-office';
import { toCents } from '@shop/shared/money';
import { MAX_UNITS_PER_ORDER } from '@shop/shared/order-limits';
import { priceOrder } from '@shop/shared/pricing';
import { quoteOrder } from '@shop/shared/shipping';
import type { ShippingSettings } from '@shop/shared/shipping-settings';
import { auditLog, orders, shippingRates } from '../../db/schema';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import {
  SAMPLE_ADDRESS,
  addProduct,
  addVerifiedCustomer,
  productIdByHandle,
} from '../../test/fixtures';
import { clientAddresses, injector } from '../../test/inject';
import { createTestApp, type TestApp } from '../../test/test-app';
import { readChargeSettings } from './service';

let t: TestApp;
let owner: { token: string };
let staff: { token: string };
let customer: { token: string };
/** Products priced 0.01 … 187.50, 1,000 units of stock each. */
const products: { id: string; priceCents: number }[] = [];
const call = injector(() => t.app, clientAddresses('10.41'));

beforeAll(async () => {
  t = await createTestApp();
  owner = await addBackOfficeUser(t, 'owner');
  staff = await addBackOfficeUser(t, 'staff');
  customer = await addVerifiedCustomer(t.app, t.database.db, {
    name: 'Sam Shopper',
    email: `sam-${Date.now()}@example.com`,
  });
  for (const priceCents of [1, 999, 2143, 4999, 18750]) {
    const handle = await addProduct(t.database.db, { priceCents, stock: { total: 1000 } });
    products.push({ id: await productIdByHandle(t.database.db, handle), priceCents });
  }
});
afterAll(async () => {
  await t.close();
});

const settingsOf = async (token = owner.token) => {
  const answer = await call('GET', '/api/admin/shipping-settings', { token });
  expect(answer.statusCode).toBe(200);
  return answer.json<ShippingSettings>();
};

/** The owner's write; answers the settings it answers, after checking it succeeded. */
async function ownerWrites(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const answer = await call(method, url, { token: owner.token, body });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<ShippingSettings>();
}

const quoteUrl = (items: unknown, country: string, state = '') =>
  `/api/shipping/quote?${new URLSearchParams({ items: JSON.stringify(items), country, state })}`;

const cart = (qty = 1) => [{ product: products[2]!.id, qty }]; // $21.43 each

async function checkout(
  address: Partial<typeof SAMPLE_ADDRESS>,
  more: { orderItems?: unknown; shippingRateId?: string } = {},
) {
  return call('POST', '/api/orders/create-checkout-session', {
    token: customer.token,
    body: {
      orderItems: more.orderItems ?? cart(),
      shippingAddress: { ...SAMPLE_ADDRESS, ...address },
      ...(more.shippingRateId ? { shippingRateId: more.shippingRateId } : {}),
    },
  });
}

async function orderOf(answer: { statusCode: number; body: string; json: () => { url: string } }) {
  expect(answer.statusCode, answer.body).toBe(200);
  const sessionId = new URL(answer.json().url).pathname.split('/').pop()!;
  const [row] = await t.database.db
    .select()
    .from(orders)
    .where(eq(orders.paymentSessionId, sessionId));
  return row!;
}

describe('a fresh shop', () => {
  it("has the spec's settings: zone Everywhere, Standard $5 free from $50, tax 7 % of items", async () => {
    const settings = await settingsOf();
    expect(settings).toEqual({
      zones: [
        {
          _id: expect.any(String),
          name: 'Everywhere',
          countries: [],
          everywhereElse: true,
          rates: [
            {
              _id: expect.any(String),
              name: 'Standard',
              price: 5,
              freeFrom: 50,
              minWeightGrams: null,
              maxWeightGrams: null,
            },
          ],
        },
      ],
      tax: { defaultRate: 7, taxShipping: false, rates: [] },
    });
  });

  it("prices 1,000 random carts as today's rules do, with the settings read from the database", async () => {
    const settings = await readChargeSettings(t.database.db);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitPriceCents: fc.nat({ max: 100_000 }),
            qty: fc.integer({ min: 1, max: 20 }),
          }),
          { minLength: 1, maxLength: 10 },
        ),
        fc.constantFrom('USA', 'Canada', 'DE', 'Narnia'),
        (lines, country) => {
          const quoted = quoteOrder(settings, { lines, weightGrams: 0, address: { country } });
          expect(quoted.ok && quoted.quote.totals).toEqual({
            ...priceOrder(lines),
            discountCents: 0,
          });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("quotes random carts of the catalog through the API as today's rules price them", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .uniqueArray(
            fc.record({
              index: fc.nat({ max: products.length - 1 }),
              qty: fc.integer({ min: 1, max: 5 }),
            }),
            { minLength: 1, maxLength: 5, selector: (line) => line.index },
          )
          // Carts the shop takes: at most MAX_UNITS_PER_ORDER units (more is refused, 400).
          .filter(
            (lines) => lines.reduce((units, line) => units + line.qty, 0) <= MAX_UNITS_PER_ORDER,
          ),
        async (lines) => {
          const answer = await call(
            'GET',
            quoteUrl(
              lines.map((l) => ({ product: products[l.index]!.id, qty: l.qty })),
              'United States',
              'IL',
            ),
          );
          expect(answer.statusCode, answer.body).toBe(200);
          const today = priceOrder(
            lines.map((l) => ({ unitPriceCents: products[l.index]!.priceCents, qty: l.qty })),
          );
          const quote = answer.json();
          expect(quote.rates).toEqual([
            { _id: quote.shippingRateId, name: 'Standard', price: today.shippingCents / 100 },
          ]);
          expect(quote).toMatchObject({
            taxRate: 7,
            itemsPrice: today.itemsCents / 100,
            shippingPrice: today.shippingCents / 100,
            taxPrice: today.taxCents / 100,
            totalPrice: today.totalCents / 100,
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it('ships to every country', async () => {
    const answer = await call('GET', '/api/shipping/countries');
    expect(answer.statusCode).toBe(200);
    const { countries } = answer.json();
    expect(countries.length).toBeGreaterThan(240);
    expect(countries).toContainEqual({ code: 'US', name: 'United States of America' });
  });
});

describe('the settings endpoints', () => {
  const writes: [method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
    ['POST', '/api/admin/shipping-zones', { name: 'Europe', countries: ['FR'] }],
    ['PUT', '/api/admin/tax-settings', { defaultRate: 5, taxShipping: true }],
    ['POST', '/api/admin/tax-rates', { country: 'US', state: 'TX', rate: 8.25 }],
  ];

  it('refuse anonymous callers, customers and staff, and change nothing', async () => {
    const before = await settingsOf();
    for (const [method, url, body] of [
      ['GET', '/api/admin/shipping-settings'],
      ...writes,
    ] as const) {
      const anonymous = await call(method, url, { body });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toHaveProperty('message');
      expect((await call(method, url, { body, token: customer.token })).statusCode).toBe(403);
      const byStaff = await call(method, url, { body, token: staff.token });
      expect(byStaff.statusCode).toBe(403);
      expect(byStaff.json().message).toBe(BACK_OFFICE_MESSAGES.ownerOnly);
    }
    expect(await settingsOf()).toEqual(before);
  });

  it('validate what the owner sends, with a message', async () => {
    const refused = async (method: 'POST' | 'PUT', url: string, body: unknown, status = 400) => {
      const answer = await call(method, url, { token: owner.token, body });
      expect(answer.statusCode, answer.body).toBe(status);
      return answer.json().message as string;
    };
    const zoneId = (await settingsOf()).zones[0]!._id;
    expect(
      await refused('POST', '/api/admin/shipping-zones', { name: 'Moon', countries: ['Moon'] }),
    ).toMatch('Country is not a known country');
    expect(
      await refused('POST', '/api/admin/shipping-zones', { name: 'Nowhere', countries: [] }),
    ).toMatch('A zone needs at least one country');
    expect(
      await refused(
        'POST',
        '/api/admin/shipping-zones',
        { name: 'Rest', everywhereElse: true },
        409,
      ),
    ).toBe('Zone Everywhere already covers everywhere else');
    expect(
      await refused('POST', `/api/admin/shipping-zones/${zoneId}/rates`, {
        name: 'Cheap',
        price: 1.005,
      }),
    ).toMatch('Price must have at most two decimals');
    expect(
      await refused('POST', `/api/admin/shipping-zones/${zoneId}/rates`, {
        name: 'Odd',
        price: 1,
        minWeightGrams: 500,
        maxWeightGrams: 100,
      }),
    ).toMatch('Minimum weight must not be above maximum weight');
    expect(
      await refused(
        'POST',
        '/api/admin/shipping-zones/00000000-0000-4000-8000-000000000000/rates',
        {
          name: 'Lost',
          price: 1,
        },
        404,
      ),
    ).toBe('Shipping zone not found');
    expect(
      await refused('POST', '/api/admin/tax-rates', { country: 'DE', state: 'Bavaria', rate: 19 }),
    ).toMatch('State must be a US state');
    expect(
      await refused('PUT', '/api/admin/tax-settings', { defaultRate: 101, taxShipping: false }),
    ).toMatch('Default tax rate must be at most 100');
    const badQuote = await call('GET', '/api/shipping/quote?items=%5Bnot-json&country=US');
    expect(badQuote.statusCode).toBe(400);
    expect(badQuote.json().message).toMatch('Items must be a JSON list');
    expect(await refused('PUT', '/api/admin/tax-settings', { defaultRate: 'seven' })).toMatch(
      'Default tax rate must be a number',
    );
  });
});

describe('a second zone with Express', () => {
  let europe: ShippingSettings['zones'][number];

  it('is set up by the owner, audited', async () => {
    await ownerWrites('POST', '/api/admin/shipping-zones', {
      name: 'Europe',
      countries: ['FR', 'Germany'],
    });
    let settings = (await settingsOf()).zones.find((zone) => zone.name === 'Europe')!;
    expect(settings.countries).toEqual([
      { code: 'FR', name: 'France' },
      { code: 'DE', name: 'Germany' },
    ]);
    await ownerWrites('POST', `/api/admin/shipping-zones/${settings._id}/rates`, {
      name: 'Standard',
      price: 12,
      freeFrom: 100,
    });
    await ownerWrites('POST', `/api/admin/shipping-zones/${settings._id}/rates`, {
      name: 'Express',
      price: 25,
    });
    settings = (await settingsOf()).zones.find((zone) => zone.name === 'Europe')!;
    expect(settings.rates.map((rate) => [rate.name, rate.price, rate.freeFrom])).toEqual([
      ['Standard', 12, 100],
      ['Express', 25, null],
    ]);
    europe = settings;
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.shipping'));
    expect(audit.map((row) => row.summary)).toEqual(
      expect.arrayContaining([
        'Added shipping zone Europe',
        'Added shipping rate Express $25.00 to Europe',
        'Added shipping rate Standard $12.00, free from $100.00 to Europe',
      ]),
    );
  });

  it('refuses a country already in another zone', async () => {
    const answer = await call('POST', '/api/admin/shipping-zones', {
      token: owner.token,
      body: { name: 'Francophone', countries: ['FRA'] },
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('France is already in zone Europe');
  });

  it('offers its rates to a French address; the shopper picks Express and pays its price', async () => {
    const quote = await call('GET', quoteUrl(cart(), 'France'));
    expect(quote.json().rates).toEqual(
      europe.rates.map((rate) => ({ _id: rate._id, name: rate.name, price: rate.price })),
    );
    expect(quote.json().shippingPrice).toBe(12);

    const express = europe.rates.find((rate) => rate.name === 'Express')!;
    const order = await orderOf(
      await checkout({ country: 'France', state: 'Paris' }, { shippingRateId: express._id }),
    );
    expect(order).toMatchObject({
      itemsCents: 2143,
      shippingCents: 2500,
      taxCents: 150,
      totalCents: 4793,
      shippingRateName: 'Express',
      taxRateBp: 700,
      shippingTaxed: false,
    });
  });

  it("refuses a rate the address's zone does not offer", async () => {
    const express = europe.rates.find((rate) => rate.name === 'Express')!;
    const answer = await checkout({ country: 'USA' }, { shippingRateId: express._id });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('This shipping rate is not offered for this address');
  });

  it('numbers rates added at once one after another', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('POST', `/api/admin/shipping-zones/${europe._id}/rates`, {
          token: owner.token,
          body: { name: `Courier ${i}`, price: 30 + i },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    const rows = await t.database.db
      .select({ position: shippingRates.position })
      .from(shippingRates)
      .where(eq(shippingRates.zoneId, europe._id));
    expect(rows.map((row) => row.position).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const rate of (await settingsOf()).zones.find((z) => z._id === europe._id)!.rates.slice(2))
      await ownerWrites('DELETE', `/api/admin/shipping-rates/${rate._id}`);
  });
});

describe('tax', () => {
  it('charges a Texas address 8.25 %, and Illinois still 7 %', async () => {
    const settings = await ownerWrites('POST', '/api/admin/tax-rates', {
      country: 'United States',
      state: 'Texas',
      rate: 8.25,
    });
    expect(settings.tax.rates).toEqual([
      {
        _id: expect.any(String),
        country: 'US',
        countryName: 'United States of America',
        state: 'TX',
        rate: 8.25,
      },
    ]);
    const texas = await orderOf(
      await checkout({ state: 'TX', city: 'Austin' }, { orderItems: cart(2) }),
    );
    // 8.25 % of $42.86 is $3.53595: $3.54.
    expect(texas).toMatchObject({
      itemsCents: 4286,
      shippingCents: 500,
      taxCents: 354,
      taxRateBp: 825,
    });
    const texasOrder = await call('GET', `/api/orders/${texas.id}`, { token: customer.token });
    expect(texasOrder.json()).toMatchObject({ taxPrice: 3.54, taxRate: 8.25 });
    const illinois = await orderOf(await checkout({ state: 'IL' }, { orderItems: cart(2) }));
    expect(illinois).toMatchObject({ taxCents: 300, taxRateBp: 700 });
  });
});

describe('an order already placed', () => {
  it('keeps what it was charged when the settings change after it', async () => {
    const placed = await orderOf(await checkout({ state: 'IL' }));
    expect(placed).toMatchObject({ shippingCents: 500, taxCents: 150, totalCents: 2793 });
    const readOrder = async () =>
      (await call('GET', `/api/orders/${placed.id}`, { token: customer.token })).json();
    const before = await readOrder();

    const everywhere = (await settingsOf()).zones.find((zone) => zone.name === 'Everywhere')!;
    await ownerWrites('PUT', `/api/admin/shipping-rates/${everywhere.rates[0]!._id}`, {
      name: 'Ground',
      price: 9,
      freeFrom: null,
    });
    await ownerWrites('PUT', '/api/admin/tax-settings', { defaultRate: 10, taxShipping: true });

    expect(await readOrder()).toEqual(before);
    expect(before).toMatchObject({
      shippingPrice: 5,
      taxPrice: 1.5,
      taxRate: 7,
      totalPrice: 27.93,
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row).toMatchObject({
      shippingRateName: 'Standard',
      taxRateBp: 700,
      shippingTaxed: false,
    });

    // A new order is charged the new settings: $9 shipping, 10 % of $30.43.
    const after = await orderOf(await checkout({ state: 'IL' }));
    expect(after).toMatchObject({
      shippingCents: 900,
      taxCents: toCents(3.04),
      shippingRateName: 'Ground',
      taxRateBp: 1000,
      shippingTaxed: true,
    });
  });
});

describe('an address outside every zone', () => {
  it("is refused: 'We do not ship to {country} yet', at checkout and in the quote", async () => {
    const everywhere = (await settingsOf()).zones.find((zone) => zone.name === 'Everywhere')!;
    await ownerWrites('PUT', `/api/admin/shipping-zones/${everywhere._id}`, {
      name: 'United States',
      countries: ['US'],
      everywhereElse: false,
    });
    const countries = (await call('GET', '/api/shipping/countries')).json().countries;
    expect(countries.map((c: { code: string }) => c.code)).toEqual(['FR', 'DE', 'US']); // by name

    const answer = await checkout({ country: 'JPN', state: 'Tokyo' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: 'We do not ship to Japan yet' });
    const quote = await call('GET', quoteUrl(cart(), 'Japan'));
    expect(quote.statusCode).toBe(400);
    expect(quote.json().message).toBe('We do not ship to Japan yet');
    expect((await checkout({ country: 'US' })).statusCode).toBe(200);
  });
});

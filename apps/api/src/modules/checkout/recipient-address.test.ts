import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, lastAddressResponseSchema } from '@shop/shared/addresses';
import { adminOrderListResponseSchema } from '@shop/shared/admin-orders';
import { orderSchema } from '@shop/shared/orders';
import { orders } from '../../db/schema';
import {
  SAMPLE_ADDRESS,
  addProduct,
  addVerifiedCustomer,
  payTestCheckout,
  productIdByHandle,
} from '../../test/fixtures';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { SmtpInbox, linkIn } from '../../test/smtp-inbox';
import { createTestApp, type TestApp } from '../../test/test-app';

const JWT_SECRET = 'recipient-test-secret-0123456789-abcdefghij';
let t: TestApp;
let inbox: SmtpInbox;
let cap: string;
let ip = 0;

const guestCheckout = (shippingAddress: unknown, email = 'recipient@example.com') =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders/guest-checkout-session',
    payload: { orderItems: [{ product: cap, qty: 1 }], shippingAddress, email },
    remoteAddress: `10.40.0.${++ip}`,
  });

async function orderOfSession(url: string) {
  const sessionId = new URL(url).pathname.split('/').pop() ?? '';
  const [order] = await t.database.db
    .select()
    .from(orders)
    .where(eq(orders.paymentSessionId, sessionId));
  if (!order) throw new Error('no order for the session');
  return { order, sessionId };
}

beforeAll(async () => {
  inbox = new SmtpInbox();
  t = await createTestApp({ SMTP_URL: await inbox.start(), JWT_SECRET });
  await addProduct(t.database.db, {
    handle: 'cap',
    name: 'Plain Cap',
    priceCents: 1000,
    stock: { total: 100 },
  });
  cap = await productIdByHandle(t.database.db, 'cap');
});
afterAll(async () => {
  await t.close();
  await inbox.stop();
});

describe('the recipient and the address of a checkout', () => {
  it("keeps 'US', 'USA' and 'United States' as US, the state's code and the phone in E.164", async () => {
    for (const country of ['US', 'USA', 'United States']) {
      const response = await guestCheckout({
        ...SAMPLE_ADDRESS,
        fullName: '  Maya Haddad ',
        phone: '(312) 555-0100',
        state: 'Illinois',
        country,
      });
      expect(response.statusCode, response.body).toBe(200);
      const { order } = await orderOfSession(response.json().url);
      expect(order.shippingAddress).toEqual({
        ...SAMPLE_ADDRESS,
        fullName: 'Maya Haddad',
        phone: '+13125550100',
        state: 'IL',
        country: 'US',
      });
    }
  });

  it('keeps state and postal code as typed outside the United States; the phone is optional', async () => {
    const response = await guestCheckout({
      fullName: 'Lea Vogel',
      address: 'Torstraße 1',
      city: 'Berlin',
      state: 'Berlin',
      postalCode: '10115',
      country: 'DEU',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { order } = await orderOfSession(response.json().url);
    expect(order.shippingAddress).toEqual({
      fullName: 'Lea Vogel',
      address: 'Torstraße 1',
      city: 'Berlin',
      state: 'Berlin',
      postalCode: '10115',
      country: 'DE',
    });
  });

  it('refuses with 400 and a message: no name, an unknown country, a US state or ZIP, a phone', async () => {
    const { fullName: _name, ...withoutName } = SAMPLE_ADDRESS;
    const refusals: [unknown, string][] = [
      [withoutName, 'Full name is required'],
      [
        { ...SAMPLE_ADDRESS, fullName: 'x'.repeat(101) },
        'Full name must be at most 100 characters',
      ],
      [{ ...SAMPLE_ADDRESS, country: 'Atlantis' }, ADDRESS_MESSAGES.unknownCountry],
      [{ ...SAMPLE_ADDRESS, state: 'Ontario' }, ADDRESS_MESSAGES.usState],
      [{ ...SAMPLE_ADDRESS, postalCode: '6060' }, ADDRESS_MESSAGES.usZip],
      [{ ...SAMPLE_ADDRESS, postalCode: '60601-12' }, ADDRESS_MESSAGES.usZip],
      [{ ...SAMPLE_ADDRESS, phone: '555' }, ADDRESS_MESSAGES.phone],
      [{ ...SAMPLE_ADDRESS, phone: 'call me' }, ADDRESS_MESSAGES.phone],
    ];
    const before = await t.database.db.$count(orders);
    for (const [address, message] of refusals) {
      const response = await guestCheckout(address);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await t.database.db.$count(orders)).toBe(before);
  });

  it('greets the recipient by first name in the order mail, and the order shows the recipient', async () => {
    const response = await guestCheckout(
      { ...SAMPLE_ADDRESS, fullName: 'Noor El Amrani', phone: '' },
      'noor@example.com',
    );
    const { order, sessionId } = await orderOfSession(response.json().url);
    await payTestCheckout(t.app, JWT_SECRET, sessionId);
    const mail = await inbox.waitFor('noor@example.com');
    expect(mail.text).toMatch(/^Hi Noor,/m);
    expect(mail.text).toContain(
      'Shipping to: Noor El Amrani, 1 Dune Road, Chicago, IL 60601, United States of America',
    );
    const link = new URL(linkIn(mail, '/order/'));
    const viewed = orderSchema.parse(
      (
        await t.app.inject(`/api/orders/${order.id}?token=${link.searchParams.get('token')}`)
      ).json(),
    );
    expect(viewed.user.name).toBe('Guest');
    expect(viewed.shippingAddress).toEqual({
      ...SAMPLE_ADDRESS,
      fullName: 'Noor El Amrani',
      phone: undefined,
    });

    const staff = await addBackOfficeUser(t, 'staff');
    const list = adminOrderListResponseSchema.parse(
      (
        await t.app.inject({
          url: '/api/admin/orders?q=El%20Amrani',
          headers: { authorization: `Bearer ${staff.token}` },
        })
      ).json(),
    );
    expect(list.orders.map((row) => [row.customerName, row.recipientName])).toEqual([
      ['Guest', 'Noor El Amrani'],
    ]);
  });

  it('reads an order from before the recipient was asked with its buyer as recipient', async () => {
    const response = await guestCheckout(SAMPLE_ADDRESS, 'before@example.com');
    const { order, sessionId } = await orderOfSession(response.json().url);
    const { fullName: _name, phone: _phone, ...oldAddress } = SAMPLE_ADDRESS;
    await t.database.db
      .update(orders)
      .set({ shippingAddress: oldAddress })
      .where(eq(orders.id, order.id));
    await payTestCheckout(t.app, JWT_SECRET, sessionId);
    const mail = await inbox.waitFor('before@example.com');
    expect(mail.text).toMatch(/^Hi Guest,/m);
    const link = new URL(linkIn(mail, '/order/'));
    const viewed = orderSchema.parse(
      (
        await t.app.inject(`/api/orders/${order.id}?token=${link.searchParams.get('token')}`)
      ).json(),
    );
    expect(viewed.shippingAddress).toEqual({ ...oldAddress, fullName: 'Guest' });
  });
});

describe("a customer's last address", () => {
  const lastAddress = async (token?: string) =>
    t.app.inject({
      url: '/api/orders/last-address',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('is none before the first order, then the newest order’s, for that account only', async () => {
    const ana = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Ana Lima',
      email: 'ana.lima@example.com',
    });
    const other = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Other Buyer',
      email: 'other.buyer@example.com',
    });
    expect((await lastAddress()).statusCode).toBe(401);
    expect(lastAddressResponseSchema.parse((await lastAddress(ana.token)).json())).toEqual({
      shippingAddress: null,
    });

    const checkout = (token: string, shippingAddress: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/create-checkout-session',
        headers: { authorization: `Bearer ${token}` },
        payload: { orderItems: [{ product: cap, qty: 1 }], shippingAddress },
        remoteAddress: `10.41.0.${++ip}`,
      });
    const first = await checkout(ana.token, { ...SAMPLE_ADDRESS, fullName: 'Ana Lima' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await checkout(ana.token, {
      ...SAMPLE_ADDRESS,
      fullName: 'Rosa Lima',
      phone: '312 555 0199',
      address: '9 Lake Shore Drive',
      state: 'il',
      postalCode: '60611',
    });
    expect(second.statusCode, second.body).toBe(200);
    await checkout(other.token, { ...SAMPLE_ADDRESS, fullName: 'Someone Else' });

    expect(lastAddressResponseSchema.parse((await lastAddress(ana.token)).json())).toEqual({
      shippingAddress: {
        ...SAMPLE_ADDRESS,
        fullName: 'Rosa Lima',
        phone: '+13125550199',
        address: '9 Lake Shore Drive',
        postalCode: '60611',
      },
    });
  });
});

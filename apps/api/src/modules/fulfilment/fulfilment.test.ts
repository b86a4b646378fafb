import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ORDER_MESSAGES,
  adminCustomerListResponseSchema,
  adminOrderListResponseSchema,
  adminOrderSchema,
  adminSummarySchema,
} from '@shop/shared/admin-orders';
import { BACK_OFFICE_MESSAGES } from '@shop/shared/back-office';
import { orderNumber, orderSchema, type OrderStatus } from '@shop/shared/orders';
import { orders } from '../../db/schema';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import {
  SAMPLE_ADDRESS,
  addProduct,
  addVerifiedCustomer,
  productIdByHandle,
} from '../../test/fixtures';
import { placePaidOrder, placeUnpaidOrder } from '../../test/paid-orders';
import { SmtpInbox, linkIn } from '../../test/smtp-inbox';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let inbox: SmtpInbox;
let staff: { token: string; name: string; email: string; id: string };
let owner: { token: string };
let teeId: string;

beforeAll(async () => {
  inbox = new SmtpInbox();
  t = await createTestApp({ SMTP_URL: await inbox.start(), APP_URL: 'http://shop.test' });
  await addProduct(t.database.db, {
    handle: 'ship-tee',
    name: 'Ship Tee',
    priceCents: 2000,
    hasSize: true,
    stock: { 'S/M': 50, L: 50, XL: 50 },
  });
  teeId = await productIdByHandle(t.database.db, 'ship-tee');
  staff = await addBackOfficeUser(t, 'staff', { name: 'Sam Staff' });
  owner = await addBackOfficeUser(t, 'owner');
});
afterAll(async () => {
  await t.close();
  await inbox.stop();
});

const call = (method: 'GET' | 'POST', url: string, token?: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });

describe('the back office order list', () => {
  it('is newest first, 25 a page, filtered by status and found by number, e-mail or name', async () => {
    const statuses: OrderStatus[] = ['shipped', 'delivered', 'cancelled', 'expired'];
    const start = Date.parse('2026-01-01T00:00:00Z');
    const rows = Array.from({ length: 30 }, (_, i) => ({
      customerName: i === 7 ? 'Hundred % Cotton' : `Lister ${i}`,
      email: `list-${i}@Example.com`.toLowerCase(),
      status: statuses[i % statuses.length] as OrderStatus,
      // The newest was placed before the recipient was asked: it names its customer.
      shippingAddress:
        i === 29
          ? { ...SAMPLE_ADDRESS, fullName: undefined }
          : { ...SAMPLE_ADDRESS, fullName: `Recipient ${i}` },
      paymentMethod: 'Stripe',
      itemsCents: 1000 * (i + 1),
      shippingCents: 0,
      taxCents: 0,
      totalCents: 1000 * (i + 1),
      paymentProvider: 'test-checkout',
      holdExpiresAt: new Date(start),
      createdAt: new Date(start + i * 60_000),
    }));
    const inserted = await t.database.db.insert(orders).values(rows).returning();
    const newest = inserted.at(-1);

    const first = adminOrderListResponseSchema.parse(
      (await call('GET', '/api/admin/orders', staff.token)).json(),
    );
    expect(first).toMatchObject({ page: 1, pages: 2, total: 30 });
    expect(first.orders).toHaveLength(25);
    expect(first.orders[0]).toEqual({
      _id: newest?.id,
      number: orderNumber(newest?.id ?? ''),
      createdAt: newest?.createdAt.toISOString(),
      customerName: 'Lister 29',
      recipientName: 'Lister 29',
      email: 'list-29@example.com',
      status: 'delivered',
      totalPrice: 300,
      itemsCount: 0,
    });
    const second = (await call('GET', '/api/admin/orders?page=2', owner.token)).json();
    expect(second.orders.map((row: { customerName: string }) => row.customerName)).toEqual([
      'Lister 4',
      'Lister 3',
      'Lister 2',
      'Lister 1',
      'Lister 0',
    ]);

    const byStatus = (await call('GET', '/api/admin/orders?status=delivered', staff.token)).json();
    expect(byStatus.total).toBe(8);
    expect(byStatus.orders.every((row: { status: string }) => row.status === 'delivered')).toBe(
      true,
    );

    const target = inserted[12];
    const number = orderNumber(target?.id ?? '');
    for (const q of [number, number.toLowerCase()]) {
      const found = (await call('GET', `/api/admin/orders?q=${q}`, staff.token)).json();
      expect(found.orders.map((row: { _id: string }) => row._id)).toContain(target?.id);
      expect(
        found.orders.every((row: { _id: string }) => row._id.startsWith(q.toLowerCase())),
      ).toBe(true);
    }
    const byMail = (await call('GET', '/api/admin/orders?q=LIST-12%40', staff.token)).json();
    expect(byMail.orders.map((row: { email: string }) => row.email)).toEqual([
      'list-12@example.com',
    ]);
    const byName = (await call('GET', '/api/admin/orders?q=lister%202', staff.token)).json();
    expect(byName.total).toBe(11); // Lister 2 and Lister 20–29
    const byRecipient = (
      await call('GET', '/api/admin/orders?q=RECIPIENT%201', staff.token)
    ).json();
    expect(byRecipient.total).toBe(11); // Recipient 1 and Recipient 10–19
    expect(byRecipient.orders[0]).toMatchObject({
      customerName: 'Lister 19',
      recipientName: 'Recipient 19',
    });
    // LIKE's wildcards are searched for as themselves.
    const percent = (await call('GET', '/api/admin/orders?q=%25', staff.token)).json();
    expect(percent.orders.map((row: { customerName: string }) => row.customerName)).toEqual([
      'Hundred % Cotton',
    ]);
    const underscore = (await call('GET', '/api/admin/orders?q=_', staff.token)).json();
    expect(underscore.total).toBe(0);
    const combined = (
      await call('GET', '/api/admin/orders?status=shipped&q=lister%202', staff.token)
    ).json();
    expect(combined.orders.map((row: { customerName: string }) => row.customerName)).toEqual([
      'Lister 28',
      'Lister 24',
      'Lister 20',
    ]);
  });

  it('refuses bad filters with 400 and anyone but staff or owner', async () => {
    const bad = await call('GET', '/api/admin/orders?status=lost', staff.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Status must be one of/);
    expect((await call('GET', '/api/admin/orders?page=0', staff.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/orders?page=x', staff.token)).statusCode).toBe(400);
    expect(
      (await call('GET', `/api/admin/orders?q=${'a'.repeat(201)}`, staff.token)).statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/admin/orders')).statusCode).toBe(401);
    const customer = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Nosy',
      email: 'nosy@example.com',
    });
    const refused = await call('GET', '/api/admin/orders', customer.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BACK_OFFICE_MESSAGES.notBackOffice);
    // A login without the second factor is not a back-office session.
    const staffLogin = await addBackOfficeUser(t, 'staff');
    expect((await call('GET', '/api/admin/orders', staffLogin.loginToken)).statusCode).toBe(403);
  });
});

describe('an order through the back office', () => {
  it('ships with a mail to the buyer, shows the parcel to the shopper, delivers, and keeps a timeline', async () => {
    const orderId = await placePaidOrder(t, {
      lines: [{ product: teeId, qty: 2, size: 'L' }],
      email: 'parcel@example.com',
    });
    await inbox.waitFor('parcel@example.com', { subject: /is confirmed/ });

    const shipped = await call('POST', `/api/admin/orders/${orderId}/ship`, staff.token, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const body = adminOrderSchema.parse(shipped.json());
    expect(body.status).toBe('shipped');
    expect(body.shipments).toEqual([
      {
        _id: expect.any(String),
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        note: null,
        items: [
          { name: 'Ship Tee', variantTitle: expect.any(String), size: 'L', option: 'NA', qty: 2 },
        ],
        shippedAt: expect.any(String),
        deliveredAt: null,
      },
    ]);

    const mail = await inbox.waitFor('parcel@example.com', { subject: /has shipped/ });
    expect(mail.subject).toBe(`Your Sadu Sands order ${orderNumber(orderId)} has shipped`);
    expect(mail.text).toContain('Carrier: UPS');
    expect(mail.text).toContain('Tracking number: 1Z999AA10123456784');
    const link = new URL(linkIn(mail, '/order/'));
    expect(link.pathname).toBe(`/order/${orderId}`);
    const seen = await t.app.inject(
      `/api/orders/${orderId}?token=${link.searchParams.get('token')}`,
    );
    expect(seen.statusCode).toBe(200);
    expect(orderSchema.parse(seen.json())).toMatchObject({
      status: 'shipped',
      shipments: [{ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }],
    });

    const again = await call('POST', `/api/admin/orders/${orderId}/ship`, staff.token, {
      carrier: 'UPS',
      trackingNumber: 'X',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMIN_ORDER_MESSAGES.notShippable);

    const delivered = await call('POST', `/api/admin/orders/${orderId}/deliver`, staff.token);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ status: 'delivered', isDelivered: true });
    expect(Date.parse(delivered.json().deliveredAt)).not.toBeNaN();
    const twice = await call('POST', `/api/admin/orders/${orderId}/deliver`, staff.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ADMIN_ORDER_MESSAGES.notDeliverable);

    await t.app.backgroundTasks.idle();
    const detail = adminOrderSchema.parse(
      (await call('GET', `/api/admin/orders/${orderId}`, staff.token)).json(),
    );
    expect(detail).toMatchObject({
      _id: orderId,
      number: orderNumber(orderId),
      refunds: [],
      refundedPrice: 0,
      user: { email: 'parcel@example.com' },
    });
    const actions = detail.timeline.map((entry) => entry.action);
    expect(actions[0]).toBe('payment.paid');
    expect(actions).toEqual(expect.arrayContaining(['order.shipped', 'order.delivered']));
    expect(actions.indexOf('order.shipped')).toBeLessThan(actions.indexOf('order.delivered'));
    const at = detail.timeline.map((entry) => entry.at);
    expect([...at].sort()).toEqual(at);
    expect(detail.timeline[0]).toMatchObject({ actor: 'provider', detail: 'Paid by card' });
    const mails = detail.timeline.filter((entry) => entry.action.startsWith('mail.'));
    expect(mails.map((entry) => entry.detail)).toEqual([
      `Mail sent: Your Sadu Sands order ${orderNumber(orderId)} is confirmed`,
      `Mail sent: Your Sadu Sands order ${orderNumber(orderId)} has shipped`,
    ]);
    expect(mails.every((entry) => entry.actor === 'system')).toBe(true);
    expect(detail.timeline.find((entry) => entry.action === 'order.shipped')).toMatchObject({
      actor: { _id: staff.id, email: staff.email, name: 'Sam Staff' },
      detail: 'Shipped 2 items (2 × Ship Tee (size L)) by UPS, tracking number 1Z999AA10123456784',
    });
  });

  it('answers 404 for an unknown or malformed id, 409 for an unpaid order, 400 for a bad parcel', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const missing = await call('GET', `/api/admin/orders/${id}`, staff.token);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(ADMIN_ORDER_MESSAGES.notFound);
      const shipMissing = await call('POST', `/api/admin/orders/${id}/ship`, staff.token, {
        carrier: 'UPS',
        trackingNumber: '1',
      });
      expect(shipMissing.statusCode).toBe(404);
    }
    const { orderId: unpaidId } = await placeUnpaidOrder(t, {
      lines: [{ product: teeId, qty: 1, size: 'XL' }],
      email: 'unpaid@example.com',
    });
    const list = (await call('GET', '/api/admin/orders?q=unpaid%40', staff.token)).json();
    expect(list.orders).toMatchObject([{ _id: unpaidId, status: 'pending_payment' }]);
    // Its e-mail holds the fragment's rarest runs ('unp', 'npa'), not the fragment.
    const near = (await call('GET', '/api/admin/orders?q=unpaid-not%40', staff.token)).json();
    expect(near.orders).toEqual([]);
    const refused = await call('POST', `/api/admin/orders/${unpaidId}/ship`, staff.token, {
      carrier: 'UPS',
      trackingNumber: '1',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ADMIN_ORDER_MESSAGES.notShippable);
    const deliverUnpaid = await call('POST', `/api/admin/orders/${unpaidId}/deliver`, staff.token);
    expect(deliverUnpaid.statusCode).toBe(409);
    const blank = await call('POST', `/api/admin/orders/${unpaidId}/ship`, staff.token, {
      carrier: ' ',
      trackingNumber: '1',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Carrier is required');
  });
});

describe('customers and the summary', () => {
  it('lists customers with their paid orders less refunds, and not the staff', async () => {
    const buyer = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Big Spender',
      email: 'spender@example.com',
    });
    // Two paid orders of 2 × $20 (+ $5 shipping + $2.80 tax = $47.80 each).
    const first = await placePaidOrder(t, {
      lines: [{ product: teeId, qty: 2, size: 'S/M' }],
      token: buyer.token,
    });
    await placePaidOrder(t, {
      lines: [{ product: teeId, qty: 2, size: 'S/M' }],
      token: buyer.token,
    });
    const refund = await call('POST', `/api/admin/orders/${first}/refund`, owner.token, {
      amount: 10,
      reason: 'Scratched print',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    // An unpaid checkout does not count.
    await placeUnpaidOrder(t, {
      lines: [{ product: teeId, qty: 1, size: 'L' }],
      token: buyer.token,
    });

    const found = adminCustomerListResponseSchema.parse(
      (await call('GET', '/api/admin/customers?q=SPENDER', staff.token)).json(),
    );
    expect(found).toMatchObject({ page: 1, pages: 1, total: 1 });
    expect(found.customers[0]).toEqual({
      _id: buyer.id,
      name: 'Big Spender',
      email: 'spender@example.com',
      verified: true,
      guest: false,
      ordersCount: 2,
      totalSpent: 85.6,
      createdAt: expect.any(String),
    });
    const all = adminCustomerListResponseSchema.parse(
      (await call('GET', '/api/admin/customers', staff.token)).json(),
    );
    expect(all.customers.map((customer) => customer.email)).not.toContain(staff.email);
    expect(all.customers[0]?.email).toBe('spender@example.com');
    expect((await call('GET', '/api/admin/customers?q=staff', staff.token)).json().total).toBe(0);
    expect((await call('GET', '/api/admin/customers?page=-1', staff.token)).statusCode).toBe(400);
  });

  it('sums today’s and 30 days’ sales less refunds, and counts what waits to ship', async () => {
    const read = async () =>
      adminSummarySchema.parse((await call('GET', '/api/admin/summary', staff.token)).json());
    const before = await read();
    const orderId = await placePaidOrder(t, {
      lines: [{ product: teeId, qty: 3, size: 'XL' }],
      email: 'summary@example.com',
    });
    // 3 × $20 = $60, free shipping, $4.20 tax.
    const paid = await read();
    expect(paid.salesToday).toBeCloseTo(before.salesToday + 64.2, 2);
    expect(paid.sales30Days).toBeCloseTo(before.sales30Days + 64.2, 2);
    expect(paid.ordersToday).toBe(before.ordersToday + 1);
    expect(paid.orders30Days).toBe(before.orders30Days + 1);
    expect(paid.awaitingShipment).toBe(before.awaitingShipment + 1);

    expect(
      (
        await call('POST', `/api/admin/orders/${orderId}/refund`, owner.token, {
          amount: 4.2,
          reason: 'Tax refunded',
        })
      ).statusCode,
    ).toBe(200);
    const refunded = await read();
    expect(refunded.salesToday).toBeCloseTo(paid.salesToday - 4.2, 2);
    // Partly refunded still waits to ship; once shipped it does not.
    expect(refunded.awaitingShipment).toBe(paid.awaitingShipment);
    await call('POST', `/api/admin/orders/${orderId}/ship`, staff.token, {
      carrier: 'USPS',
      trackingNumber: '9400',
    });
    expect((await read()).awaitingShipment).toBe(paid.awaitingShipment - 1);
    const mail = await inbox.waitFor('summary@example.com', { subject: /refund/ });
    expect(mail.text).toContain('We have refunded $4.20');
    expect(linkIn(mail, '/order/')).toContain(orderId);
    expect((await call('GET', '/api/admin/summary')).statusCode).toBe(401);
  });
});

import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_MESSAGES,
  customerDetailSchema,
  type CustomerDetail,
} from '@shop/shared/admin-customers';
import { adminCustomerListResponseSchema, type AdminCustomer } from '@shop/shared/admin-orders';
import { BACK_OFFICE_MESSAGES } from '@shop/shared/back-office';
import { accountExportSchema } from '@shop/shared/privacy';
import { auditLog, customerNotes, mailOutbox } from '../../db/schema';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import {
  SAMPLE_ADDRESS,
  addProduct,
  addVerifiedCustomer,
  openCheckout,
  payTestCheckout,
  productIdByHandle,
} from '../../test/fixtures';
import { clientAddresses, injector } from '../../test/inject';
import { createTestApp, type TestApp } from '../../test/test-app';

const JWT_SECRET = 'customers-test-secret-0123456789-abcdefghij';
const PASSWORD = 'Fixture-Pass1!';
const nextIp = clientAddresses('10.46');
let t: TestApp;
let tote: string;
let staff: { token: string; name: string; id: string };
let run = 0;
const call = injector(() => t.app, nextIp);

beforeAll(async () => {
  t = await createTestApp({ JWT_SECRET, RATE_LIMIT_PER_MINUTE: '100000' });
  await addProduct(t.database.db, {
    handle: 'customers-tote',
    name: 'Customers Tote',
    priceCents: 2450,
    stock: { total: 500 },
  });
  tote = await productIdByHandle(t.database.db, 'customers-tote');
  staff = await addBackOfficeUser(t, 'staff', { name: 'Sami' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

const unique = (name: string) => `${name}.${++run}.${Date.now()}@example.com`;

/** A paid order of `qty` totes ($24.50 each, $5 shipping under $50, 7 % tax). */
async function buy(
  buyer: { token: string } | { email: string },
  qty = 1,
  address = SAMPLE_ADDRESS,
) {
  const { orderId, sessionId } = await openCheckout(
    t,
    buyer,
    [{ product: tote, qty }],
    nextIp(),
    address,
  );
  await payTestCheckout(t.app, JWT_SECRET, sessionId);
  return orderId;
}

async function customersMatching(q: string): Promise<AdminCustomer[]> {
  const answer = await call('GET', `/api/admin/customers?q=${encodeURIComponent(q)}`, {
    token: staff.token,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return adminCustomerListResponseSchema.parse(answer.json()).customers;
}

async function customerPage(id: string, page = 1): Promise<CustomerDetail> {
  const answer = await call('GET', `/api/admin/customers/${id}?page=${page}`, {
    token: staff.token,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return customerDetailSchema.parse(answer.json());
}

describe('guests under Customers', () => {
  it('lists a guest once per e-mail (case aside), marked as a guest, with their paid orders', async () => {
    const email = unique('gia');
    await buy({ email });
    await buy({ email: email.toUpperCase() }, 2);
    // An unpaid checkout is nothing of theirs: counted nowhere.
    await openCheckout(t, { email }, [{ product: tote, qty: 1 }], nextIp());

    const found = await customersMatching(email);
    expect(found).toEqual([
      expect.objectContaining({
        guest: true,
        email,
        verified: false,
        ordersCount: 2,
        // $24.50 + $5 + $1.72 tax, and $49 + $5 + $3.43 tax.
        totalSpent: 88.65,
      }),
    ]);
    expect(found[0]?._id).toMatch(/^guest-[0-9a-f-]{36}$/);
    // A guest is named as their parcels were addressed, not 'Guest'.
    expect(found[0]?.name).toBe(SAMPLE_ADDRESS.fullName);
    // The whole list has them too, beside the accounts.
    const all = await call('GET', '/api/admin/customers', { token: staff.token });
    const listed = adminCustomerListResponseSchema.parse(all.json());
    expect(listed.customers.filter((c) => c.email === email)).toHaveLength(1);
  });

  it('names a guest by the recipient of their newest paid order, and finds them by it', async () => {
    const email = unique('rania');
    await buy({ email });
    await buy({ email }, 1, { ...SAMPLE_ADDRESS, fullName: 'Rania Quillfeather' });
    const [byName] = await customersMatching('Quillfeather');
    expect(byName).toMatchObject({ guest: true, email, name: 'Rania Quillfeather' });
    expect(await customerPage(byName?._id ?? '')).toMatchObject({ name: 'Rania Quillfeather' });
  });

  it('never lists a guest who only left unpaid checkouts', async () => {
    const email = unique('window-shopper');
    await openCheckout(t, { email }, [{ product: tote, qty: 1 }], nextIp());
    expect(await customersMatching(email)).toEqual([]);
  });

  it('shows an account and the guest orders of its proven e-mail as one customer', async () => {
    const email = unique('lea');
    const before = await buy({ email });
    const registered = await call('POST', '/api/users', {
      body: { name: 'Lea', email, password: PASSWORD },
    });
    expect(registered.statusCode).toBe(201);
    const [mail] = await t.database.db
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.subject, 'Verify%')));
    const link = /\/verify\/(\S+)/.exec(mail?.text ?? '')?.[1];
    expect((await call('GET', `/api/users/verify/${link}`)).statusCode).toBe(200);
    const token = (
      await call('POST', '/api/users/login', { body: { email, password: PASSWORD } })
    ).json().token as string;
    const signedIn = await buy({ token });

    const found = await customersMatching(email);
    expect(found).toEqual([
      expect.objectContaining({ guest: false, name: 'Lea', email, verified: true, ordersCount: 2 }),
    ]);
    const page = await customerPage(found[0]?._id ?? '');
    expect(page.guest).toBe(false);
    expect(page.orders.orders.map((order) => order._id).sort()).toEqual([before, signedIn].sort());
  });

  it('keeps a guest order typed with an account’s e-mail after it was made apart (decision 022)', async () => {
    const email = unique('ben');
    const account = await addVerifiedCustomer(t.app, t.database.db, { name: 'Ben', email });
    const stranger = await buy({ email });
    const found = await customersMatching(email);
    expect(found.map((c) => [c.guest, c.ordersCount])).toEqual(
      expect.arrayContaining([
        [false, 0],
        [true, 1],
      ]),
    );
    const accountPage = await customerPage(account.id);
    expect(accountPage.orders.orders).toEqual([]);
    const guestPage = await customerPage(found.find((c) => c.guest)?._id ?? '');
    expect(guestPage.orders.orders.map((order) => order._id)).toEqual([stranger]);
  });
});

describe('a customer’s page', () => {
  it('shows who they are, their orders page by page, what they spent, when, and where to', async () => {
    const email = unique('nora');
    const first = await buy({ email });
    // 30 more paid orders of that guest, one a day before (the page must stay paged and summed in SQL).
    await t.database.db.execute(sql`
      insert into orders (customer_name, email, status, shipping_address, payment_method,
        items_cents, shipping_cents, tax_cents, total_cents, payment_provider, hold_expires_at,
        paid_at, created_at)
      select customer_name, email, status,
        jsonb_set(shipping_address, '{city}', to_jsonb('Town ' || (g % 2))),
        payment_method, items_cents, shipping_cents, tax_cents, total_cents, payment_provider,
        hold_expires_at, now() - g * interval '1 day', now() - g * interval '1 day'
      from orders, generate_series(1, 30) as g where id = ${first}`);
    const [guest] = await customersMatching(email);
    const page = await customerPage(guest?._id ?? '');
    expect(page).toMatchObject({
      guest: true,
      email,
      // The newest order's phone (the sample address gives one).
      phone: SAMPLE_ADDRESS.phone,
      verified: false,
      registeredAt: null,
      ordersCount: 31,
      totalSpent: 967.82,
    });
    expect(page.orders).toMatchObject({ page: 1, pages: 2, total: 31 });
    expect(page.orders.orders).toHaveLength(25);
    expect(page.orders.orders[0]).toMatchObject({
      _id: first,
      status: 'paid',
      totalPrice: 31.22,
      number: first.slice(0, 8).toUpperCase(),
    });
    expect(Date.parse(page.lastOrderAt ?? '')).toBeGreaterThan(Date.parse(page.firstOrderAt ?? ''));
    expect(page.addresses).toEqual([
      SAMPLE_ADDRESS,
      { ...SAMPLE_ADDRESS, city: 'Town 1' },
      { ...SAMPLE_ADDRESS, city: 'Town 0' },
    ]);
    const second = await customerPage(guest?._id ?? '', 2);
    expect(second.orders.orders).toHaveLength(6);
  });

  it('answers 404 for no such customer, 400 for a malformed one, and 403 to a customer', async () => {
    const missing = await call('GET', `/api/admin/customers/${crypto.randomUUID()}`, {
      token: staff.token,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: CUSTOMER_MESSAGES.notFound });
    const malformed = await call('GET', '/api/admin/customers/not-an-id', { token: staff.token });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: CUSTOMER_MESSAGES.notFound });
    const shopper = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Cy',
      email: unique('cy'),
    });
    const refused = await call('GET', `/api/admin/customers/${shopper.id}`, {
      token: shopper.token,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: BACK_OFFICE_MESSAGES.notBackOffice });
  });
});

describe('internal notes', () => {
  it('are written by staff, audited without their text, and shown newest first', async () => {
    const email = unique('gus');
    await buy({ email });
    const [guest] = await customersMatching(email);
    const id = guest?._id ?? '';
    const empty = await call('POST', `/api/admin/customers/${id}/notes`, {
      token: staff.token,
      body: { text: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Please write the note' });
    for (const text of ['Prefers a call before delivery', 'Gift wrap next time']) {
      const added = await call('POST', `/api/admin/customers/${id}/notes`, {
        token: staff.token,
        body: { text },
      });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json()).toMatchObject({ text, by: 'Sami' });
    }
    const page = await customerPage(id);
    expect(page.notes.map((note) => note.text)).toEqual([
      'Gift wrap next time',
      'Prefers a call before delivery',
    ]);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'customer.note_added'));
    expect(audited.filter((row) => row.actorId === staff.id)).toHaveLength(2);
    expect(JSON.stringify(audited)).not.toContain('Gift wrap');
  });

  it('are in the customer’s data export, and go with the account when it is deleted', async () => {
    const email = unique('ida');
    const ida = await addVerifiedCustomer(t.app, t.database.db, { name: 'Ida', email });
    const added = await call('POST', `/api/admin/customers/${ida.id}/notes`, {
      token: staff.token,
      body: { text: 'Asked about the tote in blue' },
    });
    expect(added.statusCode).toBe(201);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.note_added'), eq(auditLog.targetUserId, ida.id)));
    expect(audit?.summary).toBe('Sami wrote an internal note on a customer');

    const exported = accountExportSchema.parse(
      (await call('GET', '/api/users/profile/export', { token: ida.token })).json(),
    );
    expect(exported.notes).toEqual([
      expect.objectContaining({ text: 'Asked about the tote in blue', by: 'Sami' }),
    ]);

    const deleted = await call('DELETE', '/api/users/profile', {
      token: ida.token,
      body: { password: PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await t.database.db
      .select()
      .from(customerNotes)
      .where(eq(customerNotes.body, 'Asked about the tote in blue'));
    expect(left).toEqual([]);
    const gone = await call('GET', `/api/admin/customers/${ida.id}`, { token: staff.token });
    expect(gone.statusCode).toBe(404);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCustomerListResponseSchema } from '@shop/shared/admin-orders';
import { LIST_COUNT_CAP, SEARCH_COUNT_CAP } from '@shop/shared/back-office';
import { orders, users } from '../../db/schema';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { SAMPLE_ADDRESS } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// Keyset paging and capped counts of the back office's Customers list, and the guest rows the
// orders' trigger keeps (decision 053).

let t: TestApp;
let staff: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  staff = await addBackOfficeUser(t, 'staff');
});
afterAll(async () => {
  await t.close();
});

const list = async (query: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/customers${query}`,
    headers: { authorization: `Bearer ${staff.token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return adminCustomerListResponseSchema.parse(response.json());
};

const minute = (n: number) => new Date(Date.parse('2026-05-01T00:00:00Z') + n * 60_000);

const guestOrder = (email: string, createdAt: Date, paid = true) => ({
  customerName: 'Guest',
  email,
  status: paid ? ('paid' as const) : ('pending_payment' as const),
  shippingAddress: { ...SAMPLE_ADDRESS, fullName: `Name of ${email.split('@')[0]}` },
  paymentMethod: 'Stripe',
  itemsCents: 1000,
  shippingCents: 0,
  taxCents: 0,
  totalCents: 1000,
  paymentProvider: 'test-checkout',
  holdExpiresAt: createdAt,
  paidAt: paid ? createdAt : null,
  createdAt,
});

async function addAccount(name: string, createdAt: Date) {
  const [row] = await t.database.db
    .insert(users)
    .values({
      name,
      email: `${name.toLowerCase().replace(/ /g, '.')}@walk.test`,
      passwordHash: 'x',
      createdAt,
    })
    .returning({ id: users.id });
  return row?.id ?? '';
}

describe('paging through Customers', () => {
  it('walks accounts and guests once each, newest first, while new customers arrive', async () => {
    // 40 accounts and 40 guests, interleaved in time; each guest has a second, later order.
    for (let i = 0; i < 40; i += 1) await addAccount(`Walker ${i}`, minute(2 * i));
    await t.database.db
      .insert(orders)
      .values(
        Array.from({ length: 40 }, (_, i) => [
          guestOrder(`walker-guest-${i}@walk.test`, minute(2 * i + 1)),
          guestOrder(`Walker-Guest-${i}@walk.test`, minute(1000 + i)),
        ]).flat(),
      );
    const first = await list('?q=walk');
    expect(first).toMatchObject({ total: 80, pages: 4, totalCapped: false, prev: null });
    const seen = [...first.customers];
    await addAccount('Walker late', minute(5000));
    let page = first;
    for (let n = 2; page.next; n += 1) {
      page = await list(`?q=walk&page=${n}&after=${page.next}`);
      seen.push(...page.customers);
    }
    expect(seen).toHaveLength(80);
    expect(new Set(seen.map((c) => c._id)).size).toBe(80);
    expect(seen.map((c) => c.name)).not.toContain('Walker late');
    const since = seen.map((c) => c.createdAt);
    expect(since).toEqual([...since].sort().reverse());
    // A guest is listed by its first paid order, named by its newest, once whatever the case.
    const guest = seen.find((c) => c.email === 'walker-guest-7@walk.test');
    expect(guest).toMatchObject({
      guest: true,
      ordersCount: 2,
      totalSpent: 20,
      createdAt: minute(15).toISOString(),
      name: 'Name of Walker-Guest-7',
    });

    const back = await list(`?q=walk&page=3&before=${page.prev}`);
    expect(back.customers).toEqual(seen.slice(50, 75));
  });

  it('keeps a guest right as their orders are paid, and drops them when an account claims them', async () => {
    const email = 'keeper@walk.test';
    const [later] = await t.database.db
      .insert(orders)
      .values(guestOrder(email, minute(3000)))
      .returning({ id: orders.id });
    const [earlier] = await t.database.db
      .insert(orders)
      .values(guestOrder(email, minute(2000), false))
      .returning({ id: orders.id });
    const find = async () => (await list('?q=keeper')).customers;
    expect(await find()).toEqual([
      expect.objectContaining({ _id: `guest-${later?.id}`, ordersCount: 1 }),
    ]);

    // The older checkout is paid after all: it becomes the guest's first order and key.
    await t.database.db
      .update(orders)
      .set({ paidAt: minute(3001), status: 'paid' })
      .where(eq(orders.id, earlier?.id ?? ''));
    expect(await find()).toEqual([
      expect.objectContaining({
        _id: `guest-${earlier?.id}`,
        ordersCount: 2,
        createdAt: minute(2000).toISOString(),
      }),
    ]);

    // An account that proves the e-mail takes its guest orders (decision 022): no guest is left.
    const account = await addAccount('Keeper', minute(4000));
    await t.database.db
      .update(orders)
      .set({ userId: account })
      .where(sql`lower(${orders.email}) = ${email}`);
    expect(await find()).toEqual([
      expect.objectContaining({ _id: account, guest: false, ordersCount: 2 }),
    ]);
  });

  it(`counts to ${LIST_COUNT_CAP} and says when there are more`, async () => {
    await t.database.db.execute(sql`
      insert into orders (customer_name, email, status, shipping_address, payment_method,
        items_cents, shipping_cents, tax_cents, total_cents, payment_provider, hold_expires_at,
        paid_at, created_at)
      select 'Guest', 'many' || g || '@walk.test', 'paid', '{}'::jsonb, 'Stripe',
        100, 0, 0, 100, 'test-checkout', now(), now(), now() - g * interval '1 second'
      from generate_series(1, ${LIST_COUNT_CAP}) as g`);
    const all = await list('');
    expect(all).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true, pages: 400 });
    // A text search counts to its own, lower cap (decision 053).
    const many = await list('?q=many');
    expect(many).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true, pages: 40 });
    const one = await list('?q=many123@walk');
    expect(one).toMatchObject({ total: 1, totalCapped: false });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderListResponseSchema } from '@shop/shared/admin-orders';
import { LIST_COUNT_CAP, SEARCH_COUNT_CAP } from '@shop/shared/back-office';
import { orders } from '../../db/schema';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { SAMPLE_ADDRESS } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// Keyset paging and capped counts of the back office's order list (decision 053).

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
    url: `/api/admin/orders${query}`,
    headers: { authorization: `Bearer ${staff.token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return adminOrderListResponseSchema.parse(response.json());
};

const order = (name: string, createdAt: Date) => ({
  customerName: name,
  email: `${name.toLowerCase().replace(/ /g, '-')}@paging.test`,
  status: 'paid' as const,
  shippingAddress: SAMPLE_ADDRESS,
  paymentMethod: 'Stripe',
  itemsCents: 1000,
  shippingCents: 0,
  taxCents: 0,
  totalCents: 1000,
  paymentProvider: 'test-checkout',
  holdExpiresAt: createdAt,
  createdAt,
});

/** Orders named `<prefix> <i>` from `start`, two a minute: each pair shares its time (the id breaks the tie). */
async function placeOrders(prefix: string, count: number, start: number) {
  const rows = Array.from({ length: count }, (_, i) =>
    order(`${prefix} ${i}`, new Date(start + Math.floor(i / 2) * 60_000)),
  );
  await t.database.db.insert(orders).values(rows);
}

describe('paging through the order list', () => {
  it('walks every order once with next, while new orders keep arriving, and back with prev', async () => {
    await placeOrders('Pager', 60, Date.parse('2026-03-01T00:00:00Z'));
    const q = '?q=pager';
    const first = await list(q);
    expect(first).toMatchObject({ page: 1, pages: 3, total: 60, totalCapped: false, prev: null });
    const seen = first.orders.map((row) => row.customerName);

    // Orders placed between two clicks are newer: they are not on the next pages.
    await placeOrders('Pager late', 5, Date.parse('2026-04-01T00:00:00Z'));
    const second = await list(`${q}&page=2&after=${first.next}`);
    expect(second.page).toBe(2);
    expect(second.total).toBe(65);
    const third = await list(`${q}&page=3&after=${second.next}`);
    expect(third.next).toBeNull();
    seen.push(
      ...second.orders.map((row) => row.customerName),
      ...third.orders.map((row) => row.customerName),
    );
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
    expect(seen.every((name) => !name.startsWith('Pager late'))).toBe(true);
    const times = [...first.orders, ...second.orders, ...third.orders].map((row) => row.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    // Previous from page 3 is page 2 again, row for row; previous from there is the first page.
    const back = await list(`${q}&page=2&before=${third.prev}`);
    expect(back.orders).toEqual(second.orders);
    expect(back.next).toBe(second.next);
    const firstAgain = await list(`${q}&before=${back.prev}`);
    expect(firstAgain.orders).toEqual(first.orders);
    // The orders that arrived meanwhile are before it: there is a newer page again.
    expect(firstAgain.prev).not.toBeNull();
    const newest = await list(`${q}&before=${firstAgain.prev}`);
    expect(newest.orders.map((row) => row.customerName).sort()).toEqual(
      ['Pager late 0', 'Pager late 1', 'Pager late 2', 'Pager late 3', 'Pager late 4'].sort(),
    );
    expect(newest.prev).toBeNull();
  });

  it('pages by cursor within a status filter', async () => {
    await t.database.db
      .update(orders)
      .set({ status: 'shipped' })
      .where(sql`${orders.customerName} like 'Pager 1%'`);
    const first = await list('?status=shipped&q=pager');
    expect(first.total).toBe(11);
    expect(first.next).toBeNull();
    expect(first.orders.every((row) => row.status === 'shipped')).toBe(true);
  });

  it('answers 400 with a message for a cursor that is not one, or two at once', async () => {
    for (const query of [
      '?after=12',
      '?after=1764159960123456_not-a-uuid',
      '?before=%27%3B--',
      `?after=1764159960123456_${'0'.repeat(8)}-0000-4000-8000-000000000000&before=1764159960123456_${'0'.repeat(8)}-0000-4000-8000-000000000000`,
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/orders${query}`,
        headers: { authorization: `Bearer ${staff.token}` },
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it(`counts to ${LIST_COUNT_CAP} and says when there are more`, async () => {
    // Written oldest first: the newest are not the first rows a scan meets.
    await t.database.db.execute(sql`
      insert into orders (customer_name, email, status, shipping_address, payment_method,
        items_cents, shipping_cents, tax_cents, total_cents, payment_provider, hold_expires_at,
        created_at)
      select 'Bulk ' || g, 'bulk' || g || '@paging.test', 'expired', '{}'::jsonb, 'Stripe',
        100, 0, 0, 100, 'test-checkout', now(), now() - g * interval '1 second'
      from generate_series(1, ${LIST_COUNT_CAP}) as g
      order by g desc`);
    const all = await list('');
    expect(all).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true, pages: 400 });
    const expired = await list('?status=expired');
    expect(expired).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: false });
    // A text search counts to its own, lower cap (decision 053).
    const searched = await list('?q=bulk');
    expect(searched).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true, pages: 40 });
    // Its first page is the newest of all its matches (Bulk 1 is a second old, Bulk 10,000 hours).
    expect(searched.orders.map((row) => row.customerName)).toEqual(
      Array.from({ length: searched.orders.length }, (_, i) => `Bulk ${i + 1}`),
    );
    expect(searched.orders).toHaveLength(25);
    const onward = await list(`?q=bulk&page=2&after=${searched.next}`);
    expect(onward.orders[0]?.customerName).toBe('Bulk 26');
    const deep = await list(`?page=2&after=${all.next}`);
    expect(deep.orders[0]?._id).not.toBe(all.orders.at(-1)?._id);
  });
});

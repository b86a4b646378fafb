import { and, eq, inArray } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderListResponseSchema } from '@shop/shared/admin-orders';
import { orderNumber } from '@shop/shared/orders';
import { auditLog, orders, variants } from '../../db/schema';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { SAMPLE_ADDRESS, addProduct, productIdByHandle } from '../../test/fixtures';
import { placePaidOrder, placeUnpaidOrder } from '../../test/paid-orders';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertDiscount } from '../discounts/service';
import { ORDER_EXPORT_COLUMNS, orderExportCsv } from './order-export';

let t: TestApp;
let staff: { token: string; id: string };
let teeId: string;

beforeAll(async () => {
  t = await createTestApp();
  await addProduct(t.database.db, {
    handle: 'export-tee',
    name: 'Export Tee',
    priceCents: 1250,
    hasSize: true,
    stock: { 'S/M': 100, L: 100, XL: 100 },
  });
  teeId = await productIdByHandle(t.database.db, 'export-tee');
  for (const key of ['S/M', 'L', 'XL'])
    await t.database.db
      .update(variants)
      .set({ sku: `EXPORT-TEE-${key.replace('/', '')}` })
      .where(and(eq(variants.productId, teeId), eq(variants.key, key)));
  staff = await addBackOfficeUser(t, 'staff');
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token: string | null = staff.token) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

type Row = Record<(typeof ORDER_EXPORT_COLUMNS)[number], string>;
const rowsOf = (csv: string): Row[] => parse(csv, { columns: true, bom: true }) as Row[];

/** Moves orders to a given time, as if placed then. */
const placedAt = (ids: string[], at: Date) =>
  t.database.db.update(orders).set({ createdAt: at }).where(inArray(orders.id, ids));

describe('the order export', () => {
  it('has one row per line, and its rows match the orders of the list', async () => {
    const twoLines = await placePaidOrder(t, {
      lines: [
        { product: teeId, size: 'L', qty: 2 },
        { product: teeId, size: 'XL', qty: 1 },
      ],
    });
    const oneLine = await placePaidOrder(t, { lines: [{ product: teeId, size: 'S/M', qty: 5 }] });
    const { orderId: unpaid } = await placeUnpaidOrder(t, {
      lines: [{ product: teeId, size: 'L', qty: 1 }],
    });

    const response = await get('/api/admin/orders.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = rowsOf(response.body);
    expect(Object.keys(rows[0] ?? {})).toEqual([...ORDER_EXPORT_COLUMNS]);

    const list = adminOrderListResponseSchema.parse((await get('/api/admin/orders')).json());
    // Every order of the list, in its order, with as many units as it has and its total.
    const numbers = [...new Set(rows.map((row) => row.Order))];
    expect(numbers).toEqual(list.orders.map((order) => order.number));
    for (const order of list.orders) {
      const mine = rows.filter((row) => row.Order === order.number);
      expect(mine.reduce((sum, row) => sum + Number(row.Quantity), 0)).toBe(order.itemsCount);
      expect(Number(mine[0]?.Total)).toBe(order.totalPrice);
      expect(mine[0]?.Status).toBe(order.status);
      expect(mine.slice(1).every((row) => row.Total === '')).toBe(true);
    }

    const lines = rows.filter((row) => row.Order === orderNumber(twoLines));
    expect(lines).toEqual([
      expect.objectContaining({
        Customer: 'Guest',
        'E-mail': 'guest@example.com',
        Recipient: 'Maya Haddad',
        Address: SAMPLE_ADDRESS.address,
        City: 'Chicago',
        State: 'IL',
        'Postal code': '60601',
        Country: 'US',
        Product: 'Export Tee',
        Variant: 'L',
        SKU: 'EXPORT-TEE-L',
        Quantity: '2',
        Price: '12.50',
        Discount: '0.00',
        'Line total': '25.00',
        Items: '37.50',
        Shipping: '5.00',
        Tax: '2.63',
        Total: '45.13',
        Refunded: '0.00',
        Status: 'paid',
      }),
      expect.objectContaining({ Variant: 'XL', SKU: 'EXPORT-TEE-XL', Quantity: '1', Items: '' }),
    ]);
    expect(lines[0]?.['Paid at']).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(rows.find((row) => row.Order === orderNumber(unpaid))?.['Paid at']).toBe('');
    expect(rows.filter((row) => row.Order === orderNumber(oneLine))).toHaveLength(1);
  });

  it('gives each line its share of the discount, and the line total after it', async () => {
    await insertDiscount(t.database.db, { title: 'EXPORT10', kind: 'fixed', amountCents: 1000 }, [
      { code: 'EXPORT10', usageLimit: null },
    ]);
    const orderId = await placePaidOrder(t, {
      lines: [
        { product: teeId, size: 'L', qty: 2 },
        { product: teeId, size: 'XL', qty: 1 },
      ],
      discountCode: 'export10',
    });
    const rows = rowsOf((await get(`/api/admin/orders.csv?q=${orderNumber(orderId)}`)).body);
    // $10 off $37.50 of items, pro rata: $6.67 on the $25 line and $3.33 on the $12.50 one.
    expect(rows.map((row) => [row.Variant, row.Discount, row['Line total']])).toEqual([
      ['L', '6.67', '18.33'],
      ['XL', '3.33', '9.17'],
    ]);
    // Items before the discount; the lines' discounts, shipping and tax make the total.
    expect(rows[0]).toMatchObject({
      Items: '37.50',
      Shipping: '5.00',
      Tax: '1.93',
      Total: '34.43',
    });
  });

  it('takes the list’s filters, and only from the back office', async () => {
    const paid = await placePaidOrder(t, { lines: [{ product: teeId, size: 'L', qty: 1 }] });
    await placedAt([paid], new Date('2025-03-15T12:00:00Z'));
    const rows = rowsOf(
      (await get('/api/admin/orders.csv?status=paid&from=2025-03-15&to=2025-03-15')).body,
    );
    expect(rows.map((row) => row.Order)).toEqual([orderNumber(paid)]);
    expect(rowsOf((await get(`/api/admin/orders.csv?q=${orderNumber(paid)}`)).body)).toHaveLength(
      1,
    );
    expect((await get('/api/admin/orders.csv', null)).statusCode).toBe(401);
    // Each export is audited with its filters, never the search text (it may be an e-mail).
    const exports = await t.database.db
      .select({ summary: auditLog.summary, actor: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.action, 'orders.exported'))
      .orderBy(auditLog.at);
    expect(exports.slice(-2)).toEqual([
      {
        summary: 'Orders exported as CSV (status paid, from 2025-03-15, to 2025-03-15)',
        actor: staff.id,
      },
      { summary: 'Orders exported as CSV (a search)', actor: staff.id },
    ]);
    const backwards = await get('/api/admin/orders.csv?from=2025-03-16&to=2025-03-15');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toMatch('From must be on or before To');
  });

  it('reads the orders a page at a time, each once, even when many share a time', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1)
      ids.push(await placePaidOrder(t, { lines: [{ product: teeId, size: 'XL', qty: 1 }] }));
    const same = new Date('2024-06-01T08:00:00.123456Z');
    await placedAt(ids, same);
    const stream = orderExportCsv(t.database.db, { from: '2024-06-01', to: '2024-06-01' }, 2);
    let csv = '';
    for await (const chunk of stream) csv += String(chunk);
    const numbers = rowsOf(csv).map((row) => row.Order);
    expect(numbers).toHaveLength(7);
    expect(new Set(numbers)).toEqual(new Set(ids.map(orderNumber)));
  });
});

describe('the order list by date', () => {
  it('lists the orders placed on the days from and to (UTC, both included)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1)
      ids.push(await placePaidOrder(t, { lines: [{ product: teeId, size: 'L', qty: 1 }] }));
    const [before, first, last, after] = ids as [string, string, string, string];
    await placedAt([before], new Date('2023-01-09T23:59:59.999Z'));
    await placedAt([first], new Date('2023-01-10T00:00:00Z'));
    await placedAt([last], new Date('2023-01-12T23:59:59.999Z'));
    await placedAt([after], new Date('2023-01-13T00:00:00Z'));
    const list = adminOrderListResponseSchema.parse(
      (await get('/api/admin/orders?from=2023-01-10&to=2023-01-12')).json(),
    );
    expect(list.orders.map((order) => order._id)).toEqual([last, first]);
    const since = adminOrderListResponseSchema.parse(
      (await get('/api/admin/orders?from=2023-01-13&to=2023-01-13')).json(),
    );
    expect(since.orders.map((order) => order._id)).toEqual([after]);
    for (const bad of ['from=2023-02-30', 'to=yesterday', 'from=2023-1-1'])
      expect((await get(`/api/admin/orders?${bad}`)).statusCode).toBe(400);
  });
});

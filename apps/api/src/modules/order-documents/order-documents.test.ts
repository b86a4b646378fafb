import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SHOP_DETAILS,
  orderDocumentsResponseSchema,
  shopDetailsSchema,
  type OrderDocumentsResponse,
} from '@shop/shared/order-documents';
import { orderNumber } from '@shop/shared/orders';
import { auditLog, variants } from '../../db/schema';
import { openApiClient, type ApiClient } from '../../test/api-client';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import {
  SAMPLE_ADDRESS,
  addProduct,
  addVerifiedCustomer,
  productIdByHandle,
} from '../../test/fixtures';
import { placePaidOrder, placeUnpaidOrder } from '../../test/paid-orders';
import { pdfText } from '../../test/pdf-text';
import { TEST_DATABASE_URL, createTestApp, type TestApp } from '../../test/test-app';
import { loadPdfTools, printable } from './pdf';

const where = TEST_DATABASE_URL ? 'two API processes on PostgreSQL' : 'PGlite';

let t: TestApp;
/** In process on PGlite; on PostgreSQL, two API processes of their own on the test's database. */
let api: ApiClient;
let staff: { token: string };
let owner: { token: string };
let teeId: string;

beforeAll(async () => {
  t = await createTestApp();
  await addProduct(t.database.db, {
    handle: 'slip-tee',
    name: 'Slip Tee',
    priceCents: 2000,
    hasSize: true,
    stock: { 'S/M': 200, L: 200, XL: 200 },
  });
  teeId = await productIdByHandle(t.database.db, 'slip-tee');
  await t.database.db
    .update(variants)
    .set({ sku: 'SLIP-TEE-L' })
    .where(and(eq(variants.productId, teeId), eq(variants.key, 'L')));
  staff = await addBackOfficeUser(t, 'staff');
  owner = await addBackOfficeUser(t, 'owner');
  api = await openApiClient(t);
});
afterAll(async () => {
  await api.stop();
  await t.close();
});

const documents = (token: string | undefined, body: unknown, pdf = false) =>
  t.app.inject({
    method: 'POST',
    url: pdf ? '/api/admin/order-documents.pdf' : '/api/admin/order-documents',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as object,
  });

const paidOrder = () => placePaidOrder(t, { lines: [{ product: teeId, size: 'L', qty: 2 }] });

describe('packing slips', () => {
  it('list the shop, the order number, the recipient and the lines with variant and SKU', async () => {
    const paid = await paidOrder();
    const { orderId: unpaid } = await placeUnpaidOrder(t, {
      lines: [{ product: teeId, size: 'XL', qty: 1 }],
    });
    const response = await documents(staff.token, {
      kind: 'packing-slip',
      orderIds: [unpaid, paid],
    });
    expect(response.statusCode).toBe(200);
    const body = orderDocumentsResponseSchema.parse(response.json());
    expect(body.shop).toEqual(DEFAULT_SHOP_DETAILS);
    expect(body.documents.map((document) => document.number)).toEqual([
      orderNumber(unpaid),
      orderNumber(paid),
    ]);
    const [, slip] = body.documents;
    expect(slip).toMatchObject({
      recipient: {
        name: 'Maya Haddad',
        lines: ['1 Dune Road', 'Chicago, IL 60601', 'United States of America', '+13125550100'],
      },
      lines: [{ name: 'Slip Tee', variantTitle: 'L', sku: 'SLIP-TEE-L', qty: 2, price: 20 }],
    });
    expect(slip?.invoice).toBeUndefined();
  });

  it('are for the back office only, and say which order is missing or what is wrong', async () => {
    const paid = await paidOrder();
    const customer = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Cass Customer',
      email: 'cass-documents@example.com',
    });
    const body = { kind: 'packing-slip', orderIds: [paid] };
    expect((await documents(undefined, body)).statusCode).toBe(401);
    expect((await documents(customer.token, body)).statusCode).toBe(403);
    expect((await documents(customer.token, body, true)).statusCode).toBe(403);
    const unknown = await documents(staff.token, {
      kind: 'packing-slip',
      orderIds: [paid, '00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Order not found' });
    const none = await documents(staff.token, { kind: 'packing-slip', orderIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch('Choose at least one order');
    const bad = await documents(staff.token, { kind: 'receipt', orderIds: ['nope'] });
    expect(bad.statusCode).toBe(400);
  });
});

describe('invoices', () => {
  it('carry the amounts, the payment and a number the order keeps when asked again', async () => {
    const paid = await paidOrder();
    const first = orderDocumentsResponseSchema.parse(
      (await documents(staff.token, { kind: 'invoice', orderIds: [paid] })).json(),
    );
    const invoice = first.documents[0]?.invoice;
    expect(invoice).toMatchObject({
      itemsPrice: 40,
      shippingPrice: 5,
      taxPrice: 2.8,
      totalPrice: 47.8,
      refundedPrice: 0,
      payment: 'Card (Stripe)',
    });
    expect(invoice?.number).toMatch(/^INV-\d{6}$/);
    const again = orderDocumentsResponseSchema.parse(
      (await documents(owner.token, { kind: 'invoice', orderIds: [paid] })).json(),
    );
    expect(again.documents[0]?.invoice?.number).toBe(invoice?.number);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orderId, paid), eq(auditLog.action, 'invoice.issued')));
    expect(audit.map((row) => row.summary)).toEqual([
      `Invoice ${invoice?.number} issued for order #${orderNumber(paid)}`,
    ]);
  });

  it('are refused for an unpaid order, naming it', async () => {
    const { orderId } = await placeUnpaidOrder(t, {
      lines: [{ product: teeId, size: 'L', qty: 1 }],
    });
    const response = await documents(staff.token, { kind: 'invoice', orderIds: [orderId] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: `Order #${orderNumber(orderId)} is not paid, so it has no invoice`,
    });
  });

  /** The invoice number each answer gave its one order. */
  const invoiceNumbers = (answers: { status: number; body: unknown }[]) =>
    answers.map((answer) => {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const [document] = orderDocumentsResponseSchema.parse(answer.body).documents;
      return Number(document?.invoice?.number.slice(4));
    });
  const invoicesOf = (token: string, orderIds: string[]) =>
    api.call('POST', '/api/admin/order-documents', { token, body: { kind: 'invoice', orderIds } });

  it(`are numbered consecutively, once each, under 20 requests at once (${where})`, async () => {
    const orderIds: string[] = [];
    for (let i = 0; i < 20; i += 1) orderIds.push(await paidOrder());
    const numbers = invoiceNumbers(
      await Promise.all(orderIds.map((id) => invoicesOf(staff.token, [id]))),
    );
    const sorted = [...numbers].sort((a, b) => a - b);
    const lowest = sorted[0] ?? 0;
    expect(sorted).toEqual(orderIds.map((_, i) => lowest + i));

    // The same orders asked again, all at once and twice over: nobody gets a second number.
    const repeated = invoiceNumbers(
      await Promise.all([...orderIds, ...orderIds].map((id) => invoicesOf(owner.token, [id]))),
    );
    expect(repeated).toEqual([...numbers, ...numbers]);
  });

  it(`two requests at once for the same new orders give each order one number (${where})`, async () => {
    const orderIds = [await paidOrder(), await paidOrder()];
    const answers = await Promise.all([
      invoicesOf(staff.token, orderIds),
      invoicesOf(owner.token, [...orderIds].reverse()),
    ]);
    const [a, b] = answers.map((answer) => {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return orderDocumentsResponseSchema
        .parse(answer.body)
        .documents.map((document) => `${document.orderId} ${document.invoice?.number}`)
        .sort();
    });
    expect(a).toEqual(b);
  });
});

describe('the PDF', () => {
  it('opens and shows the order numbers, the recipient and the invoice number', async () => {
    const orderIds = [await paidOrder(), await paidOrder()];
    const response = await documents(staff.token, { kind: 'invoice', orderIds }, true);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="invoices.pdf"');
    const pages = await pdfText(response.rawPayload);
    expect(pages).toHaveLength(2);
    const json: OrderDocumentsResponse = orderDocumentsResponseSchema.parse(
      (await documents(staff.token, { kind: 'invoice', orderIds })).json(),
    );
    pages.forEach((page, i) => {
      const document = json.documents[i];
      expect(page).toContain(`Order #${orderNumber(orderIds[i] ?? '')}`);
      expect(page).toContain(`Invoice ${document?.invoice?.number}`);
      expect(page).toContain('Maya Haddad');
      expect(page).toContain('1 Dune Road');
      expect(page).toContain('SLIP-TEE-L');
      expect(page).toContain('$47.80');
    });

    const slip = await documents(
      staff.token,
      { kind: 'packing-slip', orderIds: [orderIds[0]] },
      true,
    );
    expect(slip.headers['content-disposition']).toBe(
      `attachment; filename="packing-slip-${orderNumber(orderIds[0] ?? '')}.pdf"`,
    );
    const [slipPage] = await pdfText(slip.rawPayload);
    expect(slipPage).toContain('Packing slip');
    expect(slipPage).not.toContain('$');
  });
});

describe('the PDF’s letters', () => {
  it('print a recipient’s name in Polish, Greek, Cyrillic and Turkish as written', async () => {
    const names = ['Łukasz Żółć', 'Ελένη Παπαδοπούλου', 'Анна Кузнецова', 'Ayşe Güneş'];
    const orderIds: string[] = [];
    for (const fullName of names)
      orderIds.push(
        await placePaidOrder(t, {
          lines: [{ product: teeId, size: 'L', qty: 1 }],
          address: { ...SAMPLE_ADDRESS, fullName, city: `${fullName.split(' ')[0]}ville` },
        }),
      );
    const response = await documents(staff.token, { kind: 'packing-slip', orderIds }, true);
    expect(response.statusCode).toBe(200);
    const pages = await pdfText(response.rawPayload);
    names.forEach((name, i) => {
      expect(pages[i]).toContain(name);
      expect(pages[i]).toContain(`${name.split(' ')[0]}ville, IL 60601`);
    });
  });

  it('print what the font cannot draw as ?, and the rest of the line as written', async () => {
    await loadPdfTools();
    expect(printable('王小明 Wang')).toBe('??? Wang');
    expect(printable('Zoë 12\nÅsa')).toBe('Zoë 12\nÅsa');
  });
});

describe('the shop details', () => {
  it('are the owner’s to write (audited) and go on every document', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/admin/shop-details',
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(shopDetailsSchema.parse(read.json())).toEqual(DEFAULT_SHOP_DETAILS);
    const details = { name: 'Sadu Sands', address: '12 Loom Street\nChicago, IL 60607\nUSA' };
    const put = (token: string, body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/shop-details',
        headers: { authorization: `Bearer ${token}` },
        payload: body as object,
      });
    expect((await put(staff.token, details)).statusCode).toBe(403);
    const empty = await put(owner.token, { name: ' ', address: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch('Shop name is required');
    expect((await put(owner.token, details)).json()).toEqual(details);

    const paid = await paidOrder();
    const body = orderDocumentsResponseSchema.parse(
      (await documents(staff.token, { kind: 'packing-slip', orderIds: [paid] })).json(),
    );
    expect(body.shop).toEqual(details);
    const [page] = await pdfText(
      (await documents(staff.token, { kind: 'packing-slip', orderIds: [paid] }, true)).rawPayload,
    );
    expect(page).toContain('12 Loom Street');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'shop.details_updated'));
    expect(audit).toHaveLength(1);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ORDER_MESSAGES, adminOrderSchema } from '@shop/shared/admin-orders';
import { BACK_OFFICE_MESSAGES } from '@shop/shared/back-office';
import { refunds } from '../../db/schema';
import { openApiClient, type ApiClient } from '../../test/api-client';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { addProduct, productIdByHandle, stockLevel } from '../../test/fixtures';
import { placePaidOrder, placeUnpaidOrder } from '../../test/paid-orders';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
/** In process on PGlite; on PostgreSQL, two API processes of their own on the test's database. */
let api: ApiClient;
let owner: { token: string; id: string; email: string; name: string };
let staff: { token: string };
let shirtId: string;
let toteId: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  await addProduct(t.database.db, {
    handle: 'refund-shirt',
    name: 'Refund Shirt',
    priceCents: 5000,
    hasSize: true,
    stock: { 'S/M': 40, L: 40, XL: 40 },
  });
  await addProduct(t.database.db, {
    handle: 'refund-tote',
    name: 'Refund Tote',
    priceCents: 2500,
    hasAandB: true,
    stock: { A: 40, B: 40 },
  });
  shirtId = await productIdByHandle(t.database.db, 'refund-shirt');
  toteId = await productIdByHandle(t.database.db, 'refund-tote');
  owner = await addBackOfficeUser(t, 'owner', { name: 'Olive Owner' });
  staff = await addBackOfficeUser(t, 'staff');
  api = await openApiClient(t);
}, 60_000);
afterAll(async () => {
  await api.stop();
  await t.close();
});

const stockOf = (productId: string, variant: string) =>
  stockLevel(t.database.db, productId, variant);
const refundRows = (orderId: string) =>
  t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const post = (url: string, body: unknown, token = owner.token) =>
  api.call('POST', url, { token, body });

/** One shirt in size L: $50, free shipping, $3.50 tax, $53.50 in all. */
const oneShirt = () =>
  placePaidOrder(t, { lines: [{ product: shirtId, qty: 1, size: 'L' }], email: 'r@example.com' });

describe('refunds', () => {
  it(`two refunds of 60 % at once: exactly one goes through`, async () => {
    const orderId = await oneShirt();
    const answers = await Promise.all(
      [1, 2].map(() =>
        post(`/api/admin/orders/${orderId}/refund`, { amount: 32.1, reason: 'Damaged' }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused?.body.message).toBe(ADMIN_ORDER_MESSAGES.refundTooLarge('$21.40'));
    const accepted = adminOrderSchema.parse(answers.find((answer) => answer.status === 200)?.body);
    expect(accepted).toMatchObject({
      status: 'partially_refunded',
      refundedPrice: 32.1,
      refunds: [
        {
          amount: 32.1,
          reason: 'Damaged',
          by: { _id: owner.id, email: owner.email, name: 'Olive Owner' },
        },
      ],
    });
    const rows = await refundRows(orderId);
    expect(rows.map((row) => [row.status, row.amountCents])).toEqual([['succeeded', 3210]]);
    expect(rows[0]?.providerRefundId).toMatch(/^tre_/);
    expect(accepted.timeline.map((entry) => entry.action)).toContain('order.refunded');
  });

  it('refuses more than what remains (409), refunds the rest, then nothing more', async () => {
    const orderId = await oneShirt();
    expect(
      (await post(`/api/admin/orders/${orderId}/refund`, { amount: 50, reason: 'Late' })).status,
    ).toBe(200);
    const tooMuch = await post(`/api/admin/orders/${orderId}/refund`, {
      amount: 3.51,
      reason: 'Late',
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe(ADMIN_ORDER_MESSAGES.refundTooLarge('$3.50'));
    const rest = await post(`/api/admin/orders/${orderId}/refund`, { amount: 3.5, reason: 'Tax' });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ status: 'refunded', refundedPrice: 53.5 });
    const none = await post(`/api/admin/orders/${orderId}/refund`, { amount: 0.01, reason: 'x' });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(ADMIN_ORDER_MESSAGES.notRefundable);
  });

  it('validates the request: 400 for bad amounts, unknown lines or reasons, 404 for unknown orders', async () => {
    const orderId = await oneShirt();
    const url = `/api/admin/orders/${orderId}/refund`;
    for (const body of [
      { amount: 0, reason: 'x' },
      { amount: -1, reason: 'x' },
      { amount: 1.001, reason: 'x' },
      { amount: 1e300, reason: 'x' },
      { amount: '1', reason: 'x' },
      { amount: 1, reason: ' ' },
      { amount: 1, reason: 'x', restock: [{ product: shirtId, size: 'L', qty: 0 }] },
    ]) {
      const answer = await post(url, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
    const wrongLine = await post(url, {
      amount: 1,
      reason: 'x',
      restock: [{ product: shirtId, size: 'XL', qty: 1 }],
    });
    expect(wrongLine.status).toBe(400);
    expect(wrongLine.body.message).toBe(ADMIN_ORDER_MESSAGES.restockNotInOrder);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const missing = await post(`/api/admin/orders/${id}/refund`, { amount: 1, reason: 'x' });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(ADMIN_ORDER_MESSAGES.notFound);
    }
    expect(await refundRows(orderId)).toEqual([]);
  });

  it('refuses to refund an order that is not paid', async () => {
    const { orderId } = await placeUnpaidOrder(t, {
      lines: [{ product: shirtId, qty: 1, size: 'L' }],
    });
    const refused = await post(`/api/admin/orders/${orderId}/refund`, {
      amount: 1,
      reason: 'x',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ADMIN_ORDER_MESSAGES.notRefundable);
    const cancel = await post(`/api/admin/orders/${orderId}/cancel`, { reason: 'x' });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(ADMIN_ORDER_MESSAGES.notCancellable);
  });

  it('gives back exactly the units named, never more than were ordered', async () => {
    const orderId = await placePaidOrder(t, {
      lines: [
        { product: shirtId, qty: 3, size: 'S/M' },
        { product: toteId, qty: 2, option: 'B' },
      ],
      email: 'restock@example.com',
    });
    const before = {
      sm: await stockOf(shirtId, 'S/M'),
      l: await stockOf(shirtId, 'L'),
      b: await stockOf(toteId, 'B'),
      a: await stockOf(toteId, 'A'),
    };
    const url = `/api/admin/orders/${orderId}/refund`;
    const first = await post(url, {
      amount: 50,
      reason: 'Returned one shirt',
      restock: [
        { product: shirtId, size: 'S/M', qty: 1 },
        { product: shirtId, size: 'S/M', qty: 1 },
      ],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // The back office counts the next refund of a line from the units already back (per line).
    expect(first.body.restockedUnits).toEqual([2, 0]);
    expect(await stockOf(shirtId, 'S/M')).toBe((before.sm ?? 0) + 2);
    expect(await stockOf(toteId, 'B')).toBe(before.b);
    expect(await stockOf(shirtId, 'L')).toBe(before.l);
    expect(await stockOf(toteId, 'A')).toBe(before.a);

    const tooMany = await post(url, {
      amount: 1,
      reason: 'x',
      restock: [{ product: shirtId, size: 'S/M', qty: 2 }],
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe(ADMIN_ORDER_MESSAGES.restockTooMany);
    const totes = await post(url, {
      amount: 1,
      reason: 'Tote back',
      restock: [{ product: toteId, option: 'B', qty: 2 }],
    });
    expect(totes.status).toBe(200);
    expect(totes.body.restockedUnits).toEqual([2, 2]);
    expect(await stockOf(toteId, 'B')).toBe((before.b ?? 0) + 2);
    expect(await stockOf(shirtId, 'S/M')).toBe((before.sm ?? 0) + 2);
    const rows = await refundRows(orderId);
    expect(rows.map((row) => row.restock)).toEqual(
      expect.arrayContaining([
        [{ productId: shirtId, variant: 'S/M', qty: 2 }],
        [{ productId: toteId, variant: 'B', qty: 2 }],
      ]),
    );
  });

  it('is for the owner: staff get 403 on refund and cancel, and nothing changes', async () => {
    const orderId = await oneShirt();
    const refund = await post(
      `/api/admin/orders/${orderId}/refund`,
      { amount: 1, reason: 'x' },
      staff.token,
    );
    expect(refund.status).toBe(403);
    expect(refund.body.message).toBe(BACK_OFFICE_MESSAGES.ownerOnly);
    const cancel = await post(`/api/admin/orders/${orderId}/cancel`, { reason: 'x' }, staff.token);
    expect(cancel.status).toBe(403);
    expect(await refundRows(orderId)).toEqual([]);
  });
});

describe('cancel', () => {
  it('refunds what remains and restocks every unit not yet restocked, once', async () => {
    const orderId = await placePaidOrder(t, {
      lines: [
        { product: shirtId, qty: 2, size: 'XL' },
        { product: toteId, qty: 1, option: 'A' },
      ],
      email: 'cancel@example.com',
    });
    // $125 of items, free shipping, $8.75 tax: $133.75.
    const xl = await stockOf(shirtId, 'XL');
    const a = await stockOf(toteId, 'A');
    const partial = await post(`/api/admin/orders/${orderId}/refund`, {
      amount: 50,
      reason: 'One shirt back',
      restock: [{ product: shirtId, size: 'XL', qty: 1 }],
    });
    expect(partial.status).toBe(200);
    expect(await stockOf(shirtId, 'XL')).toBe((xl ?? 0) + 1);

    const cancelled = await post(`/api/admin/orders/${orderId}/cancel`, {
      reason: 'Customer changed their mind',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const body = adminOrderSchema.parse(cancelled.body);
    expect(body).toMatchObject({ status: 'cancelled', refundedPrice: 133.75 });
    expect(body.refunds.map((refund) => refund.amount)).toEqual([50, 83.75]);
    expect(await stockOf(shirtId, 'XL')).toBe((xl ?? 0) + 2);
    expect(await stockOf(toteId, 'A')).toBe((a ?? 0) + 1);
    expect(body.timeline.map((entry) => entry.action)).toContain('order.cancelled');

    const again = await post(`/api/admin/orders/${orderId}/cancel`, { reason: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ADMIN_ORDER_MESSAGES.notCancellable);
    expect(await stockOf(shirtId, 'XL')).toBe((xl ?? 0) + 2);
  });

  it('two cancels at once: one cancels, the other gets 409', async () => {
    const orderId = await oneShirt();
    const l = await stockOf(shirtId, 'L');
    const answers = await Promise.all(
      [1, 2].map(() => post(`/api/admin/orders/${orderId}/cancel`, { reason: 'Twice' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await stockOf(shirtId, 'L')).toBe((l ?? 0) + 1);
    expect((await refundRows(orderId)).map((row) => row.amountCents)).toEqual([5350]);
  });

  it('refuses a shipped order', async () => {
    const orderId = await oneShirt();
    expect(
      (await post(`/api/admin/orders/${orderId}/ship`, { carrier: 'DHL', trackingNumber: '42' }))
        .status,
    ).toBe(200);
    const refused = await post(`/api/admin/orders/${orderId}/cancel`, { reason: 'Too late' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ADMIN_ORDER_MESSAGES.notCancellable);
  });
});

import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderSchema, type AdminOrder } from '@shop/shared/admin-orders';
import { unitsRefundCents } from '@shop/shared/line-refunds';
import { toCents } from '@shop/shared/money';
import { orders } from '../../db/schema';
import { openApiClient, type ApiClient } from '../../test/api-client';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import {
  SAMPLE_ADDRESS,
  addProduct,
  deliverTestEvent,
  productIdByHandle,
  testCheckoutSigner,
} from '../../test/fixtures';
import { TEST_DATABASE_URL, createTestApp, type TestApp } from '../../test/test-app';
import { insertDiscount } from './service';

const where = TEST_DATABASE_URL ? 'two API processes on PostgreSQL' : 'PGlite';
/** The 1,000 orders on PostgreSQL; a tenth of them in process on PGlite. */
const RUNS = TEST_DATABASE_URL ? 1000 : 100;

let t: TestApp;
let api: ApiClient;
let owner: { token: string };
const products: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  const prices = [1999, 3200, 4850, 777, 12_345];
  for (const [i, priceCents] of prices.entries()) {
    await addProduct(t.database.db, {
      handle: `refund-prop-${i}`,
      name: `Refund Prop ${i}`,
      priceCents,
      stock: { total: 100_000 },
    });
    products.push(await productIdByHandle(t.database.db, `refund-prop-${i}`));
  }
  owner = await addBackOfficeUser(t, 'owner');
  api = await openApiClient(t, { RATE_LIMIT_PER_MINUTE: '1000000' });
}, 60_000);
afterAll(async () => {
  await api.stop();
  await t.close();
});

let runs = 0;

/** A random discount: a percentage or a fixed amount, off everything or off some products. */
const discountArb = fc.record({
  kind: fc.constantFrom('percentage' as const, 'fixed' as const),
  percent: fc.integer({ min: 1, max: 100 }),
  amountCents: fc.integer({ min: 1, max: 40_000 }),
  targets: fc.subarray([0, 1, 2, 3, 4], { minLength: 0 }),
});
const orderArb = fc.record({
  lines: fc.uniqueArray(
    fc.record({ product: fc.integer({ min: 0, max: 4 }), qty: fc.integer({ min: 1, max: 4 }) }),
    { minLength: 1, maxLength: 4, selector: (line) => line.product },
  ),
  discount: discountArb,
  steps: fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 12 }),
});

describe(`refunds of discounted orders (${where})`, () => {
  it(`never pass what was paid, give back every line exactly, and leave the other lines alone (${RUNS} random orders)`, async () => {
    await fc.assert(
      fc.asyncProperty(orderArb, async ({ lines, discount, steps }) => {
        runs += 1;
        const code = `PROP-${runs}-${Date.now()}`;
        const targets = discount.targets.map((i) => products[i] ?? '');
        await insertDiscount(
          t.database.db,
          {
            title: code,
            kind: discount.kind,
            percent: discount.kind === 'percentage' ? discount.percent : null,
            amountCents: discount.kind === 'fixed' ? discount.amountCents : null,
            wholeOrder: targets.length === 0,
            productIds: targets,
          },
          [{ code, usageLimit: null }],
        );
        const items = lines.map((line) => ({ product: products[line.product], qty: line.qty }));
        const placed = await api.call('POST', '/api/orders/guest-checkout-session', {
          body: {
            orderItems: items,
            shippingAddress: SAMPLE_ADDRESS,
            email: `prop${runs}@example.com`,
            discountCode: code,
          },
          ip: `10.91.${Math.floor(runs / 250)}.${(runs % 250) + 1}`,
        });
        // A code for products not in this cart is refused; the property is about the rest.
        if (placed.status === 400) {
          expect(placed.body.message).toBe('This code is not for the items in your cart');
          return;
        }
        expect(placed.status, JSON.stringify(placed.body)).toBe(200);
        const sessionId = new URL(String(placed.body.url)).pathname.split('/').pop() ?? '';
        const paid = await deliverTestEvent(
          t.app,
          testCheckoutSigner(t.env.JWT_SECRET ?? '').signedEvent('checkout.completed', sessionId),
        );
        expect(paid.json().outcome).toBe('paid');
        const [row] = await t.database.db
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.paymentSessionId, sessionId));
        const orderId = row?.id ?? '';
        const read = async (): Promise<AdminOrder> =>
          adminOrderSchema.parse(
            (await api.call('GET', `/api/admin/orders/${orderId}`, { token: owner.token })).body,
          );
        const order = await read();
        const paidForItems = toCents(order.totalPrice) - toCents(order.shippingPrice);
        // The shares the server kept add up to what was paid for items and tax.
        expect(
          order.lineShares.reduce((sum, share) => sum + share.itemsCents + share.taxCents, 0),
        ).toBe(paidForItems);

        const done = order.orderItems.map(() => 0);
        const left = (i: number) =>
          unitsRefundCents(
            order.lineShares[i] ?? { itemsCents: 0, taxCents: 0 },
            order.orderItems[i]?.qty ?? 1,
            {
              units: (order.orderItems[i]?.qty ?? 0) - (done[i] ?? 0),
              done: done[i] ?? 0,
            },
          );
        let refunded = 0;
        let step = 0;
        while (done.some((units, i) => units < (order.orderItems[i]?.qty ?? 0))) {
          const open = done.flatMap((units, i) =>
            units < (order.orderItems[i]?.qty ?? 0) ? [i] : [],
          );
          const pick = steps[step % steps.length] ?? 0;
          step += 1;
          const i = open[pick % open.length] ?? 0;
          const remaining = (order.orderItems[i]?.qty ?? 0) - (done[i] ?? 0);
          const units = 1 + (pick % remaining);
          const others = order.orderItems.map((_, j) => (j === i ? 0 : left(j)));
          const cents = unitsRefundCents(
            order.lineShares[i] ?? { itemsCents: 0, taxCents: 0 },
            order.orderItems[i]?.qty ?? 1,
            { units, done: done[i] ?? 0 },
          );
          done[i] = (done[i] ?? 0) + units;
          // A unit of a fully discounted line was paid nothing: there is nothing to refund.
          if (cents > 0) {
            const answer = await api.call('POST', `/api/admin/orders/${orderId}/refund`, {
              token: owner.token,
              body: { amount: cents / 100, reason: 'Returned' },
            });
            expect(answer.status, JSON.stringify(answer.body)).toBe(200);
            refunded += cents;
          }
          expect(refunded).toBeLessThanOrEqual(paidForItems);
          // No line's refund changes what another line has left to refund.
          order.orderItems.forEach((_, j) => {
            if (j !== i) expect(left(j)).toBe(others[j]);
          });
        }
        // Line by line, every cent paid for items and tax came back.
        expect(refunded).toBe(paidForItems);
        const after = await read();
        expect(toCents(after.refundedPrice)).toBe(paidForItems);
        expect(after.lineShares).toEqual(order.lineShares);
        // A cent more than what was paid for the items and tax is only the shipping's to give.
        if (toCents(order.shippingPrice) === 0) {
          const more = await api.call('POST', `/api/admin/orders/${orderId}/refund`, {
            token: owner.token,
            body: { amount: 0.01, reason: 'Returned' },
          });
          expect(more.status).toBe(409);
        }
      }),
      { numRuns: RUNS },
    );
  }, 900_000);
});

import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADJUST_REASONS } from '@shop/shared/admin-catalog';
import type { Variant } from '@shop/shared/catalog';
import { orders } from '../../db/schema';
import { AppError } from '../../errors';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import {
  SAMPLE_ADDRESS,
  addProduct,
  deliverTestEvent,
  productIdByHandle,
  testCheckoutSigner,
} from '../../test/fixtures';
import { TEST_DATABASE_URL, createTestApp, type TestApp } from '../../test/test-app';
import { expireLapsedHolds } from '../../flows/order-holds';
import type { OrdersContext } from '../orders/service';
import { adjustStock, type StockContext } from './service';

/**
 * The ledger's invariant under random sequences of adjustments, concurrent checkouts, hold
 * expiries, payments and refund restocks: for every variant, on-hand is the sum of `change`, held
 * the sum of `heldChange` and the units of its unpaid orders, and nothing goes below zero. Each
 * step runs its operations at once (Promise.all); on PostgreSQL they really run in parallel.
 */

const RUNS = TEST_DATABASE_URL ? 1000 : 100;
const SIZES = ['S/M', 'L', 'XL'] as const;
type Size = (typeof SIZES)[number];

let t: TestApp;
let ownerToken: string;
let stockCtx: StockContext;
let ordersCtx: OrdersContext;
let actor: Parameters<typeof adjustStock>[2];
let counter = 0;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', ACTION_LIMIT_SCALE: '100000' });
  const owner = await addBackOfficeUser(t, 'owner', { name: 'Property Owner' });
  ownerToken = owner.token;
  actor = { user: { id: owner.id, email: owner.email, name: owner.name }, clientAddress: '::1' };
  const noop = () => {};
  stockCtx = {
    db: t.database.db,
    appUrl: 'http://shop.test',
    supportEmail: 'support@shop.test',
    wakeMail: noop,
    onStockChanged: noop,
  };
  ordersCtx = {
    db: t.database.db,
    secret: new Uint8Array(32),
    appUrl: 'http://shop.test',
    supportEmail: 'support@shop.test',
    wakeMail: noop,
    onStockChanged: noop,
  };
});
afterAll(async () => {
  await t?.close();
});

type Operation =
  | { kind: 'adjust'; size: Size; change: number; reason: (typeof ADJUST_REASONS)[number] }
  | { kind: 'checkout'; lines: { size: Size; qty: number }[] }
  | { kind: 'expire'; pick: number }
  | { kind: 'pay'; pick: number }
  | { kind: 'refund'; pick: number; qty: number };

const size = fc.constantFrom(...SIZES);
const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      size,
      change: fc.integer({ min: -6, max: 6 }).filter((change) => change !== 0),
      reason: fc.constantFrom(...ADJUST_REASONS),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('checkout' as const),
      lines: fc.uniqueArray(fc.record({ size, qty: fc.integer({ min: 1, max: 3 }) }), {
        minLength: 1,
        maxLength: 2,
        selector: (line) => line.size,
      }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('expire' as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      pick: fc.nat(),
      qty: fc.integer({ min: 1, max: 3 }),
    }),
  },
);
const scenario = fc.record({
  opening: fc.tuple(...SIZES.map(() => fc.integer({ min: 0, max: 6 }))),
  /** Each step's operations run at once. */
  steps: fc.array(fc.array(operation, { minLength: 1, maxLength: 3 }), {
    minLength: 1,
    maxLength: 4,
  }),
});

interface Run {
  productId: string;
  /** Orders of this run: opened (maybe paid or expired since), and paid with their lines. */
  opened: { orderId: string; sessionId: string }[];
  paid: { orderId: string; lines: { size: Size; qty: number }[] }[];
  lines: Map<string, { size: Size; qty: number }[]>;
}

const pick = <T>(list: T[], index: number): T | undefined =>
  list.length ? list[index % list.length] : undefined;

/** A refused change is a 409 (an AppError 'conflict'); anything else fails the property. */
async function allowConflict(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof AppError && error.kind === 'conflict')) throw error;
  }
}

async function perform(run: Run, op: Operation): Promise<void> {
  switch (op.kind) {
    case 'adjust':
      return allowConflict(
        adjustStock(
          stockCtx,
          {
            product: run.productId,
            size: op.size,
            option: 'NA',
            change: op.change,
            reason: op.reason,
          },
          actor,
        ),
      );
    case 'checkout': {
      counter += 1;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/orders/guest-checkout-session',
        remoteAddress: `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`,
        payload: {
          orderItems: op.lines.map((line) => ({
            product: run.productId,
            size: line.size,
            qty: line.qty,
          })),
          shippingAddress: SAMPLE_ADDRESS,
          email: `buyer-${counter}@example.com`,
        },
      });
      if (response.statusCode === 409) return;
      expect(response.statusCode, response.body).toBe(200);
      const sessionId = new URL(response.json().url).pathname.split('/').pop() ?? '';
      const [order] = await t.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.paymentSessionId, sessionId));
      if (!order) throw new Error('no order for the session');
      run.opened.push({ orderId: order.id, sessionId });
      run.lines.set(order.id, op.lines);
      return;
    }
    case 'expire': {
      const order = pick(run.opened, op.pick);
      if (!order) return;
      await t.database.db
        .update(orders)
        .set({ holdExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(orders.id, order.orderId));
      await expireLapsedHolds(ordersCtx);
      return;
    }
    case 'pay': {
      const order = pick(run.opened, op.pick);
      if (!order) return;
      const event = testCheckoutSigner(t.env.JWT_SECRET ?? '').signedEvent(
        'checkout.completed',
        order.sessionId,
      );
      const response = await deliverTestEvent(t.app, event);
      expect(response.statusCode, response.body).toBe(200);
      if (response.json().outcome === 'paid')
        run.paid.push({ orderId: order.orderId, lines: run.lines.get(order.orderId) ?? [] });
      return;
    }
    case 'refund': {
      const order = pick(run.paid, op.pick);
      const line = order?.lines[0];
      if (!order || !line) return;
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.orderId}/refund`,
        headers: { authorization: `Bearer ${ownerToken}` },
        payload: {
          amount: 0.01,
          reason: 'Property test',
          restock: [{ product: run.productId, size: line.size, qty: Math.min(op.qty, line.qty) }],
        },
      });
      // 409: those units are back already, or the order was refunded in full.
      expect([200, 409], response.body).toContain(response.statusCode);
      return;
    }
  }
}

interface LedgerRow {
  variant: string;
  on_hand: number;
  held: number;
  available: number;
  changes: number;
  held_changes: number;
  unpaid_units: number;
  last_on_hand: number | null;
  last_held: number | null;
}

async function ledgerOf(productId: string): Promise<LedgerRow[]> {
  const result = await t.database.db.execute(sql`
    select s.key as variant, s.on_hand, s.held, s.available,
      (select coalesce(sum(m.change), 0)::int from stock_movements m
        where m.product_id = s.product_id and m.variant = s.key) as changes,
      (select coalesce(sum(m.held_change), 0)::int from stock_movements m
        where m.product_id = s.product_id and m.variant = s.key) as held_changes,
      (select coalesce(sum(oi.qty), 0)::int from order_items oi join orders o on o.id = oi.order_id
        where o.status = 'pending_payment' and oi.product_id = s.product_id
          and oi.variant = s.key) as unpaid_units,
      (select m.on_hand_after from stock_movements m
        where m.product_id = s.product_id and m.variant = s.key
        order by m.seq desc limit 1) as last_on_hand,
      (select m.held_after from stock_movements m
        where m.product_id = s.product_id and m.variant = s.key
        order by m.seq desc limit 1) as last_held
    from variants s where s.product_id = ${productId} order by s.key`);
  return (result as unknown as { rows: LedgerRow[] }).rows;
}

/** The invariant, as plain checks (a failure names the variant and the numbers). */
async function checkLedger(productId: string): Promise<void> {
  const rows = await ledgerOf(productId);
  expect(rows.map((row) => row.variant).sort()).toEqual([...SIZES].sort());
  for (const row of rows) {
    const what = JSON.stringify(row);
    expect(row.on_hand, what).toBe(row.changes);
    expect(row.held, what).toBe(row.held_changes);
    expect(row.held, what).toBe(row.unpaid_units);
    expect(row.available, what).toBe(row.on_hand - row.held);
    expect(row.available, what).toBeGreaterThanOrEqual(0);
    expect(row.on_hand, what).toBeGreaterThanOrEqual(0);
    expect(row.held, what).toBeGreaterThanOrEqual(0);
    if (row.last_on_hand !== null) {
      expect(row.last_on_hand, what).toBe(row.on_hand);
      expect(row.last_held, what).toBe(row.held);
    }
  }
}

describe('the stock ledger (property)', () => {
  it(`keeps on-hand and held equal to the sums of their movements, never below zero (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ opening, steps }) => {
        counter += 1;
        const handle = `ledger-${counter}`;
        const [small = 0, large = 0, xlarge = 0] = opening;
        await addProduct(t.database.db, {
          handle,
          name: `Ledger ${counter}`,
          hasSize: true,
          stock: { 'S/M': small, L: large, XL: xlarge } satisfies Partial<Record<Variant, number>>,
        });
        const run: Run = {
          productId: await productIdByHandle(t.database.db, handle),
          opened: [],
          paid: [],
          lines: new Map(),
        };
        for (const step of steps) {
          await Promise.all(step.map((op) => perform(run, op)));
          await checkLedger(run.productId);
        }
      }),
      { numRuns: RUNS },
    );
  }, 300_000);
});

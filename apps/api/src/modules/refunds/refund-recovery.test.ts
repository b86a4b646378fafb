import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ORDER_MESSAGES, adminOrderSchema } from '@shop/shared/admin-orders';
import { orderSchema } from '@shop/shared/orders';
import { auditLog, mailOutbox, orders, refunds, stockMovements } from '../../db/schema';
import { openAnotherApp } from '../../test/another-app';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { addProduct, productIdByHandle, stockLevel, testCheckoutSigner } from '../../test/fixtures';
import { placePaidOrder } from '../../test/paid-orders';
import { createTestApp, type TestApp } from '../../test/test-app';
import { RefundRefusedError, type PaymentProvider, type RefundInput } from '../payments/provider';
import { deriveKey } from '../../lib/keys';
import { orderAccessToken } from '../orders/order-access';
import { PENDING_REFUND_GRACE_MS } from '../../flows/refund-recovery';
import { insertRefund } from './repository';

const ENV = { RATE_LIMIT_PER_MINUTE: '100000' };
const JWT_SECRET = 'test-secret-that-is-long-enough-0123456789';
/** The shop's own test checkout (same secret as the apps): it answers a repeated key with the same refund. */
const testCheckout = testCheckoutSigner(JWT_SECRET);
const orderKey = deriveKey(new TextEncoder().encode(JWT_SECRET), 'order-access');

/** Every refund the provider was asked for, by any app of the test, in order. */
const asked: RefundInput[] = [];
/** The test checkout, with the refunds it is asked for written down. */
const recording: PaymentProvider = {
  ...testCheckout,
  async refund(input) {
    asked.push(input);
    return testCheckout.refund(input);
  },
};

/**
 * The first process: the provider makes the refund, then the process dies before it records it
 * (its answer never comes back until the test wakes it). `atCrash` tells the test the refund is
 * at that point; each refund asked of it is a new crash.
 */
function crashingProvider() {
  let reached!: (refundId: string) => void;
  let wake!: () => void;
  const crash = {
    atCrash: Promise.resolve(''),
    revived: Promise.resolve(),
    wake: () => wake(),
  };
  const arm = () => {
    crash.atCrash = new Promise<string>((resolve) => (reached = resolve));
    crash.revived = new Promise<void>((resolve) => (wake = resolve));
  };
  arm();
  const provider: PaymentProvider = {
    ...testCheckout,
    async refund(input) {
      const made = await recording.refund(input);
      const revived = crash.revived;
      reached(made.id);
      await revived;
      return made;
    },
  };
  return { provider, crash, arm };
}

let t: TestApp;
const crashing = crashingProvider();
const crash = crashing.crash;
let owner: { token: string; id: string; email: string; name: string };
let shirtId: string;

beforeAll(async () => {
  t = await createTestApp(ENV, { paymentProvider: crashing.provider });
  await addProduct(t.database.db, {
    handle: 'recovery-shirt',
    name: 'Recovery Shirt',
    priceCents: 5000,
    hasSize: true,
    stock: { 'S/M': 40, L: 40, XL: 40 },
  });
  shirtId = await productIdByHandle(t.database.db, 'recovery-shirt');
  owner = await addBackOfficeUser(t, 'owner', { name: 'Rita Recovery' });
}, 60_000);
afterAll(async () => {
  crash.wake();
  await t.close();
});

/** Another API process on the same database, with the test checkout and a clock the test moves. */
const anotherProcess = (clock: { now: number }, paymentProvider = recording) =>
  openAnotherApp(t, ENV, { paymentProvider, now: () => clock.now });

/** What settling a refund writes, for one order: counted, so 'once' means once. */
async function effectsOf(orderId: string) {
  const db = t.database.db;
  const [audit] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.orderId, orderId), eq(auditLog.action, 'order.refunded')));
  const [cancelAudit] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.orderId, orderId), eq(auditLog.action, 'order.cancelled')));
  const mails = await db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(eq(mailOutbox.orderId, orderId));
  const restocks = await db
    .select({ change: stockMovements.change })
    .from(stockMovements)
    .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.reason, 'refund_restock')));
  const [order] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return {
    refundedAudits: audit?.n ?? 0,
    cancelledAudits: cancelAudit?.n ?? 0,
    refundMails: mails.filter((mail) => /refund|cancelled/i.test(mail.subject)).length,
    restocked: restocks.map((row) => row.change),
    status: order?.status,
  };
}

const refundRowsOf = (orderId: string) =>
  t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));

/** Starts a refund (or cancellation) on the first process, which dies once the provider made it. */
async function interruptedRefund(url: string, body: unknown) {
  const request = t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${owner.token}` },
    payload: body as object,
  });
  const providerRefundId = await crash.atCrash;
  return { request, providerRefundId };
}

describe('a refund interrupted between asking the provider and recording its answer', () => {
  it('is finished once by a recovery sweep on another process, asking with the same idempotency key', async () => {
    const orderId = await placePaidOrder(t, {
      lines: [{ product: shirtId, qty: 2, size: 'L' }],
      email: 'crash@example.com',
    });
    const before = await stockLevel(t.database.db, shirtId, 'L');
    const { request, providerRefundId } = await interruptedRefund(
      `/api/admin/orders/${orderId}/refund`,
      {
        amount: 53.5,
        reason: 'One shirt came back',
        restock: [{ product: shirtId, size: 'L', qty: 1 }],
      },
    );
    const [pending] = await refundRowsOf(orderId);
    expect(pending?.status).toBe('pending');
    expect(asked.map((input) => input.idempotencyKey)).toEqual([`refund-${pending?.id}`]);

    const clock = { now: Date.now() };
    const other = await anotherProcess(clock);
    try {
      const detail = async () =>
        adminOrderSchema.parse(
          (
            await other.app.inject({
              url: `/api/admin/orders/${orderId}`,
              headers: { authorization: `Bearer ${owner.token}` },
            })
          ).json(),
        );
      /** The order as the buyer sees it through the link in their mail. */
      const buyersView = async () =>
        orderSchema.parse(
          (
            await other.app.inject({
              url: `/api/orders/${orderId}?token=${orderAccessToken(orderKey, orderId)}`,
            })
          ).json(),
        );
      // The back office shows it as asked for, not as done; the buyer is not told of it yet.
      expect((await detail()).refunds).toMatchObject([{ amount: 53.5, status: 'pending' }]);
      expect((await buyersView()).refundedPrice).toBe(0);

      // Within the grace period the request may still be waiting on the provider: left alone.
      await other.app.refundRecovery.sweep();
      expect(asked).toHaveLength(1);
      expect((await refundRowsOf(orderId))[0]?.status).toBe('pending');

      // A day later the provider may have forgotten the key: it is not asked again.
      clock.now += 24 * 60 * 60_000;
      await other.app.refundRecovery.sweep();
      expect(asked).toHaveLength(1);

      clock.now -= 24 * 60 * 60_000 - PENDING_REFUND_GRACE_MS - 1000;
      await other.app.refundRecovery.sweep();
      expect(asked.map((input) => input.idempotencyKey)).toEqual([
        `refund-${pending?.id}`,
        `refund-${pending?.id}`,
      ]);
      const [settled] = await refundRowsOf(orderId);
      expect(settled).toMatchObject({ status: 'succeeded', providerRefundId });
      const once = {
        refundedAudits: 1,
        cancelledAudits: 0,
        refundMails: 1,
        restocked: [1],
        status: 'partially_refunded',
      };
      expect(await effectsOf(orderId)).toEqual(once);
      expect(await stockLevel(t.database.db, shirtId, 'L')).toBe((before ?? 0) + 1);
      expect((await detail()).refunds).toMatchObject([{ amount: 53.5, status: 'succeeded' }]);
      expect((await buyersView()).refundedPrice).toBe(53.5);

      // Another sweep, and the first process's late answer, change nothing.
      await other.app.refundRecovery.sweep();
      crash.wake();
      expect((await request).statusCode).toBe(200);
      expect(asked).toHaveLength(2);
      expect(await effectsOf(orderId)).toEqual(once);
    } finally {
      await other.close();
    }
  });

  it(`two sweeps at once finish an interrupted cancellation once`, async () => {
    crashing.arm();
    const orderId = await placePaidOrder(t, {
      lines: [{ product: shirtId, qty: 3, size: 'XL' }],
      email: 'crash-cancel@example.com',
    });
    const before = await stockLevel(t.database.db, shirtId, 'XL');
    const { request, providerRefundId } = await interruptedRefund(
      `/api/admin/orders/${orderId}/cancel`,
      { reason: 'Ordered twice' },
    );
    const askedBefore = asked.length;

    const clock = { now: Date.now() + PENDING_REFUND_GRACE_MS + 1000 };
    const [one, two] = await Promise.all([anotherProcess(clock), anotherProcess(clock)]);
    try {
      await Promise.all([one!.app.refundRecovery.sweep(), two!.app.refundRecovery.sweep()]);
      // One sweep took it (the other skipped it) and asked once more with the same key.
      const [row] = await refundRowsOf(orderId);
      expect(row).toMatchObject({ status: 'succeeded', providerRefundId, cancels: true });
      expect(asked.slice(askedBefore).map((input) => input.idempotencyKey)).toEqual([
        `refund-${row?.id}`,
      ]);
      expect(await effectsOf(orderId)).toEqual({
        refundedAudits: 0,
        cancelledAudits: 1,
        refundMails: 1,
        restocked: [3],
        status: 'cancelled',
      });
      expect(await stockLevel(t.database.db, shirtId, 'XL')).toBe((before ?? 0) + 3);
      crash.wake();
      expect((await request).statusCode).toBe(200);
    } finally {
      await Promise.all([one!.close(), two!.close()]);
    }
  });

  it('is marked failed when the provider definitely refuses it on the sweep, as the request would have', async () => {
    crashing.arm();
    const orderId = await placePaidOrder(t, {
      lines: [{ product: shirtId, qty: 1, size: 'S/M' }],
      email: 'crash-refused@example.com',
    });
    const before = await stockLevel(t.database.db, shirtId, 'S/M');
    const { request } = await interruptedRefund(`/api/admin/orders/${orderId}/refund`, {
      amount: 10,
      reason: 'Goodwill',
      restock: [{ product: shirtId, size: 'S/M', qty: 1 }],
    });
    const refusing: PaymentProvider = {
      ...testCheckout,
      async refund(input) {
        asked.push(input);
        throw new RefundRefusedError('the charge is disputed');
      },
    };
    const askedBefore = asked.length;
    const other = await anotherProcess(
      { now: Date.now() + PENDING_REFUND_GRACE_MS + 1000 },
      refusing,
    );
    try {
      await other.app.refundRecovery.sweep();
    } finally {
      await other.close();
    }
    const [row] = await refundRowsOf(orderId);
    expect(row?.status).toBe('failed');
    expect(asked.slice(askedBefore).map((input) => input.idempotencyKey)).toEqual([
      `refund-${row?.id}`,
    ]);
    const [refusal] = await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.orderId, orderId), eq(auditLog.action, 'order.refund_failed')));
    expect(refusal?.n).toBe(1);
    expect(await effectsOf(orderId)).toEqual({
      refundedAudits: 0,
      cancelledAudits: 0,
      refundMails: 0,
      restocked: [],
      status: 'paid',
    });
    expect(await stockLevel(t.database.db, shirtId, 'S/M')).toBe(before);
    crash.wake();
    await request;
    expect((await refundRowsOf(orderId))[0]?.status).toBe('failed');
  });
});

/** How often the provider was asked for each of these refunds. */
const timesAsked = (...refundIds: string[]) =>
  refundIds.map((id) => asked.filter((input) => input.idempotencyKey === `refund-${id}`).length);

const refusalAudits = async (orderId: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.orderId, orderId), eq(auditLog.action, 'order.refund_failed')))
  )[0]?.n;

describe('a refund whose provider call ends without a sure answer', () => {
  it('stays pending (never failed) and a later sweep finishes it once with the same key', async () => {
    const orderId = await placePaidOrder(t, {
      lines: [{ product: shirtId, qty: 1, size: 'L' }],
      email: 'timeout@example.com',
    });
    // The call may have reached the provider and made the refund: a reset, a timeout, a 5xx.
    const unsure: PaymentProvider = {
      ...testCheckout,
      async refund(input) {
        asked.push(input);
        throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      },
    };
    const clock = { now: Date.now() };
    const other = await anotherProcess(clock, unsure);
    let refundId: string | undefined;
    try {
      const response = await other.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/refund`,
        headers: { authorization: `Bearer ${owner.token}` },
        payload: {
          amount: 20,
          reason: 'Seam opened',
          restock: [{ product: shirtId, size: 'L', qty: 1 }],
        },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ message: ADMIN_ORDER_MESSAGES.refundUnconfirmed });
      const [row] = await refundRowsOf(orderId);
      refundId = row?.id;
      expect(row).toMatchObject({ status: 'pending', claimedUntil: null });
      const detail = await other.app.inject({
        url: `/api/admin/orders/${orderId}`,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(adminOrderSchema.parse(detail.json()).refunds).toMatchObject([
        { amount: 20, status: 'pending' },
      ]);

      // The sweep's call ends the same way: still pending, its claim released for the next sweep.
      clock.now += PENDING_REFUND_GRACE_MS + 1000;
      await other.app.refundRecovery.sweep();
      expect(timesAsked(refundId ?? '')).toEqual([2]);
      expect((await refundRowsOf(orderId))[0]).toMatchObject({
        status: 'pending',
        claimedUntil: null,
      });
    } finally {
      await other.close();
    }

    const later = await anotherProcess(clock);
    try {
      await later.app.refundRecovery.sweep();
    } finally {
      await later.close();
    }
    expect(timesAsked(refundId ?? '')).toEqual([3]);
    expect((await refundRowsOf(orderId))[0]?.status).toBe('succeeded');
    expect(await refusalAudits(orderId)).toBe(0);
    expect(await effectsOf(orderId)).toEqual({
      refundedAudits: 1,
      cancelledAudits: 0,
      refundMails: 1,
      restocked: [1],
      status: 'partially_refunded',
    });
  });

  it('a definite refusal on the request marks it failed and answers why', async () => {
    const orderId = await placePaidOrder(t, {
      lines: [{ product: shirtId, qty: 1, size: 'XL' }],
      email: 'refused-now@example.com',
    });
    const refusing: PaymentProvider = {
      ...testCheckout,
      async refund() {
        throw new RefundRefusedError('the charge is disputed');
      },
    };
    const other = await anotherProcess({ now: Date.now() }, refusing);
    try {
      const response = await other.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/refund`,
        headers: { authorization: `Bearer ${owner.token}` },
        payload: { amount: 5, reason: 'Goodwill', restock: [] },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ message: ADMIN_ORDER_MESSAGES.refundFailed });
    } finally {
      await other.close();
    }
    expect((await refundRowsOf(orderId)).map((row) => row.status)).toEqual(['failed']);
    expect(await refusalAudits(orderId)).toBe(1);
  });
});

/** A refund the request wrote pending and never got to ask for (its process died first). */
const leftPending = (orderId: string, amountCents: number) =>
  insertRefund(t.database.db, {
    orderId,
    amountCents,
    reason: 'Left pending',
    status: 'pending',
    restock: [],
    actor: { id: owner.id, email: owner.email, name: owner.name },
    actorAddress: '127.0.0.1',
  });

describe('two recovery sweeps at once', () => {
  it('never ask the provider for the same refund together, however long one call takes', async () => {
    const orderId = await placePaidOrder(t, {
      lines: [{ product: shirtId, qty: 2, size: 'S/M' }],
      email: 'two-sweeps@example.com',
    });
    const older = await leftPending(orderId, 1000);
    const newer = await leftPending(orderId, 2000);
    // The first sweep's first call hangs until the test lets it answer.
    let atCall!: () => void;
    const called = new Promise<void>((resolve) => (atCall = resolve));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let hung = false;
    const slow: PaymentProvider = {
      ...testCheckout,
      async refund(input) {
        asked.push(input);
        if (!hung) {
          hung = true;
          atCall();
          await answered;
        }
        return testCheckout.refund(input);
      },
    };
    const clock = { now: Date.now() + PENDING_REFUND_GRACE_MS + 1000 };
    const [one, two] = await Promise.all([anotherProcess(clock, slow), anotherProcess(clock)]);
    try {
      const sweeping = one!.app.refundRecovery.sweep();
      await called;
      // Three minutes into that call (three tries of 20 s and more) the other sweep runs.
      clock.now += 3 * 60_000;
      await two!.app.refundRecovery.sweep();
      answer();
      await sweeping;
    } finally {
      await Promise.all([one!.close(), two!.close()]);
    }
    expect(timesAsked(older.id, newer.id)).toEqual([1, 1]);
    expect((await refundRowsOf(orderId)).map((row) => row.status)).toEqual([
      'succeeded',
      'succeeded',
    ]);
    expect((await effectsOf(orderId)).refundedAudits).toBe(2);
  });
});

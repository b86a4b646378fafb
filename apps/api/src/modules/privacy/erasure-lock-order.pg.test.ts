import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { databaseUrlOf } from '../../test/api-client';
import {
  addProduct,
  addVerifiedCustomer,
  openCheckout,
  productIdByHandle,
  stockLevel,
} from '../../test/fixtures';
import { clientAddresses, injector } from '../../test/inject';
import { createTestApp, type TestApp } from '../../test/test-app';
import { lockOrdersOfUser } from '../orders/repository';

// An erasure gives back the stock of all the account's open checkouts in one pass in the stock
// ledger's lock order: a checkout that holds one variant and then takes another never meets it in
// a cycle (PostgreSQL would end one side with a deadlock error, answered 500).
const PASSWORD = 'Fixture-Pass1!';
const nextIp = clientAddresses('10.33');
let t: TestApp;
const call = injector(() => t.app, nextIp);
let checkoutSide: pg.Client;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', ACTION_LIMIT_SCALE: '1000' });
  for (const handle of ['lock-tote', 'lock-strap'])
    await addProduct(t.database.db, {
      handle,
      name: handle,
      priceCents: 1000,
      stock: { total: 50 },
    });
  checkoutSide = new pg.Client({ connectionString: await databaseUrlOf(t.database) });
  await checkoutSide.connect();
});
afterAll(async () => {
  await checkoutSide.end();
  await t.close();
});

/**
 * Whether a backend waits on a lock the checkout side holds. Read from pg_locks, which is live on
 * every call: pg_stat_activity, read inside the checkout side's transaction, keeps the snapshot of
 * its first read until the transaction ends, so a pooled connection the erasure opened after that
 * read was never seen waiting (the erasure then ran into its lock timeout and answered 503).
 */
async function waitsOnCheckoutSide(): Promise<boolean> {
  const { rows } = await checkoutSide.query<{ waiting: boolean }>(
    `select exists (
       select 1 from pg_locks
       where not granted and pg_backend_pid() = any(pg_blocking_pids(pid))
     ) as waiting`,
  );
  return rows[0]?.waiting ?? false;
}

/** A checkout's lock on a variant's stock row (holdUnits updates it). */
const lockStock = (productId: string) =>
  checkoutSide.query(`select 1 from variants where product_id = $1 for update`, [productId]);

describe('account erasure beside checkouts on PostgreSQL', () => {
  it('gives back two open checkouts over two products in the lock order: no deadlock, no 500', async () => {
    const ids = [
      await productIdByHandle(t.database.db, 'lock-tote'),
      await productIdByHandle(t.database.db, 'lock-strap'),
    ].sort();
    const [first, second] = ids as [string, string];
    const pam = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Pam',
      email: 'pam@example.com',
    });
    // Two open checkouts of the account (one its provider would not end when the next began):
    // the newer one over the variant that comes second in the lock order.
    const older = await openCheckout(t, pam, [{ product: first, qty: 1 }], nextIp());
    const newer = await openCheckout(
      t,
      { email: pam.email },
      [{ product: second, qty: 1 }],
      nextIp(),
    );
    for (const orderId of [older.orderId, newer.orderId])
      await t.database.db.update(orders).set({ userId: pam.id }).where(eq(orders.id, orderId));
    // The erasure meets the account's checkouts newest first (orders_user_newest_idx): a release
    // order by order would take `second` before `first`.
    const met = await t.database.db.transaction((tx) =>
      lockOrdersOfUser(tx, pam.id, ['pending_payment', 'paid', 'partially_refunded']),
    );
    expect(met.map((order) => order.id)).toEqual([newer.orderId, older.orderId]);
    const available = async () => [
      await stockLevel(t.database.db, first, 'total'),
      await stockLevel(t.database.db, second, 'total'),
    ];
    expect(await available()).toEqual([49, 49]);

    // A checkout holds the first variant of the lock order…
    await checkoutSide.query('begin');
    await lockStock(first);
    const deletion = call('DELETE', '/api/users/profile', {
      token: pam.token,
      body: { password: PASSWORD },
    });
    // …the erasure waits for it (having taken nothing it needs next: no cycle)…
    let answered = false;
    void deletion.finally(() => (answered = true));
    while (!answered && !(await waitsOnCheckoutSide()))
      await new Promise((resolve) => setImmediate(resolve));
    if (answered) {
      // It never waited: say what it answered instead of spinning until the test times out.
      await checkoutSide.query('rollback');
      const early = await deletion;
      expect.fail(`the erasure answered ${early.statusCode} without waiting: ${early.body}`);
    }
    // …other checkouts of both products queue too, and the first one takes its second variant.
    const checkouts = [1, 2, 3].map(() =>
      openCheckout(
        t,
        { email: `queued.${Math.random()}@example.com` },
        [
          { product: first, qty: 1 },
          { product: second, qty: 1 },
        ],
        nextIp(),
      ).then(
        () => 'ok',
        (error: Error) => error.message,
      ),
    );
    const thenSecond = await lockStock(second).then(
      () => 'ok',
      (error: Error) => error.message,
    );
    await checkoutSide.query(thenSecond === 'ok' ? 'commit' : 'rollback');

    expect(thenSecond).toBe('ok');
    const answer = await deletion;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await Promise.all(checkouts)).toEqual(['ok', 'ok', 'ok']);
    const ended = await t.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(inArray(orders.id, [older.orderId, newer.orderId]));
    expect(ended).toEqual([{ status: 'expired' }, { status: 'expired' }]);
    // Only the three queued checkouts hold stock now.
    expect(await available()).toEqual([47, 47]);
  });
});

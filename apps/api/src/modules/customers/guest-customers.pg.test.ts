import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrlOf } from '../../test/api-client';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The guest rows the orders' trigger keeps (decision 053), with payments of one guest in
 * transactions that overlap (PGlite has one connection: its transactions never do).
 */

let t: TestApp;
let first: pg.Client;
let second: pg.Client;

beforeAll(async () => {
  t = await createTestApp();
  const url = await databaseUrlOf(t.database);
  first = new pg.Client({ connectionString: url });
  second = new pg.Client({ connectionString: url });
  await Promise.all([first.connect(), second.connect()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([first.end(), second.end()]);
  await t.close();
});

const EMAIL = 'overlap@guest.test';

/** An unpaid guest checkout of EMAIL placed `minutesAgo`; answers its id. */
async function checkout(minutesAgo: number): Promise<string> {
  const result = await first.query<{ id: string }>(
    `insert into orders (customer_name, email, shipping_address, payment_method, items_cents,
       shipping_cents, tax_cents, total_cents, payment_provider, hold_expires_at, created_at)
     values ('Guest', $1, '{}'::jsonb, 'Stripe', 100, 0, 0, 100, 'test-checkout', now(),
       now() - $2 * interval '1 minute')
     returning id`,
    [EMAIL, minutesAgo],
  );
  return result.rows[0]?.id ?? '';
}

const pay = (client: pg.Client, id: string) =>
  client.query(`update orders set status = 'paid', paid_at = now() where id = $1`, [id]);

describe('guest customers kept by the orders’ trigger', () => {
  it('names the first paid order when two payments of one guest overlap', async () => {
    const older = await checkout(20);
    const newer = await checkout(10);
    await first.query('begin');
    await second.query('begin');
    await pay(first, newer);
    // The second payment waits for the first's refresh of this guest, then reads what it wrote.
    const waiting = pay(second, older);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await first.query('commit');
    await waiting;
    await second.query('commit');
    const rows = await first.query<{ first_order_id: string }>(
      'select first_order_id from guest_customers where email_key = $1',
      [EMAIL],
    );
    expect(rows.rows).toEqual([{ first_order_id: older }]);
  });
});

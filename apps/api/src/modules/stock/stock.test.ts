import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_CATALOG_MESSAGES,
  ADJUST_REASONS,
  STOCK_MOVEMENTS_PAGE_SIZE,
  stockMovementsResponseSchema,
  variantStockResponseSchema,
} from '@shop/shared/admin-catalog';
import { adminSummarySchema } from '@shop/shared/admin-orders';
import { BACK_OFFICE_MESSAGES } from '@shop/shared/back-office';
import { auditLog, mailOutbox, variants, stockMovements } from '../../db/schema';
import { openApiClient, type ApiClient } from '../../test/api-client';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { addProduct, addVerifiedCustomer, productIdByHandle } from '../../test/fixtures';
import { placePaidOrder, placeUnpaidOrder } from '../../test/paid-orders';
import { SmtpInbox, linkIn } from '../../test/smtp-inbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ensureVariants, setOnHandByImport, variantStockOf } from './service';

let t: TestApp;
let inbox: SmtpInbox;
/** In process on PGlite; on PostgreSQL, two API processes of their own on the test's database. */
let api: ApiClient;
let owner: { token: string; id: string; email: string; name: string };
let secondOwner: { email: string };
let staff: { token: string; id: string; email: string; name: string };
let teeId: string;
let toteId: string;

let productCounter = 0;
/** A plain product of its own for one test, with `units` on hand. */
async function plainProduct(units: number, name?: string): Promise<string> {
  productCounter += 1;
  const handle = `stock-plain-${productCounter}`;
  await addProduct(t.database.db, {
    handle,
    name: name ?? `Plain ${productCounter}`,
    stock: { total: units },
  });
  return productIdByHandle(t.database.db, handle);
}

beforeAll(async () => {
  inbox = new SmtpInbox();
  const mailEnv = { SMTP_URL: await inbox.start(), APP_URL: 'http://shop.test' };
  t = await createTestApp({ ...mailEnv, RATE_LIMIT_PER_MINUTE: '100000' });
  await addProduct(t.database.db, {
    handle: 'stock-tee',
    name: 'Stock Tee',
    hasSize: true,
    stock: { 'S/M': 20, L: 5, XL: 20 },
  });
  await addProduct(t.database.db, {
    handle: 'stock-tote',
    name: 'Stock Tote',
    hasAandB: true,
    stock: { A: 20, B: 20 },
  });
  teeId = await productIdByHandle(t.database.db, 'stock-tee');
  toteId = await productIdByHandle(t.database.db, 'stock-tote');
  owner = await addBackOfficeUser(t, 'owner', { name: 'Olive Owner' });
  secondOwner = await addBackOfficeUser(t, 'owner', { name: 'Otto Owner' });
  staff = await addBackOfficeUser(t, 'staff', { name: 'Sam Staff' });
  api = await openApiClient(t, mailEnv);
}, 60_000);
afterAll(async () => {
  await api.stop();
  await t.close();
  await inbox.stop();
});

const adjust = (body: Record<string, unknown>, token = owner.token) =>
  api.call('POST', '/api/admin/stock/adjust', { token, body });
const setThreshold = (body: Record<string, unknown>, token = owner.token) =>
  api.call('PUT', '/api/admin/stock/threshold', { token, body });
const movements = (query: string, token = owner.token) =>
  api.call('GET', `/api/admin/stock/movements${query}`, { token });

const stockRow = async (productId: string, variant: string) => {
  const [row] = await t.database.db
    .select()
    .from(variants)
    .where(and(eq(variants.productId, productId), eq(variants.key, variant)));
  return row;
};
const movementCount = async (productId: string) =>
  (await t.database.db.select().from(stockMovements).where(eq(stockMovements.productId, productId)))
    .length;
/** The low-stock mails queued for a product (written in the transaction of the fall). */
const lowStockMails = (productName: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.subject, `Low stock: ${productName}`))
    .orderBy(asc(mailOutbox.createdAt));

describe('stock adjustments', () => {
  it('a delivery adds to on-hand: the answer, a movement with its author and note, an audit row', async () => {
    const answer = await adjust({
      product: teeId,
      size: 'L',
      change: 7,
      reason: 'received',
      note: 'Delivery 42',
    });
    expect(answer.status).toBe(200);
    expect(variantStockResponseSchema.parse(answer.body)).toEqual({
      product: teeId,
      variant: expect.any(String),
      title: 'L',
      size: 'L',
      option: 'NA',
      onHand: 12,
      held: 0,
      available: 12,
      lowStockThreshold: 3,
    });
    const list = stockMovementsResponseSchema.parse((await movements(`?product=${teeId}`)).body);
    expect(list.movements[0]).toMatchObject({
      product: teeId,
      productName: 'Stock Tee',
      size: 'L',
      option: 'NA',
      change: 7,
      heldChange: 0,
      reason: 'received',
      actor: { _id: owner.id, email: owner.email, name: 'Olive Owner' },
      orderId: null,
      note: 'Delivery 42',
      onHandAfter: 12,
      heldAfter: 0,
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.productId, teeId), eq(auditLog.action, 'stock.adjusted')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: owner.id });
    expect(audit[0]?.summary).toContain('Stock +7 (received) of Stock Tee (size L): on hand 12');
  });

  it('staff may adjust; a customer gets 403 and nobody signed in 401', async () => {
    const byStaff = await adjust(
      { product: toteId, option: 'B', change: -1, reason: 'damaged' },
      staff.token,
    );
    expect(byStaff.status).toBe(200);
    expect(byStaff.body).toMatchObject({ size: 'NA', option: 'B', onHand: 19, available: 19 });
    const list = stockMovementsResponseSchema.parse(
      (await movements(`?product=${toteId}`, staff.token)).body,
    );
    expect(list.movements[0]?.actor).toEqual({
      _id: staff.id,
      email: staff.email,
      name: 'Sam Staff',
    });

    const customer = await addVerifiedCustomer(t.app, t.database.db, {
      name: 'Cleo Customer',
      email: 'cleo@example.com',
    });
    const body = { product: toteId, option: 'B', change: 1, reason: 'received' };
    const refused = await adjust(body, customer.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(BACK_OFFICE_MESSAGES.notBackOffice);
    expect(
      (await setThreshold({ product: toteId, option: 'B', threshold: 1 }, customer.token)).status,
    ).toBe(403);
    expect((await movements('', customer.token)).status).toBe(403);
    expect((await api.call('POST', '/api/admin/stock/adjust', { body })).status).toBe(401);
    expect((await stockRow(toteId, 'B'))?.onHand).toBe(19);
  });

  it('refuses on-hand below zero (409) and changes nothing', async () => {
    const productId = await plainProduct(5);
    const answer = await adjust({ product: productId, change: -6, reason: 'correction' });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(ADMIN_CATALOG_MESSAGES.belowZero);
    expect(await stockRow(productId, 'total')).toMatchObject({ onHand: 5, held: 0 });
    expect(await movementCount(productId)).toBe(1);
  });

  it('refuses on-hand below what open checkouts hold (409), allows down to it', async () => {
    const productId = await plainProduct(5);
    await placeUnpaidOrder(t, { lines: [{ product: productId, qty: 3 }] });
    const below = await adjust({ product: productId, change: -3, reason: 'damaged' });
    expect(below.status).toBe(409);
    expect(below.body.message).toBe(ADMIN_CATALOG_MESSAGES.belowHeld(3));
    const down = await adjust({ product: productId, change: -2, reason: 'damaged' });
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ onHand: 3, held: 3, available: 0 });
  });

  it('answers 404 for an unknown product or a size or option the product does not have', async () => {
    const unknown = await adjust({
      product: '00000000-0000-4000-8000-000000000000',
      change: 1,
      reason: 'received',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(ADMIN_CATALOG_MESSAGES.productNotFound);
    const plainId = await plainProduct(1);
    for (const choice of [
      { product: teeId, option: 'A' },
      { product: teeId },
      { product: toteId, size: 'L' },
      { product: toteId, size: 'L', option: 'A' },
      { product: plainId, size: 'XL' },
    ]) {
      const answer = await adjust({ ...choice, change: 1, reason: 'received' });
      expect(answer.status, JSON.stringify(choice)).toBe(404);
      expect(answer.body.message).toBe(ADMIN_CATALOG_MESSAGES.variantNotFound);
      const threshold = await setThreshold({ ...choice, threshold: 1 });
      expect(threshold.status).toBe(404);
    }
  });

  it('answers 400 with the contract’s message for bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ change: 0 }, 'Change must not be 0'],
      [{ change: 1.5 }, 'Change must be a whole number'],
      [{ change: '3' }, 'Change must be a number'],
      [{ change: 100_001 }, 'Change must be at most 100000'],
      [{ change: -100_001 }, 'Change must be at least -100000'],
      [{ reason: 'sale' }, `Reason must be one of ${ADJUST_REASONS.join(', ')}`],
      [{ product: 'nope' }, 'Product must be a product id'],
      [{ note: 'x'.repeat(301) }, 'Note must be at most 300 characters'],
    ];
    for (const [override, message] of cases) {
      const answer = await adjust({
        product: teeId,
        size: 'L',
        change: 1,
        reason: 'received',
        ...override,
      });
      expect(answer.status, JSON.stringify(override)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const threshold = await setThreshold({ product: teeId, size: 'L', threshold: -1 });
    expect(threshold.status).toBe(400);
    expect(threshold.body.message).toBe('Threshold must be at least 0');
    const page = await movements('?page=0');
    expect(page.status).toBe(400);
    expect(page.body.message).toBe('Page must be at least 1');
  });

  it(`two adjustments at once that would together go below zero: exactly one is refused`, async () => {
    const productId = await plainProduct(5);
    const answers = await Promise.all(
      [1, 2].map(() => adjust({ product: productId, change: -3, reason: 'correction' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.message).toBe(
      ADMIN_CATALOG_MESSAGES.belowZero,
    );
    expect(await stockRow(productId, 'total')).toMatchObject({ onHand: 2, held: 0 });
    expect(await movementCount(productId)).toBe(2);
  });
});

describe('the movement history', () => {
  it('shows a paid checkout as a hold then a sale of its order, by the system, newest first', async () => {
    const orderId = await placePaidOrder(t, {
      lines: [{ product: teeId, qty: 2, size: 'XL' }],
    });
    const list = stockMovementsResponseSchema.parse((await movements(`?product=${teeId}`)).body);
    const ofOrder = list.movements.filter((movement) => movement.orderId === orderId);
    expect(ofOrder).toEqual([
      expect.objectContaining({
        reason: 'sale',
        size: 'XL',
        change: -2,
        heldChange: -2,
        actor: 'system',
        onHandAfter: 18,
        heldAfter: 0,
      }),
      expect.objectContaining({
        reason: 'hold',
        size: 'XL',
        change: 0,
        heldChange: 2,
        actor: 'system',
        onHandAfter: 20,
        heldAfter: 2,
      }),
    ]);
    // The opening balance of the fixture is the oldest.
    expect(list.movements.at(-1)).toMatchObject({
      reason: 'import',
      actor: 'system',
      note: 'Test fixture',
    });
  });

  it(`pages ${STOCK_MOVEMENTS_PAGE_SIZE} at a time, newest first`, async () => {
    const productId = await plainProduct(1);
    for (let i = 1; i <= STOCK_MOVEMENTS_PAGE_SIZE; i += 1)
      await adjust({ product: productId, change: 1, reason: 'received', note: `#${i}` });
    const first = stockMovementsResponseSchema.parse(
      (await movements(`?product=${productId}`)).body,
    );
    expect(first).toMatchObject({ page: 1, pages: 2, total: STOCK_MOVEMENTS_PAGE_SIZE + 1 });
    expect(first.movements).toHaveLength(STOCK_MOVEMENTS_PAGE_SIZE);
    expect(first.movements[0]?.note).toBe(`#${STOCK_MOVEMENTS_PAGE_SIZE}`);
    const second = stockMovementsResponseSchema.parse(
      (await movements(`?product=${productId}&page=2`)).body,
    );
    expect(second.movements.map((movement) => movement.reason)).toEqual(['import']);
    const all = stockMovementsResponseSchema.parse((await movements('')).body);
    expect(all.total).toBeGreaterThan(STOCK_MOVEMENTS_PAGE_SIZE + 1);
    expect(all.movements[0]?.product).toBe(productId);
  });
});

describe('low stock', () => {
  it('mails each owner once when available falls below the threshold, and again after it rose above', async () => {
    const name = 'Low Stock Bag';
    const productId = await plainProduct(10, name);
    const base = { product: productId, reason: 'correction' };
    expect((await adjust({ ...base, change: -7 })).body).toMatchObject({ available: 3 });
    expect(await lowStockMails(name)).toHaveLength(0);

    expect((await adjust({ ...base, change: -1 })).body).toMatchObject({ available: 2 });
    const mail = await inbox.waitFor(owner.email, { subject: /^Low stock: Low Stock Bag$/ });
    expect(mail.text).toContain('Low Stock Bag is running low: 2 available');
    expect(linkIn(mail, '/admin/products/')).toBe(`http://shop.test/admin/products/${productId}`);
    // Where to act is the product's back-office page, not a mail to the shop's own support.
    expect(mail.text).toContain(
      `Add stock or change the threshold on the product's back-office page: http://shop.test/admin/products/${productId}`,
    );
    expect(mail.text).not.toContain('Questions? Write to');
    expect(mail.html).toContain(`href="http://shop.test/admin/products/${productId}"`);
    await inbox.waitFor(secondOwner.email, { subject: /^Low stock: Low Stock Bag$/ });

    // Further falls (an adjustment, a checkout's hold) while it stays low mail nobody.
    await adjust({ ...base, change: -1 });
    await placeUnpaidOrder(t, { lines: [{ product: productId, qty: 1 }] });
    expect((await stockRow(productId, 'total'))?.available).toBe(0);
    expect((await lowStockMails(name)).map((row) => row.toAddress).sort()).toEqual(
      [owner.email, secondOwner.email].sort(),
    );
    expect(
      inbox.mails.filter((received) => received.subject === `Low stock: ${name}`),
    ).toHaveLength(2);

    // Back to the threshold is not above it; one more unit is, and the next fall mails again.
    await adjust({ ...base, change: 3, reason: 'received' });
    expect((await stockRow(productId, 'total'))?.lowStockAlerted).toBe(true);
    await adjust({ ...base, change: 1, reason: 'received' });
    expect((await stockRow(productId, 'total'))?.lowStockAlerted).toBe(false);
    expect(await lowStockMails(name)).toHaveLength(2);
    const seen = inbox.mails.length;
    await adjust({ ...base, change: -2, reason: 'damaged' });
    const subject = /^Low stock: Low Stock Bag$/;
    const again = await inbox.waitFor(owner.email, { subject, after: seen });
    expect(again.text).toContain('2 available');
    await inbox.waitFor(secondOwner.email, { subject, after: seen });
    expect(await lowStockMails(name)).toHaveLength(4);
  });

  it('a rise that stays below the threshold mails nobody; the next fall does', async () => {
    const name = 'Fresh Scarf';
    const productId = await plainProduct(0, name);
    expect(
      (await adjust({ product: productId, change: 2, reason: 'received' })).body,
    ).toMatchObject({ available: 2 });
    expect(await lowStockMails(name)).toHaveLength(0);
    await placeUnpaidOrder(t, { lines: [{ product: productId, qty: 1 }] });
    const queued = await lowStockMails(name);
    expect(queued.map((row) => row.toAddress).sort()).toEqual(
      [owner.email, secondOwner.email].sort(),
    );
    expect(queued[0]?.textBody).toContain('Fresh Scarf is running low: 1 available');
    expect(queued[0]?.textBody).toContain('On hand 2, of which open checkouts hold 1.');
  });

  it('a threshold raised above what is available mails the owners; the summary lists the variant', async () => {
    const before = (await lowStockMails('Stock Tote')).length;
    const answer = await setThreshold({ product: toteId, option: 'A', threshold: 25 });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ option: 'A', available: 20, lowStockThreshold: 25 });
    const mail = await inbox.waitFor(owner.email, { subject: /^Low stock: Stock Tote$/ });
    expect(mail.text).toContain('Stock Tote (option A) is running low: 20 available');
    expect(await lowStockMails('Stock Tote')).toHaveLength(before + 2);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.productId, toteId), eq(auditLog.action, 'stock.threshold_set')));
    expect(audit.map((row) => row.summary)).toEqual([
      'Low-stock threshold of Stock Tote (option A) set to 25 (was 3)',
    ]);

    const summary = adminSummarySchema.parse(
      (await api.call('GET', '/api/admin/summary', { token: staff.token })).body,
    );
    expect(summary.lowStock).toContainEqual({
      product: toteId,
      name: 'Stock Tote',
      size: 'NA',
      option: 'A',
      variantTitle: 'A',
      available: 20,
      lowStockThreshold: 25,
    });
  });
});

describe('what the products module uses', () => {
  it('variantStockOf lists the variants in their order; ensureVariants opens missing ones at 0', async () => {
    expect(await variantStockOf(t.database.db, teeId)).toEqual([
      {
        variant: expect.any(String),
        title: 'S/M',
        size: 'S/M',
        option: 'NA',
        onHand: 20,
        held: 0,
        available: 20,
        lowStockThreshold: 3,
      },
      {
        variant: expect.any(String),
        title: 'L',
        size: 'L',
        option: 'NA',
        onHand: 12,
        held: 0,
        available: 12,
        lowStockThreshold: 3,
      },
      {
        variant: expect.any(String),
        title: 'XL',
        size: 'XL',
        option: 'NA',
        onHand: 18,
        held: 0,
        available: 18,
        lowStockThreshold: 3,
      },
    ]);
    expect(await variantStockOf(t.database.db, '00000000-0000-4000-8000-000000000000')).toEqual([]);
    const productId = await plainProduct(0);
    await t.database.db.delete(variants).where(eq(variants.productId, productId));
    await t.database.db.transaction((tx) => ensureVariants(tx, productId, ['total']));
    expect(await stockRow(productId, 'total')).toMatchObject({ onHand: 0, held: 0 });
    expect(await movementCount(productId)).toBe(0);
  });

  it('setOnHandByImport writes an import movement of the difference, none when equal, 409 below held', async () => {
    const productId = await plainProduct(5);
    const importTo = (target: number) =>
      t.database.db.transaction((tx) =>
        setOnHandByImport(
          tx,
          {
            productId,
            variant: 'total',
            target,
            actor: {
              user: { id: owner.id, email: owner.email, name: owner.name },
              clientAddress: '127.0.0.1',
            },
          },
          { appUrl: 'http://shop.test', supportEmail: 'support@shop.test' },
        ),
      );
    expect(await importTo(9)).toBe(true);
    expect(await importTo(9)).toBe(false);
    await placeUnpaidOrder(t, { lines: [{ product: productId, qty: 4 }] });
    await expect(importTo(3)).rejects.toMatchObject({
      kind: 'conflict',
      message: ADMIN_CATALOG_MESSAGES.belowHeld(4),
    });
    expect(await importTo(4)).toBe(true);
    const list = stockMovementsResponseSchema.parse(
      (await movements(`?product=${productId}`)).body,
    );
    expect(
      list.movements.map((movement) => [movement.reason, movement.change, movement.heldChange]),
    ).toEqual([
      ['import', -5, 0],
      ['hold', 0, 4],
      ['import', 4, 0],
      ['import', 5, 0],
    ]);
    expect(list.movements[0]).toMatchObject({
      actor: { _id: owner.id },
      note: 'CSV import',
      onHandAfter: 4,
      heldAfter: 4,
    });
  });
});

describe('the ledger', () => {
  it('after all of the above, on-hand and held of every variant are the sums of their movements', async () => {
    const result = await t.database.db.execute(sql`
      select s.product_id, s.key as variant, s.on_hand, s.held, s.available,
             coalesce(sum(m.change), 0)::int as changes,
             coalesce(sum(m.held_change), 0)::int as held_changes
      from variants s left join stock_movements m
        on m.product_id = s.product_id and m.variant = s.key
      group by s.product_id, s.key, s.on_hand, s.held, s.available`);
    const rows = (result as unknown as { rows: Record<string, number>[] }).rows;
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      expect(row.on_hand).toBe(row.changes);
      expect(row.held).toBe(row.held_changes);
      expect(row.available).toBeGreaterThanOrEqual(0);
    }
  });
});

import { parse } from 'csv-parse/sync';
import { and, count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CATALOG_MESSAGES, CSV_COLUMNS } from '@shop/shared/admin-catalog';
import { products, variants, stockMovements } from '../../db/schema';
import { databaseUrlOf } from '../../test/api-client';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { addProduct, productIdByHandle } from '../../test/fixtures';
import { placeUnpaidOrder } from '../../test/paid-orders';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Catalog imports at once, on PostgreSQL (PGlite has one connection: its transactions never
 * overlap). The test's own connection stands in for a running import (it takes the import's
 * advisory lock) or for a slow writer (it locks a product row).
 */

const WAIT_MS = 3000;
let t: TestApp;
let staff: { token: string };
let other: pg.Client;
/** Watches pg_stat_activity (outside `other`'s transactions, whose view of it stays fixed). */
let watcher: pg.Client;

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_PER_MINUTE: '100000',
    CATALOG_IMPORT_WAIT_MS: String(WAIT_MS),
  });
  staff = await addBackOfficeUser(t, 'staff');
  await addProduct(t.database.db, { handle: 'turn-tote', name: 'Turn Tote', stock: { total: 5 } });
  await addProduct(t.database.db, {
    handle: 'flow-strap',
    name: 'Flow Strap',
    category: 'belts',
    stock: { total: 5 },
  });
  const url = await databaseUrlOf(t.database);
  other = new pg.Client({ connectionString: url });
  watcher = new pg.Client({ connectionString: url });
  await Promise.all([other.connect(), watcher.connect()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([other.end(), watcher.end()]);
  await t.close();
});

const IMPORT_LOCK = `hashtext('shop:catalog-import')`;

async function exportRows() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/products.csv',
    headers: { authorization: `Bearer ${staff.token}` },
  });
  return parse(response.body, { bom: true }) as string[][];
}

const toCsv = (rows: string[][]) =>
  rows.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',')).join('\n');

const VARIANT_ID = CSV_COLUMNS.indexOf('Variant Id');
/** A variant's row of a product (not one of Shopify's photo-only rows). */
const isVariantOf = (row: string[], handle: string) => row[0] === handle && !!row[VARIANT_ID];

/** The exported catalog with some cells of one product's variant rows changed. */
async function fileChanging(handle: string, cells: Partial<Record<string, string>>) {
  const [header, ...rows] = await exportRows();
  const changed = rows.map((row) =>
    isVariantOf(row, handle) ? row.map((cell, i) => cells[CSV_COLUMNS[i] as string] ?? cell) : row,
  );
  return toCsv([header as string[], ...changed]);
}

function importCsv(body: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/products/import',
    headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'text/csv' },
    payload: body,
  });
}

async function onHand(handle: string) {
  const productId = await productIdByHandle(t.database.db, handle);
  const [row] = await t.database.db
    .select({ onHand: variants.onHand })
    .from(variants)
    .where(and(eq(variants.productId, productId), eq(variants.key, 'total')));
  return row?.onHand;
}

async function movementCount() {
  const [row] = await t.database.db.select({ n: count() }).from(stockMovements);
  return row?.n;
}

/** Resolves once another connection of the test's database has run a statement matching `like`. */
async function untilSomeoneRan(like: string) {
  for (;;) {
    const { rows } = await watcher.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()
         and pid <> $2 and query like $1`,
      [like, (other as unknown as { processID: number }).processID],
    );
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('catalog imports at once (PostgreSQL)', () => {
  it('a second import waits while another runs, and runs once it has ended', async () => {
    await other.query(`select pg_advisory_lock(${IMPORT_LOCK})`);
    const answer = importCsv(await fileChanging('turn-tote', { 'Variant Price': '11.00' }));
    try {
      // It has asked for the lock (and been refused) at least once.
      await untilSomeoneRan('%shop:catalog-import%');
    } finally {
      await other.query(`select pg_advisory_unlock(${IMPORT_LOCK})`);
    }
    const response = await answer;
    expect(response.statusCode, response.body).toBe(200);
    const [tote] = await t.database.db
      .select({ priceCents: products.priceCents })
      .from(products)
      .where(eq(products.handle, 'turn-tote'));
    expect(tote?.priceCents).toBe(1100);
  });

  it(`past its wait (here ${WAIT_MS} ms, 30 s in production) answers 409 'another import is running', never 503, and changes nothing`, async () => {
    const file = await fileChanging('turn-tote', {
      'Variant Price': '12.00',
      'Variant Inventory Qty': '9',
    });
    const before = { movements: await movementCount(), onHand: await onHand('turn-tote') };
    await other.query(`select pg_advisory_lock(${IMPORT_LOCK})`);
    const started = Date.now();
    try {
      const response = await importCsv(file);
      expect([response.statusCode, response.json()]).toEqual([
        409,
        { message: ADMIN_CATALOG_MESSAGES.importBusy },
      ]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS);
    } finally {
      await other.query(`select pg_advisory_unlock(${IMPORT_LOCK})`);
    }
    expect({ movements: await movementCount(), onHand: await onHand('turn-tote') }).toEqual(before);
  });

  it('four imports of one export at once run in turn: the first sets the stock, the others are told it moved (422)', async () => {
    const [header, ...rows] = await exportRows();
    const files = [10, 20, 30, 40].map((units) =>
      toCsv([
        header as string[],
        ...rows.map((row) =>
          isVariantOf(row, 'turn-tote')
            ? row.map((cell, i) =>
                CSV_COLUMNS[i] === 'Variant Inventory Qty' ? String(units) : cell,
              )
            : row,
        ),
      ]),
    );
    const answers = await Promise.all(files.map(importCsv));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422, 422, 422]);
    const applied = answers.findIndex((answer) => answer.statusCode === 200);
    expect(await onHand('turn-tote')).toBe([10, 20, 30, 40][applied]);
  });

  it('a checkout completes while an import waits on a product row: stock rows are locked last', async () => {
    const file = await fileChanging('turn-tote', { 'Variant Price': '13.00' });
    const strapFile = toCsv(
      parse(file, { bom: true }).map((row: string[]) =>
        isVariantOf(row, 'flow-strap')
          ? row.map((cell, i) => (CSV_COLUMNS[i] === 'Variant Inventory Qty' ? '8' : cell))
          : row,
      ),
    );
    const toteId = await productIdByHandle(t.database.db, 'turn-tote');
    await other.query('begin');
    await other.query('select 1 from products where id = $1 for update', [toteId]);
    const answer = importCsv(strapFile);
    try {
      // The import is blocked on the tote's row, in the middle of its transaction.
      await untilSomeoneRan('update "products"%');
      const strapId = await productIdByHandle(t.database.db, 'flow-strap');
      await placeUnpaidOrder(t, { lines: [{ product: strapId, qty: 1 }] });
    } finally {
      await other.query('rollback');
    }
    const response = await answer;
    expect(response.statusCode, response.body).toBe(200);
    // A hold leaves on-hand (and the file's stockVersion) alone: the import set its count.
    expect(await onHand('flow-strap')).toBe(8);
  });
});

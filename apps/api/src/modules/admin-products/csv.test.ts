import { parse } from 'csv-parse/sync';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_CATALOG_MESSAGES,
  CSV_COLUMNS,
  MAX_IMPORT_BYTES,
  importRejectedSchema,
  importResultSchema,
} from '@shop/shared/admin-catalog';
import { auditLog, products, variants, stockMovements } from '../../db/schema';
import { addBackOfficeUser } from '../../test/back-office-fixtures';
import { addProduct, productIdByHandle } from '../../test/fixtures';
import { placePaidOrder, placeUnpaidOrder } from '../../test/paid-orders';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedSampleCatalogIfEmpty } from '../catalog/seed';
import { CSV_MESSAGES, escapeCell, unescapeCell } from './csv';

let t: TestApp;
let staff: { token: string; email: string };

const ARABIC_NAME = 'حقيبة "الصحراء", يدوية 🌵';
const MULTILINE_DESCRIPTION =
  '<p>First line, with a comma\nsecond line with "quotes"</p>\n<p>مرحبا 👋</p>';

beforeAll(async () => {
  t = await createTestApp();
  // The sample catalog too: the owner's first export is of it.
  await seedSampleCatalogIfEmpty(t.database.db);
  staff = await addBackOfficeUser(t, 'staff');
  await addProduct(t.database.db, {
    handle: 'desert-tote',
    name: ARABIC_NAME,
    descriptionHtml: MULTILINE_DESCRIPTION,
    priceCents: 2800,
    image: '/images/products/a.svg',
    images: ['/images/products/a.svg', '/images/products/b.svg'],
    stock: { total: 4 },
  });
  await addProduct(t.database.db, {
    handle: 'formula-tee',
    name: '=HYPERLINK("http://evil.test","click")',
    descriptionHtml: "-2+3 and '@ quoted",
    hasSize: true,
    category: 'selflove_women_tshirts',
    stock: { 'S/M': 1, L: 2, XL: 3 },
  });
});
afterAll(async () => {
  await t.close();
});

async function exportCsv() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/products.csv',
    headers: { authorization: `Bearer ${staff.token}` },
  });
  expect(response.statusCode).toBe(200);
  return response;
}

function importCsv(body: string | Buffer, query = '', contentType = 'text/csv; charset=utf-8') {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/products/import${query}`,
    headers: { authorization: `Bearer ${staff.token}`, 'content-type': contentType },
    payload: body,
  });
}

const rowsOf = (csv: string): string[][] => parse(csv, { bom: true });
const toCsv = (rows: string[][]) =>
  rows
    .map((row) =>
      row
        .map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell))
        .join(','),
    )
    .join('\r\n');
const column = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);

/** The seq of a variant's last movement of on-hand ('0' before any): its stockVersion. */
async function lastOnHandMovement(handle: string, variant: string): Promise<string> {
  const [row] = await t.database.db
    .select({ seq: stockMovements.seq })
    .from(stockMovements)
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .where(
      and(
        eq(products.handle, handle),
        eq(stockMovements.variant, variant),
        ne(stockMovements.change, 0),
      ),
    )
    .orderBy(desc(stockMovements.seq))
    .limit(1);
  return String(row?.seq ?? 0);
}

async function counts() {
  const [productCount] = await t.database.db.select({ n: count() }).from(products);
  const [movementCount] = await t.database.db.select({ n: count() }).from(stockMovements);
  const [auditCount] = await t.database.db.select({ n: count() }).from(auditLog);
  return { products: productCount?.n, movements: movementCount?.n, audit: auditCount?.n };
}

describe('formula escaping', () => {
  it('escapes what a spreadsheet would run and takes exactly that escape off again', () => {
    for (const cell of ['=1+1', '+1', '-1', '@x', '\tx', "'=x", "''+x", "'plain", 'plain', '', "'"])
      expect(unescapeCell(escapeCell(cell))).toBe(cell);
    expect(escapeCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(escapeCell("'=x")).toBe("''=x");
    expect(escapeCell("'plain")).toBe("'plain");
    expect(unescapeCell("'plain")).toBe("'plain");
  });
});

describe('the export', () => {
  it('is UTF-8 CSV with a BOM, one row per variant, every status, by handle', async () => {
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { authorization: `Bearer ${staff.token}` },
      payload: {
        name: 'Aaa Draft Belt',
        description: '',
        price: 12.5,
        category: 'belts',
        hasSize: false,
        hasAandB: false,
      },
    });
    expect(draft.statusCode).toBe(201);
    const response = await exportCsv();
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="products.csv"');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body.split('\r\n')[0]).toBe(`\uFEFF${CSV_COLUMNS.join(',')}`);

    const [header, ...rows] = rowsOf(response.body);
    expect(header).toEqual([...CSV_COLUMNS]);
    const handles = rows.map((row) => row[0] ?? '');
    expect(handles).toEqual([...handles].sort());
    expect(rows.find((row) => row[0] === 'aaa-draft-belt')).toEqual([
      'aaa-draft-belt',
      'Aaa Draft Belt',
      'belts',
      '12.50',
      'draft',
      'false',
      'false',
      'NA',
      'NA',
      '0',
      '0',
      '3',
      '',
      '',
    ]);
    expect(rows.find((row) => row[0] === 'desert-tote')).toEqual([
      'desert-tote',
      ARABIC_NAME,
      'totes',
      '28.00',
      'published',
      'false',
      'false',
      'NA',
      'NA',
      '4',
      await lastOnHandMovement('desert-tote', 'total'),
      '3',
      MULTILINE_DESCRIPTION,
      '/images/products/a.svg|/images/products/b.svg',
    ]);
    const tee = rows.filter((row) => row[0] === 'formula-tee');
    expect(
      tee.map((row) => [row[column('size')], row[column('option')], row[column('stock')]]),
    ).toEqual([
      ['S/M', 'NA', '1'],
      ['L', 'NA', '2'],
      ['XL', 'NA', '3'],
    ]);
    // Cells a spreadsheet would run as formulas start with an apostrophe.
    expect(tee[0]?.[column('name')]).toBe('\'=HYPERLINK("http://evil.test","click")');
    expect(tee[0]?.[column('description')]).toBe("'-2+3 and '@ quoted");
    const optioned = rows.filter((row) => row[column('hasAandB')] === 'true');
    expect(optioned.length).toBeGreaterThan(0);
    expect(new Set(optioned.map((row) => row[column('option')]))).toEqual(new Set(['A', 'B']));
  });
});

describe('export then import', () => {
  it('changes nothing: created 0, updated 0, the text (Arabic, emoji, commas, quotes, newlines) as it was', async () => {
    const before = await counts();
    const [stored] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.handle, 'desert-tote'));
    const file = (await exportCsv()).body;
    const response = await importCsv(file);
    expect(response.statusCode, response.body).toBe(200);
    const result = importResultSchema.parse(response.json());
    expect(result).toMatchObject({ created: 0, updated: 0, errors: [], dryRun: false });
    expect(result.unchanged).toBe(before.products);
    expect(result.changes.every((change) => change.action === 'unchanged')).toBe(true);
    const [after] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.handle, 'desert-tote'));
    expect(after).toEqual(stored);
    expect(after?.name).toBe(ARABIC_NAME);
    expect(after?.descriptionHtml).toBe(MULTILINE_DESCRIPTION);
    const [formula] = await t.database.db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.handle, 'formula-tee'));
    expect(formula?.name).toBe('=HYPERLINK("http://evil.test","click")');
    // The import itself is audited; no product or movement was written.
    const now = await counts();
    expect(now).toEqual({ ...before, audit: (before.audit ?? 0) + 1 });
    // And without the BOM, which some editors drop, it reads the same.
    const noBom = await importCsv(file.replace(/^\uFEFF/, ''), '?dryRun=true');
    expect(noBom.json()).toMatchObject({ created: 0, updated: 0 });
  });
});

describe('a bad file', () => {
  it('is rejected whole with every bad row listed, and nothing changes', async () => {
    const [header, ...rows] = rowsOf((await exportCsv()).body);
    const teeRows = rows.filter((row) => row[0] === 'formula-tee');
    const edited = rows.map((row) => [...row]);
    const at = (handle: string, size = 'NA') =>
      edited.findIndex((row) => row[0] === handle && row[column('size')] === size);
    // A good change that must not be applied either.
    (edited[at('desert-tote')] as string[])[column('price')] = '99.00';
    (edited[at('formula-tee', 'L')] as string[])[column('stock')] = '-1';
    (edited[at('formula-tee', 'XL')] as string[])[column('price')] = '1.00';
    const newRows = [
      [
        'brand-new',
        'Brand new',
        'shoes',
        '10',
        'draft',
        'false',
        'false',
        'NA',
        'NA',
        '1',
        '',
        '3',
        '',
        '',
      ],
      [
        'another-new',
        '',
        'totes',
        '10.001',
        'draft',
        'maybe',
        'false',
        'NA',
        'NA',
        '1',
        '',
        '3',
        '',
        '',
      ],
      [
        'good-new',
        'Good new',
        'totes',
        '10',
        'draft',
        'false',
        'false',
        'L',
        'NA',
        '1',
        '',
        '3',
        '',
        '',
      ],
    ];
    const file = toCsv([header as string[], ...edited, ...newRows]);
    const before = await counts();
    for (const query of ['', '?dryRun=true']) {
      const response = await importCsv(file, query);
      expect(response.statusCode).toBe(422);
      const rejected = importRejectedSchema.parse(response.json());
      const rowOf = (index: number) => index + 1;
      expect(rejected).toEqual({
        message: ADMIN_CATALOG_MESSAGES.importRejected(5),
        created: 0,
        updated: 0,
        unchanged: 0,
        changes: [],
        dryRun: query !== '',
        errors: [
          { row: rowOf(at('formula-tee', 'L')), message: CSV_MESSAGES.count('Stock') },
          {
            row: rowOf(at('formula-tee', 'XL')),
            message: CSV_MESSAGES.disagrees(rowOf(at('formula-tee', 'S/M')), ['price']),
          },
          {
            row: edited.length + 1,
            message: expect.stringMatching(/^Category must be one of totes, /),
          },
          {
            row: edited.length + 2,
            message:
              'Name is required; Price must have at most two decimals; hasSize must be true or false',
          },
          {
            row: edited.length + 3,
            message: CSV_MESSAGES.variantDoesNotFit('L', 'NA', 'size NA option NA'),
          },
        ],
      });
    }
    expect(teeRows).toHaveLength(3);
    expect(await counts()).toEqual(before);
    const [tote] = await t.database.db
      .select({ priceCents: products.priceCents })
      .from(products)
      .where(eq(products.handle, 'desert-tote'));
    expect(tote?.priceCents).toBe(2800);
  });

  it('names a missing variant, a duplicated one, and rows that are not CSV', async () => {
    const header = CSV_COLUMNS.join(',');
    const sized = (size: string) =>
      `shape-tee,Shape Tee,hoodies,40,draft,true,false,${size},NA,1,,3,,`;
    const missing = await importCsv([header, sized('S/M'), sized('XL'), sized('XL')].join('\n'));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual([{ row: 3, message: CSV_MESSAGES.variantTwice(2) }]);
    const lacking = await importCsv([header, sized('S/M'), sized('XL')].join('\n'));
    expect(lacking.json().errors).toEqual([
      { row: 1, message: CSV_MESSAGES.variantMissing('shape-tee', 'size L option NA') },
    ]);
    const broken = await importCsv([header, sized('S/M'), sized('L'), 'x,"unclosed'].join('\n'));
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors).toEqual([{ row: 3, message: CSV_MESSAGES.quoteNotClosed }]);
    const short = await importCsv([header, 'only,three,fields'].join('\n'));
    expect(short.json().errors).toEqual([{ row: 1, message: CSV_MESSAGES.fieldCount(3, 14) }]);
  });

  it('answers 400 for an empty file, a wrong header or text that is not UTF-8, 413 over 5 MB', async () => {
    const empty = await importCsv(CSV_COLUMNS.join(','));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(ADMIN_CATALOG_MESSAGES.importEmpty);
    const header = await importCsv('handle,name\nx,y');
    expect(header.statusCode).toBe(400);
    expect(header.json().message).toBe(
      CSV_MESSAGES.missingColumns(
        CSV_COLUMNS.filter((name) => !['handle', 'name', 'images', 'stockVersion'].includes(name)),
      ),
    );
    const latin1 = await importCsv(
      Buffer.concat([Buffer.from(`${CSV_COLUMNS.join(',')}\nx,caf`), Buffer.from([0xe9])]),
    );
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json().message).toBe(CSV_MESSAGES.notUtf8);
    const huge = await importCsv(Buffer.alloc(MAX_IMPORT_BYTES + 1, 'a'));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(ADMIN_CATALOG_MESSAGES.importTooLarge);
    const json = await importCsv(JSON.stringify({ rows: [] }), '', 'application/json');
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Send the file as text/csv');
  });
});

describe('an import that changes things', () => {
  it('previews in a dry run, then applies the same: a new price shows in the storefront', async () => {
    const [header, ...rows] = rowsOf((await exportCsv()).body);
    const edited = rows.map((row) =>
      row[0] === 'desert-tote'
        ? row.map((cell, i) => (i === column('price') ? '31.50' : cell))
        : row,
    );
    const added = ['csv-born', 'CSV Born', 'belts', '19.99', 'published', 'false', 'true'];
    const file = toCsv([
      header as string[],
      ...edited,
      [...added, 'NA', 'A', '5', '', '2', '<p>New <script>x</script></p>', '/ignored.svg'],
      [...added, 'NA', 'B', '0', '', '3', '<p>New <script>x</script></p>', '/ignored.svg'],
    ]);
    const before = await counts();
    const preview = await importCsv(file, '?dryRun=true');
    expect(preview.statusCode, preview.body).toBe(200);
    const previewed = importResultSchema.parse(preview.json());
    expect(previewed).toMatchObject({ created: 1, updated: 1, dryRun: true, errors: [] });
    expect(previewed.changes.filter((change) => change.action !== 'unchanged')).toEqual([
      { handle: 'desert-tote', name: ARABIC_NAME, action: 'update', fields: ['price'] },
      { handle: 'csv-born', name: 'CSV Born', action: 'create', fields: [] },
    ]);
    expect(await counts()).toEqual(before);

    const applied = await importCsv(file);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({ ...previewed, dryRun: false });
    const toteId = await productIdByHandle(t.database.db, 'desert-tote');
    const shown = await t.app.inject({ method: 'GET', url: `/api/products/${toteId}` });
    expect(shown.json().price).toBe(31.5);

    const bornId = await productIdByHandle(t.database.db, 'csv-born');
    const born = await t.app.inject({ method: 'GET', url: `/api/products/${bornId}` });
    expect(born.json()).toMatchObject({
      name: 'CSV Born',
      description: '<p>New </p>',
      image: '',
      images: [],
      countInStock: { countA: 5, countB: 0 },
    });
    const thresholds = await t.database.db
      .select({ variant: variants.key, threshold: variants.lowStockThreshold })
      .from(variants)
      .where(eq(variants.productId, bornId));
    expect(thresholds.sort((a, b) => a.variant.localeCompare(b.variant))).toEqual([
      { variant: 'A', threshold: 2 },
      { variant: 'B', threshold: 3 },
    ]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'products.imported'))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(audit?.summary).toBe(
      `CSV import: 1 created, 1 updated, ${previewed.unchanged} unchanged`,
    );
    expect(audit?.actorEmail).toBe(staff.email);
    // Applied once, the same file is now a no-op.
    expect((await importCsv(file)).json()).toMatchObject({ created: 0, updated: 0 });
  });

  it('sets stock with an import movement and thresholds per variant', async () => {
    const teeId = await productIdByHandle(t.database.db, 'formula-tee');
    const [header, ...rows] = rowsOf((await exportCsv()).body);
    const edited = rows.map((row) => {
      if (row[0] !== 'formula-tee') return row;
      const copy = [...row];
      if (copy[column('size')] === 'S/M') copy[column('stock')] = '9';
      if (copy[column('size')] === 'L') copy[column('lowStockThreshold')] = '0';
      return copy;
    });
    const response = await importCsv(toCsv([header as string[], ...edited]));
    expect(response.statusCode).toBe(200);
    expect(
      importResultSchema.parse(response.json()).changes.find((c) => c.handle === 'formula-tee'),
    ).toEqual({
      handle: 'formula-tee',
      name: '=HYPERLINK("http://evil.test","click")',
      action: 'update',
      fields: ['stock S/M', 'threshold L'],
    });
    const [movement] = await t.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, teeId), eq(stockMovements.variant, 'S/M')))
      .orderBy(desc(stockMovements.seq))
      .limit(1);
    expect(movement).toMatchObject({
      reason: 'import',
      change: 8,
      heldChange: 0,
      onHandAfter: 9,
      actorEmail: staff.email,
    });
    const product = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products/${teeId}`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(
      product
        .json()
        .variants.map((v: { onHand: number; lowStockThreshold: number }) => [
          v.onHand,
          v.lowStockThreshold,
        ]),
    ).toEqual([
      [9, 3],
      [2, 0],
      [3, 3],
    ]);
  });

  it('refuses stock below what open checkouts hold', async () => {
    const toteId = await productIdByHandle(t.database.db, 'desert-tote');
    await placeUnpaidOrder(t, { lines: [{ product: toteId, qty: 3 }] });
    const [header, ...rows] = rowsOf((await exportCsv()).body);
    const index = rows.findIndex((row) => row[0] === 'desert-tote');
    const edited = rows.map((row, i) =>
      i === index ? row.map((cell, c) => (c === column('stock') ? '2' : cell)) : row,
    );
    const response = await importCsv(toCsv([header as string[], ...edited]));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { row: index + 1, message: ADMIN_CATALOG_MESSAGES.belowHeld(3) },
    ]);
  });
});

describe('an exported file once stock has moved', () => {
  async function onHand(handle: string, variant: string) {
    const productId = await productIdByHandle(t.database.db, handle);
    const [row] = await t.database.db
      .select({ onHand: variants.onHand })
      .from(variants)
      .where(and(eq(variants.productId, productId), eq(variants.key, variant)));
    return row?.onHand;
  }
  const withCell = (row: string[], name: (typeof CSV_COLUMNS)[number], value: string) =>
    row.map((cell, i) => (i === column(name) ? value : cell));

  it('cannot bring sold units back: 422 naming the rows (dry run too), nothing changes; with the stock cells emptied it imports', async () => {
    await addProduct(t.database.db, {
      handle: 'last-two',
      name: 'Last Two Tote',
      stock: { total: 2 },
    });
    await addProduct(t.database.db, {
      handle: 'sized-sold',
      name: 'Sized Sold Tee',
      hasSize: true,
      category: 'hoodies',
      stock: { 'S/M': 1, L: 2, XL: 3 },
    });
    const exported = (await exportCsv()).body;
    const [header, ...rows] = rowsOf(exported);
    const rowOf = (handle: string, size = 'NA') =>
      rows.findIndex((row) => row[0] === handle && row[column('size')] === size) + 1;
    await placePaidOrder(t, {
      lines: [{ product: await productIdByHandle(t.database.db, 'last-two'), qty: 1 }],
    });
    await placePaidOrder(t, {
      lines: [{ product: await productIdByHandle(t.database.db, 'sized-sold'), qty: 1, size: 'L' }],
    });
    expect([await onHand('last-two', 'total'), await onHand('sized-sold', 'L')]).toEqual([1, 1]);

    const before = await counts();
    for (const query of ['', '?dryRun=true']) {
      const response = await importCsv(exported, query);
      expect(response.statusCode, query).toBe(422);
      expect(importRejectedSchema.parse(response.json()).errors).toEqual([
        {
          row: rowOf('last-two'),
          message:
            'stock of Last Two Tote changed since this file was exported: export again or leave the stock cell empty',
        },
        {
          row: rowOf('sized-sold', 'L'),
          message:
            'stock of Sized Sold Tee size L changed since this file was exported: export again or leave the stock cell empty',
        },
      ]);
    }
    expect(await counts()).toEqual(before);
    expect([await onHand('last-two', 'total'), await onHand('sized-sold', 'L')]).toEqual([1, 1]);

    // Empty stock cells leave on-hand as it is; the rows' other cells import as before.
    const emptied = rows.map((row, i) =>
      i + 1 === rowOf('last-two')
        ? withCell(withCell(row, 'stock', ''), 'price', '12.00')
        : i + 1 === rowOf('sized-sold', 'L')
          ? withCell(row, 'stock', '')
          : row,
    );
    const applied = await importCsv(toCsv([header as string[], ...emptied]));
    expect(applied.statusCode, applied.body).toBe(200);
    expect(
      importResultSchema.parse(applied.json()).changes.filter((c) => c.action !== 'unchanged'),
    ).toEqual([{ handle: 'last-two', name: 'Last Two Tote', action: 'update', fields: ['price'] }]);
    expect([await onHand('last-two', 'total'), await onHand('sized-sold', 'L')]).toEqual([1, 1]);
  });

  it('takes the stock of a file without stockVersion (made by hand, or exported before it) as counted now', async () => {
    const [header, ...rows] = rowsOf((await exportCsv()).body);
    await placePaidOrder(t, {
      lines: [{ product: await productIdByHandle(t.database.db, 'last-two'), qty: 1 }],
    });
    const at = column('stockVersion');
    const counted = [header as string[], ...rows]
      .map((row) => (row[0] === 'last-two' ? withCell(row, 'stock', '7') : row))
      .map((row) => row.filter((_, i) => i !== at));
    const applied = await importCsv(toCsv(counted));
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await onHand('last-two', 'total')).toBe(7);
  });
});

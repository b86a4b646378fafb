import { readFile } from 'node:fs/promises';
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

const SHOPIFY_EXPORT = new URL('./fixtures/shopify-products-export.csv', import.meta.url);

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
  await addThreeOptionTee();
});

const COLOURS = ['Sand', 'Clay'];
const SIZES = ['S', 'M', 'L'];
const FITS = ['Regular', 'Relaxed'];

/** 'Dune Tee': Colour × Size × Fit, 11 of the 12 combinations, own SKUs, some own prices. */
async function addThreeOptionTee() {
  await addProduct(t.database.db, {
    handle: 'dune-tee',
    name: 'Dune Tee',
    category: 'selflove_women_tshirts',
    priceCents: 3000,
    stock: { total: 0 },
  });
  const id = await productIdByHandle(t.database.db, 'dune-tee');
  const combinations = COLOURS.flatMap((colour) =>
    SIZES.flatMap((size) => FITS.map((fit) => [colour, size, fit])),
  ).filter(([colour, size, fit]) => !(colour === 'Clay' && size === 'S' && fit === 'Relaxed'));
  const written = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/products/${id}/variants`,
    headers: { authorization: `Bearer ${staff.token}` },
    payload: {
      options: [
        { name: 'Colour', values: COLOURS },
        { name: 'Size', values: SIZES },
        { name: 'Fit', values: FITS },
      ],
      variants: combinations.map((values) => ({
        options: values,
        sku: `DT-${values.join('-').toUpperCase()}`,
        price: values[1] === 'L' ? 34 : null,
        compareAtPrice: values[0] === 'Clay' ? 40 : null,
        barcode: values[2] === 'Relaxed' ? `400${values.length}${values[1]}` : null,
        weightGrams: 180,
      })),
    },
  });
  expect(written.statusCode, written.body).toBe(200);
  const variantIds = (written.json() as { variants: { _id: string; options: string[] }[] })
    .variants;
  const sandM = variantIds.find((variant) => variant.options.join() === 'Sand,M,Regular');
  const adjusted = await t.app.inject({
    method: 'POST',
    url: '/api/admin/stock/adjust',
    headers: { authorization: `Bearer ${staff.token}` },
    payload: { product: id, variant: sandM?._id, change: 6, reason: 'received' },
  });
  expect(adjusted.statusCode, adjusted.body).toBe(200);
}
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
type Column = (typeof CSV_COLUMNS)[number];
const column = (name: Column) => CSV_COLUMNS.indexOf(name);
const cell = (row: string[] | undefined, name: Column) => row?.[column(name)];
const withCell = (row: string[], name: Column, value: string) =>
  row.map((text, i) => (i === column(name) ? value : text));
/** A variant's row: its handle and option values ('' for a product without options). */
const isRow = (row: string[], handle: string, ...values: string[]) =>
  row[0] === handle &&
  (values.length === 0 ||
    values.every((value, o) => row[column(`Option${o + 1} Value` as Column)] === value));
/** A row of the file in this shop's layout, its other cells empty. */
const fileRow = (cells: Partial<Record<Column, string>>) =>
  CSV_COLUMNS.map((name) => cells[name] ?? '');

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
  const [variantCount] = await t.database.db.select({ n: count() }).from(variants);
  const [movementCount] = await t.database.db.select({ n: count() }).from(stockMovements);
  const [auditCount] = await t.database.db.select({ n: count() }).from(auditLog);
  return {
    products: productCount?.n,
    variants: variantCount?.n,
    movements: movementCount?.n,
    audit: auditCount?.n,
  };
}

async function variantsOf(handle: string) {
  const productId = await productIdByHandle(t.database.db, handle);
  return t.database.db
    .select()
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(variants.position);
}

async function productRow(handle: string) {
  const [row] = await t.database.db.select().from(products).where(eq(products.handle, handle));
  return row;
}

describe('formula escaping', () => {
  it('escapes what a spreadsheet would run and takes exactly that escape off again', () => {
    for (const text of ['=1+1', '+1', '-1', '@x', '\tx', "'=x", "''+x", "'plain", 'plain', '', "'"])
      expect(unescapeCell(escapeCell(text))).toBe(text);
    expect(escapeCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(escapeCell("'=x")).toBe("''=x");
    expect(escapeCell("'plain")).toBe("'plain");
    expect(unescapeCell("'plain")).toBe("'plain");
  });
});

describe('the export', () => {
  it("is UTF-8 CSV with a BOM in Shopify's layout: one row per variant, product fields on a handle's first row", async () => {
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
    const [beltVariant] = await variantsOf('aaa-draft-belt');
    expect(rows.find((row) => row[0] === 'aaa-draft-belt')).toEqual(
      fileRow({
        Handle: 'aaa-draft-belt',
        Title: 'Aaa Draft Belt',
        Type: 'belts',
        Published: 'FALSE',
        'Option1 Name': 'Title',
        'Option1 Value': 'Default Title',
        'Variant Price': '12.50',
        'Variant Inventory Qty': '0',
        Status: 'draft',
        Category: 'belts',
        'Variant Id': beltVariant?.id ?? '',
        'Variant Stock Version': '0',
        'Variant Low Stock Threshold': '3',
      }),
    );
    // One variant, two photos: the second is Shopify's photo-only row.
    const tote = rows.filter((row) => row[0] === 'desert-tote');
    expect(tote).toHaveLength(2);
    expect(tote[0]).toMatchObject({
      [column('Title')]: ARABIC_NAME,
      [column('Body (HTML)')]: MULTILINE_DESCRIPTION,
      [column('Published')]: 'TRUE',
      [column('Status')]: 'active',
      [column('Variant Price')]: '28.00',
      [column('Variant Inventory Qty')]: '4',
      [column('Variant Stock Version')]: await lastOnHandMovement('desert-tote', 'total'),
      [column('Image Src')]: '/images/products/a.svg',
    });
    expect(tote[1]).toEqual(
      fileRow({ Handle: 'desert-tote', 'Image Src': '/images/products/b.svg' }),
    );
    const tee = rows.filter((row) => row[0] === 'formula-tee');
    expect(
      tee.map((row) => [
        cell(row, 'Option1 Name'),
        cell(row, 'Option1 Value'),
        cell(row, 'Variant Inventory Qty'),
        cell(row, 'Title'),
      ]),
    ).toEqual([
      ['Size', 'S/M', '1', '\'=HYPERLINK("http://evil.test","click")'],
      ['', 'L', '2', ''],
      ['', 'XL', '3', ''],
    ]);
    // Cells a spreadsheet would run as formulas start with an apostrophe.
    expect(cell(tee[0], 'Body (HTML)')).toBe("'-2+3 and '@ quoted");
    const dune = rows.filter((row) => row[0] === 'dune-tee');
    expect(dune).toHaveLength(11);
    expect([1, 2, 3].map((o) => cell(dune[0], `Option${o} Name` as Column))).toEqual([
      'Colour',
      'Size',
      'Fit',
    ]);
    const clayL = dune.find((row) => isRow(row, 'dune-tee', 'Clay', 'L', 'Relaxed'));
    expect(clayL && [cell(clayL, 'Variant SKU'), cell(clayL, 'Variant Price')]).toEqual([
      'DT-CLAY-L-RELAXED',
      '34.00',
    ]);
    expect(cell(clayL, 'Variant Compare At Price')).toBe('40.00');
    expect(cell(clayL, 'Variant Grams')).toBe('180');
  });
});

describe('export then import', () => {
  it('changes nothing: created 0, updated 0, a 3-option product and the text (Arabic, emoji, commas, quotes, newlines) as they were', async () => {
    const before = await counts();
    const tote = await productRow('desert-tote');
    const dune = await productRow('dune-tee');
    const duneVariants = await variantsOf('dune-tee');
    const file = (await exportCsv()).body;
    const response = await importCsv(file);
    expect(response.statusCode, response.body).toBe(200);
    const result = importResultSchema.parse(response.json());
    expect(result).toMatchObject({ created: 0, updated: 0, errors: [], dryRun: false });
    expect(result.unchanged).toBe(before.products);
    expect(result.changes.filter((change) => change.action !== 'unchanged')).toEqual([]);
    // The sample catalog has more photos than variants: Shopify's photo-only rows.
    expect(result.notes).toEqual([
      CSV_MESSAGES.notes.images,
      expect.stringMatching(/^\d+ rows with only a photo \(Image Src\) were skipped$/),
    ]);
    expect(await productRow('desert-tote')).toEqual(tote);
    expect(await productRow('dune-tee')).toEqual(dune);
    expect(await variantsOf('dune-tee')).toEqual(duneVariants);
    expect((await productRow('formula-tee'))?.name).toBe('=HYPERLINK("http://evil.test","click")');
    // The import itself is audited; no product, variant or movement was written.
    expect(await counts()).toEqual({ ...before, audit: (before.audit ?? 0) + 1 });
    // And without the BOM, which some editors drop, it reads the same.
    const noBom = await importCsv(file.replace(/^\uFEFF/, ''), '?dryRun=true');
    expect(noBom.json()).toMatchObject({ created: 0, updated: 0 });
  });
});

describe('a file exported from a Shopify store', () => {
  it('imports: options and variants, Default Title as no options, statuses mapped, what is not kept noted', async () => {
    const file = await readFile(SHOPIFY_EXPORT);
    const before = await counts();
    const preview = await importCsv(file, '?dryRun=true');
    expect(preview.statusCode, preview.body).toBe(200);
    const previewed = importResultSchema.parse(preview.json());
    expect(previewed.changes.filter((change) => change.action !== 'unchanged')).toEqual([
      { handle: 'sunset-hoodie', name: 'Sunset Hoodie', action: 'create', fields: [] },
      { handle: 'woven-leather-belt', name: 'Woven Leather Belt', action: 'create', fields: [] },
      { handle: 'market-canvas-tote', name: 'Market Canvas Tote', action: 'create', fields: [] },
    ]);
    expect(previewed.notes).toEqual([
      CSV_MESSAGES.notes.unknownColumns([
        'Product Category',
        'Variant Inventory Tracker',
        'Variant Inventory Policy',
        'Variant Fulfillment Service',
        'Variant Requires Shipping',
        'Variant Taxable',
        'Image Position',
        'Gift Card',
        'Google Shopping / Google Product Category',
        'Google Shopping / Gender',
        'Google Shopping / Age Group',
        'Google Shopping / MPN',
        'Google Shopping / Condition',
        'Google Shopping / Custom Product',
        'Variant Image',
        'Variant Weight Unit',
        'Variant Tax Code',
        'Cost per item',
        'Included / United States',
        'Price / United States',
        'Compare At Price / United States',
      ]),
      CSV_MESSAGES.notes.vendorAndTags,
      CSV_MESSAGES.notes.images,
      CSV_MESSAGES.notes.imageRows(1),
    ]);
    expect(await counts()).toEqual(before);

    const applied = await importCsv(file);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ ...previewed, dryRun: false });

    const hoodie = await productRow('sunset-hoodie');
    expect(hoodie).toMatchObject({
      name: 'Sunset Hoodie',
      category: 'hoodies',
      status: 'published',
      priceCents: 5800,
      options: [
        { name: 'Colour', values: ['Sand', 'Clay'] },
        { name: 'Size', values: ['S', 'M', 'L'] },
      ],
    });
    expect(hoodie?.descriptionHtml).toContain('<li>Kangaroo pocket</li>');
    // Its search engine listing travels with it (decision 037).
    expect(hoodie).toMatchObject({
      seoTitle: 'Sunset Hoodie | Desert Loom',
      seoDescription: 'A brushed cotton hoodie in two desert colours.',
    });
    expect(
      (await variantsOf('sunset-hoodie')).map((v) => [
        v.optionValues.join(' / '),
        v.sku,
        v.priceCents,
        v.compareAtCents,
        v.weightGrams,
        v.onHand,
      ]),
    ).toEqual([
      ['Sand / S', 'SH-SAND-S', null, 7000, 650, 4],
      ['Sand / M', 'SH-SAND-M', null, 7000, 650, 7],
      ['Sand / L', 'SH-SAND-L', 6200, null, 650, 2],
      ['Clay / S', 'SH-CLAY-S', null, 7000, 650, 4],
      ['Clay / M', 'SH-CLAY-M', null, 7000, 650, 7],
      ['Clay / L', 'SH-CLAY-L', 6200, null, 650, 2],
    ]);
    expect((await variantsOf('sunset-hoodie'))[5]?.barcode).toBe('0735745123456');
    expect(await productRow('woven-leather-belt')).toMatchObject({
      category: 'belts',
      status: 'published',
      options: [{ name: 'Length', values: ['90 cm', '100 cm'] }],
    });
    const tote = await productRow('market-canvas-tote');
    expect(tote).toMatchObject({
      category: 'totes',
      status: 'draft',
      options: [],
      priceCents: 3200,
    });
    expect(
      (await variantsOf('market-canvas-tote')).map((v) => [v.optionValues, v.sku, v.onHand]),
    ).toEqual([[[], 'MCT-1', 12]]);
    // The storefront sells it: Sand / L at its own price.
    const shown = await t.app.inject({ method: 'GET', url: `/api/products/${hoodie?.id}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ price: 58, hasSize: false, hasAandB: false });

    // The same Shopify file again matches every variant by its option values: nothing changes.
    const again = importResultSchema.parse((await importCsv(file)).json());
    expect(again.changes.filter((change) => change.action !== 'unchanged')).toEqual([]);
  });
});

describe('a bad file', () => {
  it('is rejected whole with every bad row named, and nothing changes', async () => {
    const [header, ...rows] = rowsOf((await exportCsv()).body);
    const edited = rows.map((row) => [...row]);
    const at = (handle: string, ...values: string[]) =>
      edited.findIndex((row) => isRow(row, handle, ...values));
    // A good change that must not be applied either.
    edited[at('desert-tote')] = withCell(
      edited[at('desert-tote')] as string[],
      'Variant Price',
      '99.00',
    );
    edited[at('formula-tee', 'L')] = withCell(
      edited[at('formula-tee', 'L')] as string[],
      'Variant Inventory Qty',
      '-1',
    );
    edited[at('formula-tee', 'XL')] = withCell(
      edited[at('formula-tee', 'XL')] as string[],
      'Title',
      'Another name',
    );
    // And a new SKU, as good.
    edited[at('dune-tee', 'Sand', 'S', 'Regular')] = withCell(
      edited[at('dune-tee', 'Sand', 'S', 'Regular')] as string[],
      'Variant SKU',
      'DT-CLAY-M-REGULAR-X',
    );
    const newRows = [
      fileRow({
        Handle: 'brand-new',
        Title: 'Brand new',
        Type: 'Shoes',
        'Option1 Name': 'Title',
        'Option1 Value': 'Default Title',
        'Variant Price': '10',
      }),
      fileRow({
        Handle: 'another-new',
        Title: '',
        Category: 'totes',
        'Option1 Name': 'Colour',
        'Option1 Value': '',
        'Variant Price': '10.001',
      }),
      fileRow({
        Handle: 'sku-taker',
        Title: 'SKU Taker',
        Category: 'totes',
        'Variant Price': '10',
        'Variant SKU': 'DT-SAND-M-REGULAR',
      }),
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
        notes: [CSV_MESSAGES.notes.images, expect.stringMatching(/with only a photo/)],
        dryRun: query !== '',
        errors: [
          {
            row: rowOf(at('formula-tee', 'L')),
            message: CSV_MESSAGES.count('Variant Inventory Qty'),
          },
          {
            row: rowOf(at('formula-tee', 'XL')),
            message: CSV_MESSAGES.disagrees(rowOf(at('formula-tee', 'S/M')), ['Title']),
          },
          { row: edited.length + 1, message: CSV_MESSAGES.typeNotCategory('Shoes') },
          {
            row: edited.length + 2,
            message: `Name is required; ${CSV_MESSAGES.optionValueRequired('Option1 Value', 'Colour')}; ${CSV_MESSAGES.price('Variant Price')}`,
          },
          {
            row: edited.length + 3,
            message: CSV_MESSAGES.skuTwice(
              'DT-SAND-M-REGULAR',
              rowOf(at('dune-tee', 'Sand', 'M', 'Regular')),
            ),
          },
        ],
      });
    }
    expect(await counts()).toEqual(before);
    expect((await productRow('desert-tote'))?.priceCents).toBe(2800);
  });

  it('names a variant twice, rows that are not CSV, and an option change that would drop a variant with stock', async () => {
    const header = CSV_COLUMNS.join(',');
    const sized = (size: string, first = false) =>
      toCsv([
        fileRow({
          Handle: 'shape-tee',
          ...(first ? { Title: 'Shape Tee', Category: 'hoodies', 'Option1 Name': 'Size' } : {}),
          'Option1 Value': size,
          'Variant Price': '40',
        }),
      ]);
    const twice = await importCsv([header, sized('S', true), sized('M'), sized('m')].join('\n'));
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual([{ row: 3, message: CSV_MESSAGES.variantTwice(2) }]);
    const broken = await importCsv([header, sized('S', true), 'x,"unclosed'].join('\n'));
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors).toEqual([{ row: 2, message: CSV_MESSAGES.quoteNotClosed }]);
    const short = await importCsv([header, 'only,three,fields'].join('\n'));
    expect(short.json().errors).toEqual([
      { row: 1, message: CSV_MESSAGES.fieldCount(3, CSV_COLUMNS.length) },
    ]);

    // A SKU another product (not in the file) has.
    const taker = fileRow({
      Handle: 'sku-taker',
      Title: 'SKU Taker',
      Category: 'totes',
      'Variant Price': '10',
      'Variant SKU': 'DT-SAND-M-REGULAR',
    });
    const taken = await importCsv(toCsv([[...CSV_COLUMNS], taker]), '?dryRun=true');
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual([
      { row: 1, message: CSV_MESSAGES.skuTaken('DT-SAND-M-REGULAR', 'Dune Tee') },
    ]);

    // Dune Tee without its Fit option: the variants the file leaves out would go, and Sand / M /
    // Regular has 6 on hand.
    const [head, ...rows] = rowsOf((await exportCsv()).body);
    const dune = rows
      .filter((row) => row[0] === 'dune-tee' && cell(row, 'Option3 Value') === 'Regular')
      .map((row) =>
        withCell(
          withCell(withCell(row, 'Option3 Name', ''), 'Option3 Value', ''),
          'Variant Id',
          '',
        ),
      );
    const dropped = await importCsv(toCsv([head as string[], ...dune]), '?dryRun=true');
    expect(dropped.statusCode).toBe(422);
    expect(dropped.json().errors).toEqual([
      {
        row: 1,
        message:
          'dune-tee: Sand / M / Regular is not in the file and would go with the change of options, but still has 6 on hand and 0 held',
      },
    ]);
  });

  it('answers 400 for an empty file, a wrong header or text that is not UTF-8, 413 over 5 MB', async () => {
    const empty = await importCsv(CSV_COLUMNS.join(','));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(ADMIN_CATALOG_MESSAGES.importEmpty);
    const header = await importCsv('Handle,Title\nx,y');
    expect(header.statusCode).toBe(400);
    expect(header.json().message).toBe(
      CSV_MESSAGES.missingColumns(['Option1 Value', 'Variant Price']),
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
      isRow(row, 'desert-tote') && cell(row, 'Variant Price')
        ? withCell(row, 'Variant Price', '31.50')
        : row,
    );
    const born = (value: string, stock: string, threshold: string, first = false) =>
      fileRow({
        Handle: 'csv-born',
        ...(first
          ? {
              Title: 'CSV Born',
              'Body (HTML)': '<p>New <script>x</script></p>',
              Type: 'Belts',
              Status: 'active',
              'Option1 Name': 'Option',
            }
          : {}),
        'Option1 Value': value,
        'Variant Price': '19.99',
        'Variant Inventory Qty': stock,
        'Variant Low Stock Threshold': threshold,
        'Image Src': first ? '/ignored.svg' : '',
      });
    const file = toCsv([
      header as string[],
      ...edited,
      born('A', '5', '2', true),
      born('B', '0', '3'),
    ]);
    const before = await counts();
    const preview = await importCsv(file, '?dryRun=true');
    expect(preview.statusCode, preview.body).toBe(200);
    const previewed = importResultSchema.parse(preview.json());
    expect(previewed).toMatchObject({ created: 1, updated: 1, dryRun: true, errors: [] });
    expect(previewed.changes.filter((change) => change.action !== 'unchanged')).toEqual([
      {
        handle: 'desert-tote',
        name: ARABIC_NAME,
        action: 'update',
        fields: ['price'],
        diffs: [{ field: 'price', from: '$28.00', to: '$31.50' }],
      },
      { handle: 'csv-born', name: 'CSV Born', action: 'create', fields: [] },
    ]);
    expect(await counts()).toEqual(before);

    const applied = await importCsv(file);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({ ...previewed, dryRun: false });
    const toteId = await productIdByHandle(t.database.db, 'desert-tote');
    const shown = await t.app.inject({ method: 'GET', url: `/api/products/${toteId}` });
    expect(shown.json().price).toBe(31.5);

    // Option A and B: the spec's shape, so the storefront answers its fields.
    const bornId = await productIdByHandle(t.database.db, 'csv-born');
    const created = await t.app.inject({ method: 'GET', url: `/api/products/${bornId}` });
    expect(created.json()).toMatchObject({
      name: 'CSV Born',
      description: '<p>New </p>',
      category: 'belts',
      hasAandB: true,
      image: '',
      images: [],
      countInStock: { countA: 5, countB: 0 },
    });
    expect(
      (await variantsOf('csv-born')).map((v) => [v.optionValues[0], v.lowStockThreshold]),
    ).toEqual([
      ['A', 2],
      ['B', 3],
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

  it('adds a new combination and changes a variant, leaving the variants the file omits alone', async () => {
    const [header, ...rows] = rowsOf((await exportCsv()).body);
    const before = await variantsOf('dune-tee');
    const first = rows.find((row) => isRow(row, 'dune-tee', 'Sand', 'S', 'Regular')) as string[];
    const clayM = rows.find((row) => isRow(row, 'dune-tee', 'Clay', 'M', 'Relaxed')) as string[];
    const file = toCsv([
      header as string[],
      first,
      withCell(withCell(clayM, 'Variant Price', '36.00'), 'Variant SKU', 'DT-CLAY-M-RELAXED-2'),
      fileRow({
        Handle: 'dune-tee',
        'Option1 Value': 'Clay',
        'Option2 Value': 'S',
        'Option3 Value': 'Relaxed',
        'Variant SKU': 'DT-CLAY-S-RELAXED',
        'Variant Price': '30.00',
        'Variant Inventory Qty': '2',
      }),
      fileRow({
        Handle: 'dune-tee',
        'Option1 Value': 'Ochre',
        'Option2 Value': 'S',
        'Option3 Value': 'Regular',
        'Variant Price': '30.00',
      }),
    ]);
    const response = await importCsv(file);
    expect(response.statusCode, response.body).toBe(200);
    const change = importResultSchema
      .parse(response.json())
      .changes.find((c) => c.handle === 'dune-tee');
    expect(change).toMatchObject({ action: 'update' });
    expect(change?.fields).toEqual(
      expect.arrayContaining([
        'options',
        'price Clay / M / Relaxed',
        'SKU Clay / M / Relaxed',
        'new variant Clay / S / Relaxed',
        'new variant Ochre / S / Regular',
        'stock Clay / S / Relaxed',
      ]),
    );
    // The variants keep their order; the new ones follow.
    expect(change?.fields.filter((field) => field.startsWith('position'))).toEqual([]);
    const after = await variantsOf('dune-tee');
    expect(after).toHaveLength(13);
    expect(after.slice(11).map((v) => v.optionValues.join(' / '))).toEqual([
      'Clay / S / Relaxed',
      'Ochre / S / Regular',
    ]);
    // Every variant the file left out is still there, with its id, SKU and stock.
    for (const variant of before)
      expect(after.find((v) => v.id === variant.id)).toMatchObject({
        optionValues: variant.optionValues,
        onHand: variant.onHand,
        sku: variant.id === clayM[column('Variant Id')] ? 'DT-CLAY-M-RELAXED-2' : variant.sku,
      });
    expect(after.find((v) => v.optionValues.join() === 'Clay,S,Relaxed')).toMatchObject({
      sku: 'DT-CLAY-S-RELAXED',
      onHand: 2,
    });
    expect((await productRow('dune-tee'))?.options[0]).toEqual({
      name: 'Colour',
      values: ['Sand', 'Clay', 'Ochre'],
    });
  });

  it('sets stock with an import movement and thresholds per variant', async () => {
    const teeId = await productIdByHandle(t.database.db, 'formula-tee');
    const [header, ...rows] = rowsOf((await exportCsv()).body);
    const edited = rows.map((row) => {
      if (isRow(row, 'formula-tee', 'S/M')) return withCell(row, 'Variant Inventory Qty', '9');
      if (isRow(row, 'formula-tee', 'L')) return withCell(row, 'Variant Low Stock Threshold', '0');
      return row;
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
      diffs: [
        { field: 'stock S/M', from: '1', to: '9' },
        { field: 'threshold L', from: '3', to: '0' },
      ],
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
    expect((await variantsOf('formula-tee')).map((v) => [v.onHand, v.lowStockThreshold])).toEqual([
      [9, 3],
      [2, 0],
      [3, 3],
    ]);
  });

  it('refuses stock below what open checkouts hold', async () => {
    const toteId = await productIdByHandle(t.database.db, 'desert-tote');
    await placeUnpaidOrder(t, { lines: [{ product: toteId, qty: 3 }] });
    const [header, ...rows] = rowsOf((await exportCsv()).body);
    const index = rows.findIndex((row) => isRow(row, 'desert-tote'));
    const edited = rows.map((row, i) =>
      i === index ? withCell(row, 'Variant Inventory Qty', '2') : row,
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
    const rowOf = (handle: string, ...values: string[]) =>
      rows.findIndex((row) => isRow(row, handle, ...values)) + 1;
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
            'stock of Sized Sold Tee L changed since this file was exported: export again or leave the stock cell empty',
        },
      ]);
    }
    expect(await counts()).toEqual(before);
    expect([await onHand('last-two', 'total'), await onHand('sized-sold', 'L')]).toEqual([1, 1]);

    // Empty stock cells leave on-hand as it is; the rows' other cells import as before.
    const emptied = rows.map((row, i) =>
      i + 1 === rowOf('last-two')
        ? withCell(withCell(row, 'Variant Inventory Qty', ''), 'Variant Price', '12.00')
        : i + 1 === rowOf('sized-sold', 'L')
          ? withCell(row, 'Variant Inventory Qty', '')
          : row,
    );
    const applied = await importCsv(toCsv([header as string[], ...emptied]));
    expect(applied.statusCode, applied.body).toBe(200);
    expect(
      importResultSchema.parse(applied.json()).changes.filter((c) => c.action !== 'unchanged'),
    ).toEqual([
      {
        handle: 'last-two',
        name: 'Last Two Tote',
        action: 'update',
        fields: ['price'],
        diffs: [{ field: 'price', from: '$10.00', to: '$12.00' }],
      },
    ]);
    expect([await onHand('last-two', 'total'), await onHand('sized-sold', 'L')]).toEqual([1, 1]);
  });

  it('takes the stock of a file without Variant Stock Version (made by hand, or from Shopify) as counted now', async () => {
    const [header, ...rows] = rowsOf((await exportCsv()).body);
    await placePaidOrder(t, {
      lines: [{ product: await productIdByHandle(t.database.db, 'last-two'), qty: 1 }],
    });
    const at = column('Variant Stock Version');
    const counted = [header as string[], ...rows]
      .map((row) => (isRow(row, 'last-two') ? withCell(row, 'Variant Inventory Qty', '7') : row))
      .map((row) => row.filter((_, i) => i !== at));
    const applied = await importCsv(toCsv(counted));
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await onHand('last-two', 'total')).toBe(7);
  });
});

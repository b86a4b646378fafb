// `npm run bench:products-import` (tsx bench/products-import.ts): the catalog CSV import of 1,000
// variant rows (333 sized products of three rows and one plain product) against a real API on
// PostgreSQL. A fresh database without the sample catalog; the API runs from source
// (apps/api/src/server.ts through tsx, NODE_ENV=production) in a process of its own. Timed, each
// through POST /api/admin/products/import with an owner's back-office token:
//   1. the file creating every product (stock as `import` movements),
//   2. a dry run of a file changing every price and every variant's stock,
//   3. that file applied (1,000 `import` movements),
//   4. the export of the catalog, imported again unchanged.
// The baseline, measured the same way in the same run, is GET /api/admin/products.csv of the same
// catalog (the median of five); each request is printed with its ratio to it. Target: every import under 30 s.
// Needs PostgreSQL (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres). Loopback only.
import { CSV_COLUMNS } from '@shop/shared/admin-catalog';
import { startBenchApi, withClient } from './back-office-bench';

const SIZED_PRODUCTS = 333;
const TARGET_MS = 30_000;

type Column = (typeof CSV_COLUMNS)[number];
const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
const csvOf = (rows: Partial<Record<Column, string>>[]) =>
  `\uFEFF${[[...CSV_COLUMNS], ...rows.map((row) => CSV_COLUMNS.map((column) => row[column] ?? ''))]
    .map((row) => row.map(cell).join(','))
    .join('\r\n')}\r\n`;

/**
 * The catalog's file in Shopify's layout (decision 038): `round` shifts every price and stock, so
 * each round changes them all. No Variant Stock Version: the file is a count, as a hand-made one
 * is (decision 024).
 */
function catalogFile(round: number): string {
  const rows: Partial<Record<Column, string>>[] = [];
  for (let i = 0; i < SIZED_PRODUCTS; i += 1) {
    const handle = `bench-tee-${String(i).padStart(4, '0')}`;
    const price = (20 + (i % 50) + round + 0.5).toFixed(2);
    ['S/M', 'L', 'XL'].forEach((size, s) =>
      rows.push({
        Handle: handle,
        ...(s === 0
          ? {
              Title: i % 3 === 0 ? `قميص "حب الذات", رقم ${i} 🌵` : `Bench Tee ${i}, heavy cotton`,
              'Body (HTML)': `<p>Tee ${i}: soft, "heavy" cotton.\nSecond line.</p><ul><li>Care, cold</li></ul>`,
              Status: 'active',
              Category: 'selflove_women_tshirts',
              'Option1 Name': 'Size',
            }
          : {}),
        'Option1 Value': size,
        'Variant Price': price,
        'Variant Inventory Qty': String(10 + s + round),
        'Variant Low Stock Threshold': '3',
      }),
    );
  }
  rows.push({
    Handle: 'bench-tote',
    Title: 'Bench Tote',
    Category: 'totes',
    Status: 'draft',
    'Variant Price': (15 + round).toFixed(2),
    'Variant Inventory Qty': String(5 + round),
    'Variant Low Stock Threshold': '2',
  });
  return csvOf(rows);
}

interface Timed {
  label: string;
  ms: number;
  summary: string;
  baseline: boolean;
}

const api = await startBenchApi({
  name: 'import',
  port: 3912,
  env: { SEED_SAMPLE_CATALOG: 'false' },
});
const { origin, dbUrl } = api;

const results: Timed[] = [];
let movements: number | undefined;
try {
  const token = await api.ownerToken();
  const headers = { authorization: `Bearer ${token}` };

  const importFile = async (label: string, file: string, dryRun = false) => {
    const started = performance.now();
    const response = await fetch(
      `${origin}/api/admin/products/import${dryRun ? '?dryRun=true' : ''}`,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' },
        body: file,
      },
    );
    const body = (await response.json()) as Record<string, unknown>;
    const ms = performance.now() - started;
    if (!response.ok)
      throw new Error(`${label}: ${response.status} ${JSON.stringify(body).slice(0, 500)}`);
    results.push({
      label,
      ms,
      summary: `created ${body.created}, updated ${body.updated}, unchanged ${body.unchanged}`,
      baseline: false,
    });
  };
  const exportFile = async (label: string) => {
    const started = performance.now();
    const response = await fetch(`${origin}/api/admin/products.csv`, { headers });
    const text = await response.text();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${label}: ${response.status}`);
    results.push({
      label,
      ms,
      summary: `${text.split('\r\n').length - 2} rows, ${Math.round(text.length / 1024)} KB`,
      baseline: true,
    });
    return text;
  };

  const first = catalogFile(0);
  console.log(
    `file: ${first.split('\r\n').length - 2} variant rows, ${Math.round(first.length / 1024)} KB`,
  );
  await importFile('import creating 334 products', first);
  // The baseline: the median of five exports of the same catalog, after one to warm up.
  await exportFile('warm-up');
  results.pop();
  const exports: Timed[] = [];
  for (let i = 0; i < 5; i += 1) {
    await exportFile('export');
    exports.push(results.pop() as Timed);
  }
  exports.sort((a, b) => a.ms - b.ms);
  results.push({ ...(exports[2] as Timed), label: 'baseline: GET /api/admin/products.csv' });
  const second = catalogFile(1);
  await importFile('dry run changing every price and stock', second, true);
  await importFile('import changing every price and stock', second);
  const exported = await exportFile('export after the changes');
  (results.at(-1) as Timed).baseline = false;
  await importFile('export imported again (no change)', exported);
  movements = await withClient(dbUrl, async (client) => {
    const result = await client.query<{ n: number }>(
      `select count(*)::int as n from stock_movements where reason = 'import'`,
    );
    return result.rows[0]?.n ?? 0;
  });
} finally {
  await api.stop();
}

const pad = (text: string | number, width: number) => String(text).padEnd(width);
const baselineMs = results.find((row) => row.baseline)?.ms ?? NaN;
console.log(`\n1,000 variant rows (334 products), PostgreSQL, loopback, one request each\n`);
console.log(`${pad('request', 48)}${pad('ms', 10)}${pad('/ export', 10)}result`);
let failed = false;
for (const row of results) {
  if (row.label.includes('import') && row.ms > TARGET_MS) failed = true;
  console.log(
    `${pad(row.label, 48)}${pad(row.ms.toFixed(0), 10)}${pad((row.ms / baselineMs).toFixed(1), 10)}${row.summary}`,
  );
}
console.log(
  `\nbaseline = the median of five exports (${baselineMs.toFixed(0)} ms); import movements written: ${movements}`,
);
console.log(
  failed
    ? `\nover the target: an import took more than ${TARGET_MS / 1000} s`
    : `\nevery import under ${TARGET_MS / 1000} s`,
);
if (failed) process.exitCode = 1;

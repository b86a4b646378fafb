import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  ADMIN_CATALOG_MESSAGES,
  CSV_COLUMNS,
  MAX_STOCK_CHANGE,
  choiceOfVariant,
  productWriteSchema,
  productStatusSchema,
  variantsOf,
  type ProductStatus,
} from '@shop/shared/admin-catalog';
import {
  LINE_OPTIONS,
  LINE_SIZES,
  type Category,
  type LineOption,
  type LineSize,
  type Variant,
} from '@shop/shared/catalog';
import { toCents } from '@shop/shared/money';

/**
 * The catalog as CSV (docs/decisions/016-catalog-csv.md): one row per variant, RFC 4180 through
 * csv-stringify and csv-parse, UTF-8 with a BOM. Pure: no database here.
 */

export type CsvColumn = (typeof CSV_COLUMNS)[number];
export type CsvRecord = Record<CsvColumn, string>;

/** What spreadsheets start a formula with (tab and carriage return too, as OWASP lists them). */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const ESCAPED_FORMULA_START = /^'+[=+\-@\t\r]/;

/**
 * A cell a spreadsheet would run as a formula gets a leading apostrophe (and so does one that
 * already looks like such an escape, so that the import can take exactly one off again).
 */
export function escapeCell(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** The inverse of escapeCell: escapeCell's output, and nothing else, loses one apostrophe. */
export function unescapeCell(cell: string): string {
  return ESCAPED_FORMULA_START.test(cell) ? cell.slice(1) : cell;
}

/** The file: BOM, header row, CRLF line ends, every cell escaped against formulas. */
export function formatCatalogCsv(records: readonly CsvRecord[]): string {
  return stringify(
    records.map((record) => CSV_COLUMNS.map((column) => escapeCell(record[column]))),
    { bom: true, header: true, columns: [...CSV_COLUMNS], record_delimiter: 'windows' },
  );
}

export const formatPrice = (cents: number) => (cents / 100).toFixed(2);

/** The CSV's `size` and `option` of a variant. */
export const variantCells = (variant: Variant) => choiceOfVariant(variant);

// ---------------------------------------------------------------------------------------------
// Reading a file

export interface RowError {
  /** Data rows count from 1 (the header is not a row). */
  row: number;
  message: string;
}

/** A data row that passed the row-by-row checks. */
export interface ImportRow {
  row: number;
  handle: string;
  product: ImportedProduct;
  variant: Variant;
  size: LineSize;
  option: LineOption;
  /** On-hand to set; undefined for an empty cell (leave it as it is). */
  stock: number | undefined;
  /** The ledger position the file's stock was read at; undefined for an empty cell (see readRow). */
  stockVersion: number | undefined;
  lowStockThreshold: number;
}

export interface ImportedProduct {
  name: string;
  /** As in the file; sanitised before it is compared or stored. */
  description: string;
  priceCents: number;
  category: Category;
  status: ProductStatus;
  hasSize: boolean;
  hasAandB: boolean;
}

/** One product of the file: the rows of one handle, checked against each other. */
export interface ImportGroup {
  handle: string;
  /** The first row of the handle (errors about the whole product name it). */
  row: number;
  product: ImportedProduct;
  variants: {
    variant: Variant;
    row: number;
    stock: number | undefined;
    stockVersion: number | undefined;
    lowStockThreshold: number;
  }[];
}

/** Thrown for a file that cannot be read as the catalog at all (no rows, wrong header). */
export class UnreadableCsv extends Error {}

export const CSV_MESSAGES = {
  notUtf8: 'The file is not UTF-8 text',
  missingColumns: (columns: string[]) =>
    `The first row must name the columns ${columns.join(', ')}`,
  fieldCount: (found: number, expected: number) =>
    `This row has ${found} fields; the header has ${expected}`,
  quoteNotClosed: 'A quoted field is not closed',
  badQuote: 'A quote inside a quoted field must be doubled ("")',
  notCsv: 'This row is not valid CSV',
  size: `Size must be one of ${LINE_SIZES.join(', ')}`,
  option: `Option must be one of ${LINE_OPTIONS.join(', ')}`,
  sizeAndOption: 'A row has a size or an option (or neither), not both',
  count: (label: string) => `${label} must be a whole number from 0 to ${MAX_STOCK_CHANGE}`,
  stockVersion: 'stockVersion must be the whole number the export wrote, or empty',
  handleRequired: 'Handle is required',
  disagrees: (row: number, fields: string[]) =>
    `This row differs from row ${row} of the same handle in ${fields.join(', ')}`,
  variantDoesNotFit: (size: string, option: string, expected: string) =>
    `Size ${size} with option ${option} does not fit this product (its rows are ${expected})`,
  variantTwice: (row: number) => `Row ${row} already has this size and option`,
  variantMissing: (handle: string, missing: string) => `${handle} has no row for ${missing}`,
} as const;

/** images is export-only; a file without stockVersion (made by hand, or exported before it) still reads. */
const OPTIONAL_COLUMNS: readonly string[] = ['images', 'stockVersion'];
const REQUIRED_COLUMNS = CSV_COLUMNS.filter((column) => !OPTIONAL_COLUMNS.includes(column));
const BOOLEAN = /^(true|false)$/i;
const DECIMAL = /^\d+(\.\d+)?$/;
const WHOLE = /^\d+$/;

/** How a variant reads in a file: 'S/M / NA'. */
export const variantLabel = (variant: Variant) => {
  const { size, option } = choiceOfVariant(variant);
  return `size ${size} option ${option}`;
};

function variantOfCells(size: LineSize, option: LineOption): Variant | undefined {
  if (size === 'NA') return option === 'NA' ? 'total' : option;
  return option === 'NA' ? size : undefined;
}

function readCount(text: string, label: string, errors: string[]): number {
  const value = text.trim();
  if (WHOLE.test(value) && Number(value) <= MAX_STOCK_CHANGE) return Number(value);
  errors.push(CSV_MESSAGES.count(label));
  return 0;
}

/** An empty cell is undefined (the stock cell: leave on-hand as it is). */
function readOptional<T>(text: string, read: (value: string) => T): T | undefined {
  return text.trim() ? read(text) : undefined;
}

function readVersion(text: string, errors: string[]): number {
  const value = text.trim();
  if (WHOLE.test(value) && Number.isSafeInteger(Number(value))) return Number(value);
  errors.push(CSV_MESSAGES.stockVersion);
  return 0;
}

/** One data row, checked by the rules of a product write plus those of the CSV's own columns. */
function readRow(record: CsvRecord, row: number): ImportRow | RowError {
  const errors: string[] = [];
  const price = record.price.trim();
  const bool = (text: string) =>
    BOOLEAN.test(text.trim()) ? text.trim().toLowerCase() === 'true' : text;
  const handle = record.handle.trim();
  const status = productStatusSchema.safeParse(record.status.trim());
  if (!handle) errors.push(CSV_MESSAGES.handleRequired);
  if (!status.success) errors.push(...status.error.issues.map((issue) => issue.message));
  const write = productWriteSchema.safeParse({
    name: record.name,
    description: record.description,
    price: DECIMAL.test(price) ? Number(price) : price,
    category: record.category.trim(),
    hasSize: bool(record.hasSize),
    hasAandB: bool(record.hasAandB),
    ...(handle ? { handle } : {}),
  });
  if (!write.success) errors.push(...write.error.issues.map((issue) => issue.message));

  const size = record.size.trim() as LineSize;
  const option = record.option.trim() as LineOption;
  if (!LINE_SIZES.includes(size)) errors.push(CSV_MESSAGES.size);
  if (!LINE_OPTIONS.includes(option)) errors.push(CSV_MESSAGES.option);
  const variant = variantOfCells(size, option);
  if (LINE_SIZES.includes(size) && LINE_OPTIONS.includes(option) && !variant)
    errors.push(CSV_MESSAGES.sizeAndOption);
  const stock = readOptional(record.stock, (text) => readCount(text, 'Stock', errors));
  const stockVersion = readOptional(record.stockVersion, (text) => readVersion(text, errors));
  const lowStockThreshold = readCount(record.lowStockThreshold, 'lowStockThreshold', errors);

  if (errors.length || !write.success || !status.success || !variant)
    return { row, message: [...new Set(errors)].join('; ') };
  return {
    row,
    handle,
    product: {
      name: write.data.name,
      description: write.data.description,
      priceCents: toCents(write.data.price),
      category: write.data.category,
      status: status.data,
      hasSize: write.data.hasSize,
      hasAandB: write.data.hasAandB,
    },
    variant,
    size,
    option,
    stock,
    stockVersion,
    lowStockThreshold,
  };
}

/** One entry per bad row, in row order, its messages joined. */
export function mergeRowErrors(errors: readonly RowError[]): RowError[] {
  const byRow = new Map<number, string[]>();
  for (const error of errors)
    byRow.set(error.row, [...(byRow.get(error.row) ?? []), error.message]);
  return [...byRow]
    .sort(([a], [b]) => a - b)
    .map(([row, messages]) => ({ row, message: [...new Set(messages)].join('; ') }));
}

const isRowError = (value: ImportRow | RowError): value is RowError => 'message' in value;

/** The product fields on which the rows of one handle must agree. */
const PRODUCT_FIELDS = [
  'name',
  'category',
  'price',
  'status',
  'hasSize',
  'hasAandB',
  'description',
] as const;
const productField = (product: ImportedProduct, field: (typeof PRODUCT_FIELDS)[number]) =>
  field === 'price'
    ? product.priceCents
    : field === 'description'
      ? product.description
      : product[field];

/** Groups the rows by handle; each row that disagrees with the first or does not fit is an error. */
function groupRows(
  rows: ImportRow[],
  errors: RowError[],
  incomplete: ReadonlySet<string>,
): ImportGroup[] {
  const byHandle = new Map<string, ImportRow[]>();
  for (const row of rows) byHandle.set(row.handle, [...(byHandle.get(row.handle) ?? []), row]);
  const groups: ImportGroup[] = [];
  for (const [handle, handleRows] of byHandle) {
    const [first, ...others] = handleRows;
    if (!first) continue;
    let fine = true;
    for (const other of others) {
      const differing = PRODUCT_FIELDS.filter(
        (field) => productField(other.product, field) !== productField(first.product, field),
      );
      if (differing.length) {
        errors.push({ row: other.row, message: CSV_MESSAGES.disagrees(first.row, differing) });
        fine = false;
      }
    }
    const expected = variantsOf(first.product);
    const expectedText = expected.map(variantLabel).join(', ');
    const seen = new Map<Variant, number>();
    for (const row of handleRows) {
      if (!(expected as readonly string[]).includes(row.variant)) {
        errors.push({
          row: row.row,
          message: CSV_MESSAGES.variantDoesNotFit(row.size, row.option, expectedText),
        });
        fine = false;
        continue;
      }
      const earlier = seen.get(row.variant);
      if (earlier !== undefined) {
        errors.push({ row: row.row, message: CSV_MESSAGES.variantTwice(earlier) });
        fine = false;
      }
      seen.set(row.variant, row.row);
    }
    const missing = expected.filter((variant) => !seen.has(variant));
    if (incomplete.has(handle)) fine = false;
    else if (fine && missing.length) {
      errors.push({
        row: first.row,
        message: CSV_MESSAGES.variantMissing(handle, missing.map(variantLabel).join(', ')),
      });
      fine = false;
    }
    if (fine)
      groups.push({
        handle,
        row: first.row,
        product: first.product,
        variants: expected.map((variant) => {
          const row = handleRows.find((candidate) => candidate.variant === variant);
          return {
            variant,
            row: row?.row ?? first.row,
            stock: row?.stock,
            stockVersion: row?.stockVersion,
            lowStockThreshold: row?.lowStockThreshold ?? 0,
          };
        }),
      });
  }
  return groups;
}

function parseErrorMessage(error: CsvError): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return CSV_MESSAGES.quoteNotClosed;
  if (error.code === 'CSV_INVALID_CLOSING_QUOTE') return CSV_MESSAGES.badQuote;
  return CSV_MESSAGES.notCsv;
}

/**
 * Reads an import: UTF-8 (a BOM is optional), a header naming the columns (in any order; `images`
 * may be left out, it is not imported), then one row per variant. Answers the products of the
 * file and every bad row; throws UnreadableCsv for a file that is not the catalog at all.
 */
export function readCatalogCsv(body: Buffer | string): {
  groups: ImportGroup[];
  errors: RowError[];
} {
  let text: string;
  try {
    text = typeof body === 'string' ? body : new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new UnreadableCsv(CSV_MESSAGES.notUtf8);
  }
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // The header is record 1, so the failing record's data row is the count read before it.
    const row = Math.max(1, typeof error.records === 'number' ? error.records : 1);
    return { groups: [], errors: [{ row, message: parseErrorMessage(error) }] };
  }
  const [header, ...data] = records;
  if (!header || !data.length) throw new UnreadableCsv(ADMIN_CATALOG_MESSAGES.importEmpty);
  const names = header.map((name) => name.trim());
  const missing = REQUIRED_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length) throw new UnreadableCsv(CSV_MESSAGES.missingColumns(missing));
  const errors: RowError[] = [];
  const rows: ImportRow[] = [];
  // A handle with a bad row is incomplete: its other rows are not also told they miss a variant.
  const incomplete = new Set<string>();
  data.forEach((cells, index) => {
    const row = index + 1;
    if (cells.length !== header.length) {
      errors.push({ row, message: CSV_MESSAGES.fieldCount(cells.length, header.length) });
      incomplete.add(unescapeCell(cells[names.indexOf('handle')] ?? '').trim());
      return;
    }
    const record = Object.fromEntries(
      CSV_COLUMNS.map((column) => {
        const at = names.indexOf(column);
        return [column, at < 0 ? '' : unescapeCell(cells[at] ?? '')];
      }),
    ) as CsvRecord;
    const read = readRow(record, row);
    if (isRowError(read)) {
      errors.push(read);
      incomplete.add(record.handle.trim());
    } else rows.push(read);
  });
  const groups = groupRows(rows, errors, incomplete);
  return { groups, errors };
}

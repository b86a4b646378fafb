import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  ADMIN_CATALOG_MESSAGES,
  CSV_COLUMNS,
  MAX_PRICE_DOLLARS,
  MAX_STOCK_CHANGE,
  productWriteSchema,
  type ProductStatus,
} from '@shop/shared/admin-catalog';
import { MAX_WEIGHT_GRAMS } from '@shop/shared/admin-variants';
import { CATEGORIES, type Category } from '@shop/shared/catalog';
import { toCents } from '@shop/shared/money';
import { variantTitle } from '@shop/shared/variants';

/**
 * The catalog as CSV in Shopify's product layout (docs/decisions/038-shopify-csv.md; the file's
 * form is 016's): one row per variant, RFC 4180 through csv-stringify and csv-parse, UTF-8 with a
 * BOM. Pure: no database here.
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

/** Shopify's Status of this shop's status, and (Published) whether the online store shows it. */
export const SHOPIFY_STATUS: Record<ProductStatus, string> = {
  published: 'active',
  draft: 'draft',
  archived: 'archived',
};

/** Shopify's name and value for the one variant of a product without options. */
export const DEFAULT_TITLE = { name: 'Title', value: 'Default Title' } as const;

// ---------------------------------------------------------------------------------------------
// Reading a file

export interface RowError {
  /** Data rows count from 1 (the header is not a row). */
  row: number;
  message: string;
}

/** The product fields of a handle's first row. */
export interface ImportedProduct {
  name: string;
  /** As in the file; sanitised before it is compared or stored. */
  description: string;
  category: Category;
  /** Undefined when neither Status nor Published says (a new product is then a draft). */
  status: ProductStatus | undefined;
  /** The SEO Title and SEO Description cells ('' for none). */
  seoTitle: string;
  seoDescription: string;
}

/** One variant row of the file. */
export interface ImportVariant {
  row: number;
  /** The Variant Id cell: names an existing variant of the product (its values may change). */
  id: string | undefined;
  /** One value per option, in the options' order ([] without options). */
  values: string[];
  sku: string | null;
  priceCents: number;
  compareAtCents: number | null;
  barcode: string | null;
  weightGrams: number | null;
  /** On-hand to set; undefined for an empty cell (leave it as it is). */
  stock: number | undefined;
  /** The ledger position the file's stock was read at; undefined for an empty cell. */
  stockVersion: number | undefined;
  /** Undefined for an empty cell: as it is (a new variant's: the default). */
  lowStockThreshold: number | undefined;
}

/** One product of the file: the rows of one handle, checked against each other. */
export interface ImportGroup {
  handle: string;
  /** The first row of the handle (errors about the whole product name it). */
  row: number;
  product: ImportedProduct;
  /** The option names of the first row ([] for none, or Shopify's Title / Default Title). */
  optionNames: string[];
  variants: ImportVariant[];
}

/** Thrown for a file that cannot be read as the catalog at all (no rows, wrong header). */
export class UnreadableCsv extends Error {}

const OPTION_COLUMNS = [
  { name: 'Option1 Name', value: 'Option1 Value' },
  { name: 'Option2 Name', value: 'Option2 Value' },
  { name: 'Option3 Name', value: 'Option3 Value' },
] as const;

export const CSV_MESSAGES = {
  notUtf8: 'The file is not UTF-8 text',
  missingColumns: (columns: string[]) =>
    `The first row must name the columns ${columns.join(', ')}`,
  fieldCount: (found: number, expected: number) =>
    `This row has ${found} fields; the header has ${expected}`,
  quoteNotClosed: 'A quoted field is not closed',
  badQuote: 'A quote inside a quoted field must be doubled ("")',
  notCsv: 'This row is not valid CSV',
  count: (label: string) => `${label} must be a whole number from 0 to ${MAX_STOCK_CHANGE}`,
  stockVersion: 'Variant Stock Version must be the whole number the export wrote, or empty',
  handleRequired: 'Handle is required',
  price: (label: string) =>
    `${label} must be a number above 0 and at most ${MAX_PRICE_DOLLARS.toLocaleString('en-US')}, with at most two decimals`,
  priceRequired: 'Variant Price is required',
  grams: `Variant Grams must be whole grams from 0 to ${MAX_WEIGHT_GRAMS}`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  variantId: 'Variant Id must be the id the export wrote, or empty',
  status: 'Status must be active, draft or archived',
  published: 'Published must be TRUE or FALSE',
  category: `Category must be one of ${CATEGORIES.join(', ')}`,
  typeNotCategory: (type: string) =>
    `Type ${type} is not one of this shop's categories: fill the Category column (one of ${CATEGORIES.join(', ')})`,
  categoryRequired: `Category is required (or a Type naming one of ${CATEGORIES.join(', ')})`,
  optionValueRequired: (column: string, name: string) => `${column} is required (${name})`,
  optionValueWithoutName: (column: string) =>
    `${column} has no option: the handle's first row names none`,
  disagrees: (row: number, fields: string[]) =>
    `This row differs from row ${row} of the same handle in ${fields.join(', ')}`,
  variantTwice: (row: number) => `Row ${row} already has this variant`,
  skuTwice: (sku: string, row: number) => `SKU ${sku} is also on row ${row}`,
  skuTaken: (sku: string, product: string) => `SKU ${sku} is already used by ${product}`,
  notes: {
    unknownColumns: (columns: string[]) =>
      `These columns are not imported and were ignored: ${columns.join(', ')}`,
    vendorAndTags: 'Vendor and Tags are not kept by this shop: they were ignored',
    images:
      'Image Src and Image Alt Text are not imported (photos are uploaded in the product editor): they were ignored',
    imageRows: (count: number) =>
      `${count} row${count === 1 ? '' : 's'} with only a photo (Image Src) ${count === 1 ? 'was' : 'were'} skipped`,
  },
} as const;

/** Without these the file is not a product CSV; every other column may be left out. */
const REQUIRED_COLUMNS = ['Handle', 'Title', 'Option1 Value', 'Variant Price'] as const;
const DECIMAL = /^\d+(\.\d+)?$/;
const WHOLE = /^\d+$/;
const GRAMS = /^\d+(\.0*)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Product fields: on the first row of a handle; a later row leaves them empty or repeats them. */
const PRODUCT_COLUMNS = [
  'Title',
  'Body (HTML)',
  'Type',
  'Published',
  'Status',
  'Category',
  'Option1 Name',
  'Option2 Name',
  'Option3 Name',
] as const;
/** A later row with none of these is one of Shopify's photo-only rows. */
const VARIANT_COLUMNS = [
  'Option1 Value',
  'Option2 Value',
  'Option3 Value',
  'Variant SKU',
  'Variant Price',
  'Variant Id',
] as const;

type Cells = (column: string) => string;

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

/** Dollars to cents: above 0 (at least 0 for a compare-at price), two decimals at most. */
function readPrice(text: string, label: string, errors: string[], zero = false): number {
  const value = text.trim();
  const dollars = Number(value);
  if (
    DECIMAL.test(value) &&
    (zero || dollars > 0) &&
    dollars <= MAX_PRICE_DOLLARS &&
    toCents(dollars) / 100 === dollars
  )
    return toCents(dollars);
  errors.push(CSV_MESSAGES.price(label));
  return 0;
}

function readText(text: string, label: string, errors: string[]): string | null {
  const value = text.trim();
  if (value.length > 100) errors.push(CSV_MESSAGES.tooLong(label, 100));
  return value || null;
}

/** A category's id from the Category cell, or from Type ('Flower Totes' names flower_totes). */
function readCategory(cells: Cells, errors: string[]): Category {
  const category = cells('Category').trim();
  const type = cells('Type').trim();
  const known = (text: string) =>
    CATEGORIES.find((id) => id === text.toLowerCase().replaceAll(/[\s-]+/g, '_'));
  if (category) {
    const found = CATEGORIES.find((id) => id === category);
    if (!found) errors.push(CSV_MESSAGES.category);
    return found ?? 'totes';
  }
  const byType = type ? known(type) : undefined;
  if (byType) return byType;
  errors.push(type ? CSV_MESSAGES.typeNotCategory(type) : CSV_MESSAGES.categoryRequired);
  return 'totes';
}

/**
 * Shopify's Status (active, draft, archived) and Published (TRUE: on the online store): active
 * but not published reads as a draft here; without Status, Published decides.
 */
function readStatus(cells: Cells, errors: string[]): ProductStatus | undefined {
  const status = cells('Status').trim().toLowerCase();
  const published = cells('Published').trim().toLowerCase();
  if (published && published !== 'true' && published !== 'false')
    errors.push(CSV_MESSAGES.published);
  if (status === 'active' || status === 'published')
    return published === 'false' ? 'draft' : 'published';
  if (status === 'draft' || status === 'archived') return status;
  if (status) {
    errors.push(CSV_MESSAGES.status);
    return undefined;
  }
  if (published === 'true') return 'published';
  if (published === 'false') return 'draft';
  return undefined;
}

/** The first row of a handle: the product and its option names. */
function readProduct(
  cells: Cells,
  handle: string,
  errors: string[],
): { product: ImportedProduct; optionNames: string[] } {
  const category = readCategory(cells, errors);
  const status = readStatus(cells, errors);
  const write = productWriteSchema.safeParse({
    name: cells('Title'),
    description: cells('Body (HTML)'),
    price: 1,
    category,
    hasSize: false,
    hasAandB: false,
    ...(handle ? { handle } : {}),
    seoTitle: cells('SEO Title'),
    seoDescription: cells('SEO Description'),
  });
  if (!write.success) errors.push(...write.error.issues.map((issue) => issue.message));
  let optionNames = OPTION_COLUMNS.map((column) => cells(column.name).trim());
  while (optionNames.length && !optionNames.at(-1)) optionNames = optionNames.slice(0, -1);
  return {
    product: {
      name: write.success ? write.data.name : '',
      description: write.success ? write.data.description : '',
      category,
      status,
      seoTitle: write.success ? (write.data.seoTitle ?? '') : '',
      seoDescription: write.success ? (write.data.seoDescription ?? '') : '',
    },
    optionNames,
  };
}

/** A variant row, its option values read by the handle's option names. */
function readVariant(cells: Cells, row: number, optionNames: string[], errors: string[]) {
  const values: string[] = [];
  OPTION_COLUMNS.forEach((column, o) => {
    const value = cells(column.value).trim();
    const name = optionNames[o];
    if (name && !value) errors.push(CSV_MESSAGES.optionValueRequired(column.value, name));
    else if (!name && value) errors.push(CSV_MESSAGES.optionValueWithoutName(column.value));
    else if (name) values.push(value);
  });
  const id = cells('Variant Id').trim();
  if (id && !UUID.test(id)) errors.push(CSV_MESSAGES.variantId);
  const price = cells('Variant Price').trim();
  if (!price) errors.push(CSV_MESSAGES.priceRequired);
  const grams = cells('Variant Grams').trim();
  if (grams && !(GRAMS.test(grams) && Number(grams) <= MAX_WEIGHT_GRAMS))
    errors.push(CSV_MESSAGES.grams);
  const variant: ImportVariant = {
    row,
    id: id ? id.toLowerCase() : undefined,
    values,
    sku: readText(cells('Variant SKU'), 'Variant SKU', errors),
    priceCents: price ? readPrice(price, 'Variant Price', errors) : 0,
    compareAtCents:
      readOptional(cells('Variant Compare At Price'), (text) =>
        readPrice(text, 'Variant Compare At Price', errors, true),
      ) ?? null,
    barcode: readText(cells('Variant Barcode'), 'Variant Barcode', errors),
    weightGrams: grams ? Math.trunc(Number(grams)) : null,
    stock: readOptional(cells('Variant Inventory Qty'), (text) =>
      readCount(text, 'Variant Inventory Qty', errors),
    ),
    stockVersion: readOptional(cells('Variant Stock Version'), (text) => readVersion(text, errors)),
    lowStockThreshold: readOptional(cells('Variant Low Stock Threshold'), (text) =>
      readCount(text, 'Variant Low Stock Threshold', errors),
    ),
  };
  return variant;
}

/** Shopify's 'Title' option with the one value 'Default Title' is a product without options. */
function isDefaultTitle(optionNames: string[], cells: Cells): boolean {
  return (
    optionNames.length === 1 &&
    optionNames[0]?.toLowerCase() === DEFAULT_TITLE.name.toLowerCase() &&
    cells('Option1 Value').trim().toLowerCase() === DEFAULT_TITLE.value.toLowerCase()
  );
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

function parseErrorMessage(error: CsvError): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return CSV_MESSAGES.quoteNotClosed;
  if (error.code === 'CSV_INVALID_CLOSING_QUOTE') return CSV_MESSAGES.badQuote;
  return CSV_MESSAGES.notCsv;
}

const folded = (values: readonly string[]) =>
  values.map((value) => value.toLowerCase()).join('\u0000');

/** The handle being read: its first row's fields, its variants so far, whether a row was bad. */
interface OpenGroup extends ImportGroup {
  firstCells: Cells;
  defaultTitle: boolean;
  bad: boolean;
}

/**
 * Reads an import: UTF-8 (a BOM is optional), a header naming the columns (in any order; columns
 * this shop does not know are noted and ignored), then Shopify's rows: per handle, a first row
 * with the product's fields and later rows with more variants (or only a photo, skipped). Answers
 * the products of the file, every bad row and the notes; throws UnreadableCsv for a file that is
 * not a product CSV at all.
 */
export function readCatalogCsv(body: Buffer | string): {
  groups: ImportGroup[];
  errors: RowError[];
  notes: string[];
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
    return { groups: [], errors: [{ row, message: parseErrorMessage(error) }], notes: [] };
  }
  const [header, ...data] = records;
  if (!header || !data.length) throw new UnreadableCsv(ADMIN_CATALOG_MESSAGES.importEmpty);
  const names = header.map((name) => name.trim());
  const missing = REQUIRED_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length) throw new UnreadableCsv(CSV_MESSAGES.missingColumns([...missing]));
  const known = new Set<string>(CSV_COLUMNS);
  const unknown = names.filter((name) => name && !known.has(name));
  const at = new Map<string, number>();
  names.forEach((name, i) => {
    if (!at.has(name)) at.set(name, i);
  });

  const errors: RowError[] = [];
  const groups = new Map<string, OpenGroup>();
  const ignored = new Set<keyof typeof CSV_MESSAGES.notes>();
  let imageRows = 0;
  data.forEach((raw, index) => {
    const row = index + 1;
    const cellsOf: Cells = (column) => {
      const i = at.get(column);
      return i === undefined ? '' : unescapeCell(raw[i] ?? '');
    };
    const handle = cellsOf('Handle').trim();
    const open = groups.get(handle);
    if (raw.length !== header.length) {
      errors.push({ row, message: CSV_MESSAGES.fieldCount(raw.length, header.length) });
      if (open) open.bad = true;
      return;
    }
    if (cellsOf('Vendor').trim() || cellsOf('Tags').trim()) ignored.add('vendorAndTags');
    if (cellsOf('Image Src').trim() || cellsOf('Image Alt Text').trim()) ignored.add('images');
    const rowErrors: string[] = [];
    if (!handle) {
      errors.push({ row, message: CSV_MESSAGES.handleRequired });
      return;
    }
    if (open && VARIANT_COLUMNS.every((column) => !cellsOf(column).trim())) {
      imageRows += 1;
      return;
    }
    let group = open;
    if (!group) {
      const { product, optionNames } = readProduct(cellsOf, handle, rowErrors);
      const defaultTitle = isDefaultTitle(optionNames, cellsOf);
      group = {
        handle,
        row,
        product,
        optionNames: defaultTitle ? [] : optionNames,
        variants: [],
        firstCells: cellsOf,
        defaultTitle,
        bad: false,
      };
      groups.set(handle, group);
    } else {
      const first = group.firstCells;
      const differing = PRODUCT_COLUMNS.filter(
        (column) => cellsOf(column).trim() && cellsOf(column).trim() !== first(column).trim(),
      );
      if (differing.length) rowErrors.push(CSV_MESSAGES.disagrees(group.row, differing));
    }
    const variant = readVariant(
      group.defaultTitle
        ? (column) => (column === 'Option1 Value' ? '' : cellsOf(column))
        : cellsOf,
      row,
      group.optionNames,
      rowErrors,
    );
    const twice = group.variants.find(
      (other) =>
        folded(other.values) === folded(variant.values) ||
        (variant.id !== undefined && other.id === variant.id),
    );
    if (twice) rowErrors.push(CSV_MESSAGES.variantTwice(twice.row));
    if (rowErrors.length) {
      errors.push({ row, message: [...new Set(rowErrors)].join('; ') });
      group.bad = true;
    } else group.variants.push(variant);
  });
  const notes: string[] = [];
  if (unknown.length) notes.push(CSV_MESSAGES.notes.unknownColumns(unknown));
  for (const note of ['vendorAndTags', 'images'] as const)
    if (ignored.has(note)) notes.push(CSV_MESSAGES.notes[note]);
  if (imageRows) notes.push(CSV_MESSAGES.notes.imageRows(imageRows));
  return {
    groups: [...groups.values()]
      .filter((group) => !group.bad)
      .map(({ handle, row, product, optionNames, variants }) => ({
        handle,
        row,
        product,
        optionNames,
        variants,
      })),
    errors,
    notes,
  };
}

/** The title of a variant in messages and the preview: 'Clay / XL'; '' without options. */
export const titleOf = (values: readonly string[]) => variantTitle(values);

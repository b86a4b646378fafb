import { OPTIONS, SIZES } from './catalog-constants';
import type { CountInStock } from './catalog';
import type { LineOption, LineSize, SpecVariant } from './catalog-constants';
import { lineStockKey } from './variants';

/** The cart re-checks live stock this often (DESIGN.md section 7). */
export const STOCK_POLL_INTERVAL_MS = 15_000;

export const QUANTITY_NOT_AVAILABLE = 'Entered quantity is not available';

/** Which countInStock field holds each variant's stock. */
export const COUNT_IN_STOCK_FIELD = {
  total: 'total',
  A: 'countA',
  B: 'countB',
  'S/M': 'smallMed',
  L: 'large',
  XL: 'xlarge',
} as const satisfies Record<SpecVariant, keyof CountInStock>;

/** The stock row a choice draws from; an option wins over a size (no product has both). */
export function variantFor(size: LineSize, option: LineOption): SpecVariant {
  if (option !== 'NA') return option;
  if (size !== 'NA') return size;
  return 'total';
}

/** The stock of the chosen variant. */
export function stockFor(countInStock: CountInStock, size: LineSize, option: LineOption): number {
  return countInStock[COUNT_IN_STOCK_FIELD[variantFor(size, option)]];
}

/** True when qty is more than the chosen variant has: the add or update is refused. */
export function exceedsStock(
  countInStock: CountInStock,
  size: LineSize,
  option: LineOption,
  qty: number,
): boolean {
  return qty > stockFor(countInStock, size, option);
}

export type ChoiceProduct = { hasSize: boolean; hasAandB: boolean; countInStock: CountInStock };
export type Choice = { size: LineSize; option: LineOption };

/**
 * The product page's first size and option: the first variant in stock. Options follow the spec
 * (A when A has stock, else B, else NA); sizes likewise take S/M when it has stock, else L, else
 * XL, and S/M when none has any (decision 018: the spec's plain S/M default opened a hoodie as
 * Sold Out while L and XL were in stock).
 */
export function defaultChoice({ hasSize, hasAandB, countInStock }: ChoiceProduct): Choice {
  if (hasAandB) {
    const option = OPTIONS.find((value) => stockFor(countInStock, 'NA', value) > 0);
    return { size: 'NA', option: option ?? 'NA' };
  }
  if (hasSize) {
    const size = SIZES.find((value) => stockFor(countInStock, value, 'NA') > 0);
    return { size: size ?? 'S/M', option: 'NA' };
  }
  return { size: 'NA', option: 'NA' };
}

/** True when nothing of the product can be bought (every variant sold out): listings say so. */
export const isSoldOut = (countInStock: CountInStock): boolean => countInStock.total === 0;

/**
 * The stock as the holder of `held` sees it: the units their own open checkouts hold are theirs,
 * so they count as available to them (a new checkout for the same cart replaces the old one).
 */
export function withOwnHolds(
  countInStock: CountInStock,
  held: readonly { size: LineSize; option: LineOption; qty: number }[],
): CountInStock {
  const seen = { ...countInStock };
  for (const { size, option, qty } of held) {
    const variant = variantFor(size, option);
    seen[COUNT_IN_STOCK_FIELD[variant]] += qty;
    if (variant !== 'total') seen.total += qty; // total sums the variants of such products
  }
  return seen;
}

export type StockCheckedLine = {
  product: string;
  size: LineSize;
  option: LineOption;
  qty: number;
  variant?: string | undefined;
};

/**
 * Splits the cart after a stock re-check: a line is dropped when its product is gone or its qty
 * exceeds its variant's stock (by option as well as size, where the spec mentions only size).
 * The stock is looked up by lineStockKey: a line naming a variant by id (decision 031) by that
 * id, with the variant's stock (variantCountInStock), any other by its product.
 */
export function dropUnavailableLines<T extends StockCheckedLine>(
  lines: readonly T[],
  stockByProductId: ReadonlyMap<string, CountInStock | undefined>,
): { kept: T[]; dropped: T[] } {
  const kept: T[] = [];
  const dropped: T[] = [];
  for (const line of lines) {
    const countInStock = stockByProductId.get(lineStockKey(line));
    const available =
      countInStock !== undefined && !exceedsStock(countInStock, line.size, line.option, line.qty);
    (available ? kept : dropped).push(line);
  }
  return { kept, dropped };
}

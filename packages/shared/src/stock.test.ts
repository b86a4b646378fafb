import { describe, it, expect } from 'vitest';
import type { CountInStock } from './catalog';
import {
  COUNT_IN_STOCK_FIELD,
  QUANTITY_NOT_AVAILABLE,
  defaultChoice,
  dropUnavailableLines,
  isSoldOut,
  withOwnHolds,
  exceedsStock,
  stockFor,
  variantFor,
} from './stock';

const stock: CountInStock = { total: 1, countA: 2, countB: 3, smallMed: 4, large: 5, xlarge: 6 };
const none: CountInStock = { total: 0, countA: 0, countB: 0, smallMed: 0, large: 0, xlarge: 0 };

describe('QUANTITY_NOT_AVAILABLE', () => {
  it('is the spec wording', () => {
    expect(QUANTITY_NOT_AVAILABLE).toBe('Entered quantity is not available');
  });
});

describe('variantFor', () => {
  it('maps options, sizes and neither', () => {
    expect(variantFor('NA', 'A')).toBe('A');
    expect(variantFor('NA', 'B')).toBe('B');
    expect(variantFor('S/M', 'NA')).toBe('S/M');
    expect(variantFor('L', 'NA')).toBe('L');
    expect(variantFor('XL', 'NA')).toBe('XL');
    expect(variantFor('NA', 'NA')).toBe('total');
  });

  it('lets an option win over a size', () => {
    expect(variantFor('L', 'B')).toBe('B');
  });
});

describe('COUNT_IN_STOCK_FIELD', () => {
  it('names a countInStock field for every variant', () => {
    expect(COUNT_IN_STOCK_FIELD).toEqual({
      total: 'total',
      A: 'countA',
      B: 'countB',
      'S/M': 'smallMed',
      L: 'large',
      XL: 'xlarge',
    });
  });
});

describe('stockFor', () => {
  it('reads the chosen variant', () => {
    expect(stockFor(stock, 'NA', 'A')).toBe(2);
    expect(stockFor(stock, 'NA', 'B')).toBe(3);
    expect(stockFor(stock, 'S/M', 'NA')).toBe(4);
    expect(stockFor(stock, 'L', 'NA')).toBe(5);
    expect(stockFor(stock, 'XL', 'NA')).toBe(6);
    expect(stockFor(stock, 'NA', 'NA')).toBe(1);
  });
});

describe('exceedsStock', () => {
  it('allows up to the stock and refuses more', () => {
    expect(exceedsStock(stock, 'L', 'NA', 5)).toBe(false);
    expect(exceedsStock(stock, 'L', 'NA', 6)).toBe(true);
    expect(exceedsStock(stock, 'NA', 'A', 2)).toBe(false);
    expect(exceedsStock(stock, 'NA', 'A', 3)).toBe(true);
    expect(exceedsStock(stock, 'NA', 'NA', 1)).toBe(false);
    expect(exceedsStock(none, 'NA', 'NA', 1)).toBe(true);
  });
});

describe('defaultChoice', () => {
  it('picks option A when A has stock', () => {
    expect(defaultChoice({ hasSize: false, hasAandB: true, countInStock: stock })).toEqual({
      size: 'NA',
      option: 'A',
    });
  });

  it('picks option B when only B has stock', () => {
    const countInStock = { ...none, countB: 1 };
    expect(defaultChoice({ hasSize: false, hasAandB: true, countInStock })).toEqual({
      size: 'NA',
      option: 'B',
    });
  });

  it('picks no option when neither has stock', () => {
    expect(defaultChoice({ hasSize: false, hasAandB: true, countInStock: none })).toEqual({
      size: 'NA',
      option: 'NA',
    });
  });

  it('picks S/M for a sized product when S/M has stock', () => {
    const countInStock = { ...none, smallMed: 1, large: 4, xlarge: 4, total: 9 };
    expect(defaultChoice({ hasSize: true, hasAandB: false, countInStock })).toEqual({
      size: 'S/M',
      option: 'NA',
    });
  });

  it('picks the first size in stock when S/M is sold out: L, then XL', () => {
    const large = { ...none, large: 2, xlarge: 3, total: 5 };
    expect(defaultChoice({ hasSize: true, hasAandB: false, countInStock: large }).size).toBe('L');
    const xlarge = { ...none, xlarge: 3, total: 3 };
    expect(defaultChoice({ hasSize: true, hasAandB: false, countInStock: xlarge }).size).toBe('XL');
  });

  it('picks S/M for a sized product with no size in stock', () => {
    expect(defaultChoice({ hasSize: true, hasAandB: false, countInStock: none })).toEqual({
      size: 'S/M',
      option: 'NA',
    });
  });

  it('picks neither for a plain product', () => {
    expect(defaultChoice({ hasSize: false, hasAandB: false, countInStock: stock })).toEqual({
      size: 'NA',
      option: 'NA',
    });
  });
});

describe('isSoldOut', () => {
  it('is true only when no variant has stock', () => {
    expect(isSoldOut(none)).toBe(true);
    expect(isSoldOut({ ...none, xlarge: 1, total: 1 })).toBe(false);
  });
});

describe('withOwnHolds', () => {
  it('adds what the shopper’s own checkouts hold to their variants (and to a sized total)', () => {
    expect(
      withOwnHolds({ ...none, large: 1, total: 1 }, [
        { size: 'L', option: 'NA', qty: 2 },
        { size: 'S/M', option: 'NA', qty: 1 },
      ]),
    ).toEqual({ ...none, smallMed: 1, large: 3, total: 4 });
    expect(withOwnHolds(none, [{ size: 'NA', option: 'NA', qty: 3 }])).toEqual({
      ...none,
      total: 3,
    });
    expect(withOwnHolds(stock, [])).toEqual(stock);
  });
});

describe('dropUnavailableLines', () => {
  const line = (
    product: string,
    size: 'S/M' | 'L' | 'XL' | 'NA',
    option: 'A' | 'B' | 'NA',
    qty: number,
  ) => ({
    product,
    size,
    option,
    qty,
    name: `item ${product}`,
  });

  it('keeps lines within stock and drops the rest, keeping order and extra fields', () => {
    const lines = [
      line('p1', 'L', 'NA', 5),
      line('p1', 'XL', 'NA', 7),
      line('p2', 'NA', 'A', 2),
      line('p2', 'NA', 'B', 4),
      line('p3', 'NA', 'NA', 1),
    ];
    const stockByProductId = new Map<string, CountInStock | undefined>([
      ['p1', stock],
      ['p2', stock],
      ['p3', stock],
    ]);
    const { kept, dropped } = dropUnavailableLines(lines, stockByProductId);
    expect(kept).toEqual([lines[0], lines[2], lines[4]]);
    expect(dropped).toEqual([lines[1], lines[3]]);
    expect(kept[0]?.name).toBe('item p1');
  });

  it('drops lines whose product no longer exists', () => {
    const lines = [line('gone', 'NA', 'NA', 1), line('unknown', 'NA', 'NA', 1)];
    const { kept, dropped } = dropUnavailableLines(
      lines,
      new Map<string, CountInStock | undefined>([['gone', undefined]]),
    );
    expect(kept).toEqual([]);
    expect(dropped).toEqual(lines);
  });

  it('handles an empty cart', () => {
    expect(dropUnavailableLines([], new Map())).toEqual({ kept: [], dropped: [] });
  });
});

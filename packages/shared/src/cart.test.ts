import { describe, it, expect } from 'vitest';
import type { LineOption, LineSize } from './catalog';
import {
  addOrUpdateLine,
  cartItemCount,
  cartItemsCents,
  cartLineKey,
  cartLineSchema,
  cartLinesSchema,
  removeLine,
  type CartLine,
} from './cart';

function line(
  product: string,
  size: LineSize,
  option: LineOption,
  qty: number,
  price = 19.99,
): CartLine {
  return {
    product,
    name: `Product ${product}`,
    image: `/images/${product}.svg`,
    imagesOptionA: [],
    imagesOptionB: [],
    price,
    countInStock: { total: 10, countA: 10, countB: 10, smallMed: 10, large: 10, xlarge: 10 },
    qty,
    size,
    option,
    hasAandB: option !== 'NA',
    key: cartLineKey(product, option, size),
  };
}

describe('cartLineKey', () => {
  it('is built from product id, option and size', () => {
    expect(cartLineKey('p1', 'A', 'NA')).toBe('p1-A-NA');
    expect(cartLineKey('p1', 'NA', 'S/M')).toBe('p1-NA-S/M');
    expect(cartLineKey('p1', 'NA', 'S/M')).toBe(cartLineKey('p1', 'NA', 'S/M'));
    expect(cartLineKey('p1', 'NA', 'L')).not.toBe(cartLineKey('p1', 'NA', 'XL'));
  });
});

describe('cartLineSchema', () => {
  it('accepts a persisted cart item', () => {
    const item = line('p1', 'L', 'NA', 2);
    expect(cartLineSchema.parse(item)).toEqual(item);
    expect(cartLinesSchema.parse([item, line('p2', 'NA', 'B', 1)])).toHaveLength(2);
  });

  it('refuses bad quantities, sizes, options and prices', () => {
    const item = line('p1', 'L', 'NA', 2);
    expect(cartLineSchema.safeParse({ ...item, qty: 0 }).success).toBe(false);
    expect(cartLineSchema.safeParse({ ...item, qty: 1.5 }).success).toBe(false);
    expect(cartLineSchema.safeParse({ ...item, size: 'M' }).success).toBe(false);
    expect(cartLineSchema.safeParse({ ...item, option: 'C' }).success).toBe(false);
    expect(cartLineSchema.safeParse({ ...item, price: -1 }).success).toBe(false);
    expect(cartLineSchema.safeParse({ ...item, price: 1.999 }).success).toBe(false);
    expect(cartLineSchema.safeParse({ ...item, product: '' }).success).toBe(false);
    const { countInStock: _omitted, ...withoutStock } = item;
    expect(cartLineSchema.safeParse(withoutStock).success).toBe(false);
  });
});

describe('addOrUpdateLine', () => {
  it('appends a new line', () => {
    const a = line('p1', 'L', 'NA', 1);
    const b = line('p1', 'XL', 'NA', 1);
    expect(addOrUpdateLine([], a)).toEqual([a]);
    expect(addOrUpdateLine([a], b)).toEqual([a, b]);
  });

  it('treats another option of the same product as another line', () => {
    const a = line('p2', 'NA', 'A', 1);
    const b = line('p2', 'NA', 'B', 1);
    expect(addOrUpdateLine([a], b)).toEqual([a, b]);
  });

  it('replaces the qty (not adds to it) of an existing line, in place', () => {
    const first = line('p1', 'L', 'NA', 1);
    const other = line('p3', 'NA', 'NA', 1);
    const again = { ...line('p1', 'L', 'NA', 3), name: 'renamed' };
    const result = addOrUpdateLine([first, other], again);
    expect(result).toHaveLength(2);
    expect(result[0]).toEqual({ ...first, qty: 3 });
    expect(result[1]).toBe(other);
  });

  it('does not mutate its input', () => {
    const lines = [line('p1', 'L', 'NA', 1)];
    addOrUpdateLine(lines, line('p1', 'L', 'NA', 5));
    addOrUpdateLine(lines, line('p2', 'L', 'NA', 5));
    expect(lines).toEqual([line('p1', 'L', 'NA', 1)]);
  });
});

describe('removeLine', () => {
  it('removes only the line with that product, size and option', () => {
    const a = line('p1', 'L', 'NA', 1);
    const b = line('p1', 'XL', 'NA', 1);
    const c = line('p2', 'NA', 'A', 1);
    expect(removeLine([a, b, c], 'p1', 'XL', 'NA')).toEqual([a, c]);
    expect(removeLine([a, b, c], 'p2', 'NA', 'B')).toEqual([a, b, c]);
    expect(removeLine([], 'p1', 'L', 'NA')).toEqual([]);
  });
});

describe('cartItemCount', () => {
  it('sums the quantities', () => {
    expect(cartItemCount([])).toBe(0);
    expect(cartItemCount([line('p1', 'L', 'NA', 2), line('p2', 'NA', 'A', 3)])).toBe(5);
  });
});

describe('cartItemsCents', () => {
  it('sums price times qty in whole cents', () => {
    expect(cartItemsCents([])).toBe(0);
    expect(cartItemsCents([line('p1', 'L', 'NA', 3, 19.99)])).toBe(5997);
    expect(cartItemsCents([line('p1', 'L', 'NA', 1, 0.1), line('p2', 'NA', 'NA', 1, 0.2)])).toBe(
      30,
    );
  });
});

import { describe, it, expect } from 'vitest';
import { addOrUpdateLine, cartLineKey, removeLine } from './cart-lines';
import { cartLineSchema } from './cart';
import { dropUnavailableLines, stockFor } from './stock';
import {
  defaultVariant,
  isSpecShape,
  lineStockKey,
  optionValueState,
  variantAvailableWithOwnHolds,
  variantCountInStock,
  variantForOptionValue,
  variantFromAddress,
} from './variants';

// Colour × Size with 7 of its 9 combinations sold; Clay / L is sold out while Clay / M has stock.
const variants = [
  { id: 'v1', values: ['Clay', 'S'], available: 0 },
  { id: 'v2', values: ['Clay', 'M'], available: 4 },
  { id: 'v3', values: ['Clay', 'L'], available: 0 },
  { id: 'v4', values: ['Sage', 'S'], available: 2 },
  { id: 'v5', values: ['Sage', 'M'], available: 1 },
  { id: 'v6', values: ['Ink', 'M'], available: 3 },
  { id: 'v7', values: ['Ink', 'L'], available: 5 },
];
const colourBySize = [
  { name: 'Colour', values: ['Clay', 'Sage', 'Ink'] },
  { name: 'Size', values: ['S', 'M', 'L'] },
];

describe('isSpecShape', () => {
  it('is true for sized, A and B and option-less products, false for any other options', () => {
    const shape = { hasSize: false, hasAandB: false };
    expect(isSpecShape({ ...shape, hasSize: true, options: [colourBySize[1]!] })).toBe(true);
    expect(isSpecShape({ ...shape, hasAandB: true, options: [colourBySize[0]!] })).toBe(true);
    expect(isSpecShape({ ...shape, options: [] })).toBe(true);
    expect(isSpecShape({ ...shape, options: colourBySize })).toBe(false);
    expect(isSpecShape({ ...shape, options: [{ name: 'Colour', values: ['Clay'] }] })).toBe(false);
  });
});

describe('defaultVariant and variantFromAddress', () => {
  it('opens on the first variant in stock, else the first', () => {
    expect(defaultVariant(variants)?.id).toBe('v2');
    expect(
      defaultVariant([
        { id: 'a', available: 0 },
        { id: 'b', available: 0 },
      ])?.id,
    ).toBe('a');
    expect(defaultVariant([])).toBeUndefined();
  });

  it('opens the variant the address names, even sold out; an unknown id gets the default', () => {
    expect(variantFromAddress(variants, 'v3')?.id).toBe('v3');
    expect(variantFromAddress(variants, 'nope')?.id).toBe('v2');
    expect(variantFromAddress(variants, null)?.id).toBe('v2');
  });
});

describe('optionValueState', () => {
  it('tells in stock, sold out and not sold apart for the other options as chosen', () => {
    const chosen = ['Clay', 'M'];
    expect(optionValueState(variants, chosen, 1, 'M')).toBe('available');
    expect(optionValueState(variants, chosen, 1, 'L')).toBe('soldOut');
    expect(optionValueState(variants, chosen, 0, 'Sage')).toBe('available');
    expect(optionValueState(variants, ['Sage', 'S'], 1, 'L')).toBe('unavailable');
    expect(optionValueState(variants, ['Sage', 'S'], 0, 'Ink')).toBe('unavailable');
  });
});

describe('variantForOptionValue', () => {
  it('keeps the other options when that combination is sold', () => {
    expect(variantForOptionValue(variants, ['Clay', 'M'], 0, 'Ink')?.id).toBe('v6');
    expect(variantForOptionValue(variants, ['Clay', 'M'], 1, 'L')?.id).toBe('v3');
  });

  it('else moves to the first variant in stock with that value, else the first with it', () => {
    expect(variantForOptionValue(variants, ['Sage', 'S'], 0, 'Ink')?.id).toBe('v6');
    expect(variantForOptionValue(variants, ['Ink', 'L'], 1, 'S')?.id).toBe('v4');
    const soldOut = variants.map((variant) => ({ ...variant, available: 0 }));
    expect(variantForOptionValue(soldOut, ['Sage', 'S'], 1, 'L')?.id).toBe('v3');
    expect(variantForOptionValue(variants, ['Clay', 'M'], 1, 'XL')).toBeUndefined();
  });
});

describe('a cart line of a variant named by id', () => {
  const line = {
    product: 'p-9',
    name: 'Field Shirt',
    image: '/a.jpg',
    imagesOptionA: [],
    imagesOptionB: [],
    price: 31,
    countInStock: variantCountInStock(4),
    qty: 2,
    size: 'NA' as const,
    option: 'NA' as const,
    hasAandB: false,
    key: cartLineKey('p-9', 'NA', 'NA', 'v2'),
    variant: 'v2',
    variantTitle: 'Clay / M',
    handle: 'field-shirt',
  };

  it('has its own key per variant, and the spec key without one', () => {
    expect(line.key).toBe('p-9-NA-NA-v2');
    expect(cartLineKey('p-9', 'NA', 'NA', 'v6')).not.toBe(line.key);
    expect(cartLineKey('p-9', 'NA', 'L')).toBe('p-9-NA-L');
  });

  it('is a valid stored line, and so is one stored before variants', () => {
    expect(cartLineSchema.safeParse(line).success).toBe(true);
    const { variant, variantTitle, handle, ...before } = line;
    void [variant, variantTitle, handle];
    expect(cartLineSchema.safeParse(before).success).toBe(true);
  });

  it('reads its variant’s stock through the spec’s rule', () => {
    expect(stockFor(line.countInStock, line.size, line.option)).toBe(4);
  });

  it('is another line than the same product’s other variant, in adding and removing', () => {
    const other = { ...line, variant: 'v6', key: cartLineKey('p-9', 'NA', 'NA', 'v6'), qty: 1 };
    const both = addOrUpdateLine([line], other);
    expect(both.map((each) => each.variant)).toEqual(['v2', 'v6']);
    expect(addOrUpdateLine(both, { ...other, qty: 3 }).map((each) => each.qty)).toEqual([2, 3]);
    expect(removeLine(both, 'p-9', 'NA', 'NA', 'v6').map((each) => each.variant)).toEqual(['v2']);
  });

  it('is re-checked against its variant’s stock, counting the shopper’s own holds', () => {
    expect(lineStockKey(line)).toBe('v2');
    expect(lineStockKey({ product: 'p-1' })).toBe('p-1');
    const held = [
      { variant: 'v2', qty: 1 },
      { variant: 'v6', qty: 5 },
    ];
    expect(variantAvailableWithOwnHolds('v2', 1, held)).toBe(2);
    const stock = new Map([
      ['v2', variantCountInStock(variantAvailableWithOwnHolds('v2', 0, held))],
    ]);
    expect(dropUnavailableLines([line], stock).dropped).toEqual([line]);
    expect(dropUnavailableLines([{ ...line, qty: 1 }], stock).dropped).toEqual([]);
    expect(dropUnavailableLines([line], new Map([['v2', undefined]])).dropped).toEqual([line]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  LINE_LIMIT_MESSAGE,
  MAX_UNITS_PER_LINE,
  MAX_UNITS_PER_ORDER,
  ORDER_LIMIT_MESSAGE,
  clampLineQty,
  clampLines,
  exceedsLineLimit,
  lineQtyProblem,
  maxLineQty,
  orderLimitProblem,
} from './order-limits';
import { QUANTITY_NOT_AVAILABLE } from './stock';

describe('order limits', () => {
  it('allows 10 of a line and 20 in an order', () => {
    expect(MAX_UNITS_PER_LINE).toBe(10);
    expect(MAX_UNITS_PER_ORDER).toBe(20);
    expect(orderLimitProblem([{ qty: 10 }, { qty: 10 }])).toBeUndefined();
    expect(exceedsLineLimit(10)).toBe(false);
    expect(exceedsLineLimit(11)).toBe(true);
  });

  it('names the line limit first, then the order limit', () => {
    expect(orderLimitProblem([{ qty: 11 }])).toBe(LINE_LIMIT_MESSAGE);
    expect(orderLimitProblem([{ qty: 11 }, { qty: 10 }, { qty: 10 }])).toBe(LINE_LIMIT_MESSAGE);
    expect(orderLimitProblem([{ qty: 10 }, { qty: 10 }, { qty: 1 }])).toBe(ORDER_LIMIT_MESSAGE);
    expect(LINE_LIMIT_MESSAGE).toContain('10');
    expect(ORDER_LIMIT_MESSAGE).toContain('20');
  });
});

describe('clampLineQty', () => {
  it('lowers a quantity above the line limit to the limit and leaves others alone', () => {
    expect(clampLineQty(25)).toBe(MAX_UNITS_PER_LINE);
    expect(clampLineQty(MAX_UNITS_PER_LINE + 1)).toBe(MAX_UNITS_PER_LINE);
    expect(clampLineQty(MAX_UNITS_PER_LINE)).toBe(MAX_UNITS_PER_LINE);
    expect(clampLineQty(3)).toBe(3);
  });
});

describe('maxLineQty', () => {
  it('stops at the stock, or at the line limit when there is more', () => {
    expect(maxLineQty(50)).toBe(MAX_UNITS_PER_LINE);
    expect(maxLineQty(MAX_UNITS_PER_LINE)).toBe(MAX_UNITS_PER_LINE);
    expect(maxLineQty(3)).toBe(3);
    expect(maxLineQty(0)).toBe(0);
  });
});

describe('lineQtyProblem', () => {
  it('accepts up to the stock and the line limit', () => {
    expect(lineQtyProblem(1, 50)).toBeUndefined();
    expect(lineQtyProblem(MAX_UNITS_PER_LINE, 50)).toBeUndefined();
    expect(lineQtyProblem(3, 3)).toBeUndefined();
  });

  it('names the limit for a quantity within the stock but above the line limit', () => {
    expect(lineQtyProblem(MAX_UNITS_PER_LINE + 1, 50)).toBe(LINE_LIMIT_MESSAGE);
    expect(lineQtyProblem(50, 50)).toBe(LINE_LIMIT_MESSAGE);
  });

  it('gives the spec’s message for a quantity above the stock, whatever the limit', () => {
    expect(lineQtyProblem(60, 50)).toBe(QUANTITY_NOT_AVAILABLE);
    expect(lineQtyProblem(4, 3)).toBe(QUANTITY_NOT_AVAILABLE);
    expect(lineQtyProblem(1, 0)).toBe(QUANTITY_NOT_AVAILABLE);
  });
});

describe('clampLines', () => {
  const line = (key: string, qty: number) => ({ key, qty });

  it('lowers each line above the limit, keeps the others and their order, and lists what was lowered', () => {
    const stored = [line('a', 25), line('b', 2), line('c', MAX_UNITS_PER_LINE + 1)];
    const { lines, lowered } = clampLines(stored);
    expect(lines).toEqual([
      line('a', MAX_UNITS_PER_LINE),
      line('b', 2),
      line('c', MAX_UNITS_PER_LINE),
    ]);
    expect(lowered).toEqual([line('a', 25), line('c', MAX_UNITS_PER_LINE + 1)]);
    expect(stored[0]?.qty).toBe(25); // the input is not changed
    expect(orderLimitProblem(lines)).toBe(ORDER_LIMIT_MESSAGE);
  });

  it('lowers nothing in a cart within the limit', () => {
    const stored = [line('a', MAX_UNITS_PER_LINE), line('b', 1)];
    expect(clampLines(stored)).toEqual({ lines: stored, lowered: [] });
    expect(clampLines([])).toEqual({ lines: [], lowered: [] });
  });
});

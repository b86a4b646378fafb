import { describe, expect, it } from 'vitest';
import {
  LINE_LIMIT_MESSAGE,
  MAX_HELD_UNITS_PER_ADDRESS,
  MAX_UNITS_PER_LINE,
  MAX_UNITS_PER_ORDER,
  ORDER_LIMIT_MESSAGE,
  clampLineQty,
  clampLines,
  exceedsLineLimit,
  heldUnitsProblem,
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

describe('units held per address', () => {
  const now = new Date('2026-11-25T18:00:00Z');
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

  it('lets an address hold 20 units in all', () => {
    expect(MAX_HELD_UNITS_PER_ADDRESS).toBe(20);
    expect(heldUnitsProblem([], 20, 20, now)).toBeUndefined();
    expect(heldUnitsProblem([{ units: 10, until: at(30) }], 10, 20, now)).toBeUndefined();
    expect(heldUnitsProblem([{ units: 10, until: at(30) }], 11, 20, now)).toBeDefined();
  });

  it('says how many units are held and when enough are freed for the checkout', () => {
    const holds = [
      { units: 10, until: at(35) },
      { units: 4, until: at(12) },
      { units: 6, until: at(20) },
    ];
    // 20 held; 5 more fit once the 4 and the 6 are freed, at +20 minutes.
    expect(heldUnitsProblem(holds, 5, 20, now)).toBe(
      'Your checkouts waiting for payment hold 20 items until 18:20 UTC (20 minutes), and one address can hold at most 20 at once. Please finish or cancel one of them, or try again then.',
    );
    expect(heldUnitsProblem(holds, 4, 20, now)).toContain('until 18:12 UTC (12 minutes)');
    expect(heldUnitsProblem(holds, 15, 20, now)).toContain('until 18:35 UTC (35 minutes)');
    expect(heldUnitsProblem([{ units: 20, until: at(0.5) }], 1, 20, now)).toContain('(1 minute)');
  });
});

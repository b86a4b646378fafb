import { describe, expect, it } from 'vitest';
import {
  LINE_LIMIT_MESSAGE,
  MAX_UNITS_PER_LINE,
  MAX_UNITS_PER_ORDER,
  ORDER_LIMIT_MESSAGE,
  exceedsLineLimit,
  orderLimitProblem,
} from './order-limits';

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

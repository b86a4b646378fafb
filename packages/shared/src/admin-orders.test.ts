import { describe, expect, it } from 'vitest';
import { adminOrderListQuerySchema, refundRequestSchema } from './admin-orders';

describe('refundRequestSchema', () => {
  it('takes dollars with at most two decimals, restock lines defaulting to no size or option', () => {
    expect(
      refundRequestSchema.parse({
        amount: 19.99,
        reason: ' Damaged ',
        restock: [{ product: 'p1', qty: 1 }],
      }),
    ).toEqual({
      amount: 19.99,
      reason: 'Damaged',
      restock: [{ product: 'p1', size: 'NA', option: 'NA', qty: 1 }],
    });
    expect(refundRequestSchema.parse({ amount: 1.15, reason: 'x' }).restock).toEqual([]);
  });

  it.each([0, -5, 1.005, 1e7, 1e300, Number.NaN, '5'])(
    'refuses the amount %s without throwing',
    (amount) => {
      expect(refundRequestSchema.safeParse({ amount, reason: 'x' }).success).toBe(false);
    },
  );

  it('needs a reason', () => {
    const result = refundRequestSchema.safeParse({ amount: 1, reason: '   ' });
    expect(result.error?.issues[0]?.message).toBe('Please give a reason');
  });
});

describe('adminOrderListQuerySchema', () => {
  it('defaults to page 1 and refuses unknown statuses and pages out of range', () => {
    expect(adminOrderListQuerySchema.parse({})).toEqual({ page: 1 });
    expect(adminOrderListQuerySchema.parse({ status: 'shipped', q: ' ab ', page: '3' })).toEqual({
      status: 'shipped',
      q: 'ab',
      page: 3,
    });
    for (const query of [{ status: 'lost' }, { page: '0' }, { page: '1001' }, { q: 'a\u0000' }])
      expect(adminOrderListQuerySchema.safeParse(query).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { adminOrderListQuerySchema } from './admin-orders';
import { listCursor, readListCursor } from './back-office';

const ID = '0b3f6a2e-1c4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('the cursor of a keyset-paged list', () => {
  it('names a row’s time to the microsecond and its key, and reads back the same', () => {
    const cursor = listCursor('1764159960123456', ID);
    expect(cursor).toBe(`1764159960123456_${ID}`);
    expect(readListCursor(cursor)).toEqual({ at: '2025-11-26T12:26:00.123456Z', key: ID });
    expect(readListCursor(listCursor('1000001', `guest-${ID}`))).toEqual({
      at: '1970-01-01T00:00:01.000001Z',
      key: `guest-${ID}`,
    });
  });

  it('is refused when it is not one, or given both ways at once', () => {
    for (const after of ['12', `x_${ID}`, `1764159960123456_${ID}'`, `1764159960123456 ${ID}`]) {
      expect(adminOrderListQuerySchema.safeParse({ after }).success, after).toBe(false);
    }
    const cursor = listCursor('1764159960123456', ID);
    expect(adminOrderListQuerySchema.safeParse({ after: cursor }).success).toBe(true);
    expect(adminOrderListQuerySchema.safeParse({ after: cursor, before: cursor }).success).toBe(
      false,
    );
  });

  it('takes any page number with a cursor, and at most 1000 without (an OFFSET)', () => {
    const cursor = listCursor('1764159960123456', ID);
    expect(adminOrderListQuerySchema.safeParse({ page: '20002', after: cursor }).success).toBe(
      true,
    );
    const deep = adminOrderListQuerySchema.safeParse({ page: '1001' });
    expect(deep.success).toBe(false);
    expect(deep.error?.issues[0]?.message).toBe('Page must be at most 1000');
  });
});

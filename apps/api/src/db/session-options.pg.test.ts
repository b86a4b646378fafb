import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Every session of the API's pool plans as decisions 057 and 065 say: no JIT compilation and no
 * parallel workers for the shop's short statements (starting two took 10 of a filtered listing
 * page's 10.2 ms at 100,000 products).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({});
});
afterAll(() => t.close());

const setting = async (name: 'jit' | 'max_parallel_workers_per_gather') => {
  const result = (await t.database.db.execute(sql.raw(`show ${name}`))) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows[0]?.[name];
};

describe('the API’s PostgreSQL sessions', () => {
  it('run without JIT and without parallel workers', async () => {
    expect(await setting('jit')).toBe('off');
    expect(await setting('max_parallel_workers_per_gather')).toBe('0');
  });
});

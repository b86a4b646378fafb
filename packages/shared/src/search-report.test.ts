import { describe, expect, it } from 'vitest';
import {
  addDays,
  normalizeSearchQuery,
  searchProductViewSchema,
  searchReportFirstDay,
  shopDayOf,
} from './search-report';

describe('the Searches report’s rules', () => {
  it('counts a query however it was typed: trimmed, lower case, single spaces, 200 at most', () => {
    expect(normalizeSearchQuery('  Black \t TOTE ')).toBe('black tote');
    expect(normalizeSearchQuery('   ')).toBe('');
    // Cut by characters, never inside one; a space left at the cut goes too.
    expect(normalizeSearchQuery(`${'é'.repeat(199)}AB`)).toBe(`${'é'.repeat(199)}a`);
    expect(normalizeSearchQuery(`${'a'.repeat(199)} b`)).toHaveLength(199);
  });

  it('reads days on the shop’s calendar (Chicago), 30 of them up to today', () => {
    // 03:00 UTC is still the evening before in Chicago.
    expect(shopDayOf(new Date('2026-11-27T03:00:00Z'))).toBe('2026-11-26');
    expect(shopDayOf(new Date('2026-11-27T07:00:00Z'))).toBe('2026-11-27');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(searchReportFirstDay('2026-11-26')).toBe('2026-10-28');
  });

  it('takes a product view’s query of one line, 1 to 200 characters', () => {
    expect(searchProductViewSchema.parse({ query: ' tote ' })).toEqual({ query: 'tote' });
    for (const query of ['', '  ', 'a'.repeat(201), 'tote\n', undefined])
      expect(searchProductViewSchema.safeParse({ query }).success, String(query)).toBe(false);
  });
});

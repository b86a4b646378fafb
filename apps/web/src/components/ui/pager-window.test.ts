import { describe, expect, it } from 'vitest';
import { pagerWindow, type PagerItem } from './pager-window';

/** The window as it reads on screen: page numbers and … for each gap. */
const shown = (items: PagerItem[]) =>
  items.map((item) => (item.kind === 'page' ? String(item.page) : '…')).join(' ');

describe('the pager window', () => {
  it('shows every page while they fit in its places', () => {
    expect(shown(pagerWindow(1, 0))).toBe('');
    expect(shown(pagerWindow(1, 1))).toBe('1');
    expect(shown(pagerWindow(4, 7))).toBe('1 2 3 4 5 6 7');
  });

  it('shows the first, the last and a page each side of the current one, gaps as ellipses', () => {
    expect(shown(pagerWindow(5, 10))).toBe('1 … 4 5 6 … 10');
    expect(shown(pagerWindow(6, 10))).toBe('1 … 5 6 7 … 10');
    expect(shown(pagerWindow(4_000, 8_334))).toBe('1 … 3999 4000 4001 … 8334');
  });

  it('keeps as many places near either end, a single left-out page shown instead of …', () => {
    const windows = Array.from({ length: 10 }, (_, i) => shown(pagerWindow(i + 1, 10)));
    expect(windows).toEqual([
      '1 2 3 4 5 … 10',
      '1 2 3 4 5 … 10',
      '1 2 3 4 5 … 10',
      '1 2 3 4 5 … 10',
      '1 … 4 5 6 … 10',
      '1 … 5 6 7 … 10',
      '1 … 6 7 8 9 10',
      '1 … 6 7 8 9 10',
      '1 … 6 7 8 9 10',
      '1 … 6 7 8 9 10',
    ]);
    expect(shown(pagerWindow(1, 8))).toBe('1 2 3 4 5 … 8');
    expect(shown(pagerWindow(4, 8))).toBe('1 2 3 4 5 … 8');
    expect(shown(pagerWindow(5, 8))).toBe('1 … 4 5 6 7 8');
  });

  it('has a bounded number of places and names each page once, in order, whatever the count', () => {
    for (const pages of [8, 9, 50, 8_334, 1_000_000]) {
      for (const page of [1, 2, 3, 4, 5, pages >> 1, pages - 3, pages - 1, pages]) {
        const items = pagerWindow(page, pages);
        expect(items).toHaveLength(7);
        const numbers = items.flatMap((item) => (item.kind === 'page' ? [item.page] : []));
        expect(numbers).toContain(page);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(pages);
        expect(numbers.every((n, i) => i === 0 || n > numbers[i - 1]!)).toBe(true);
        // A gap always stands for two pages or more.
        items.forEach((item, i) => {
          if (item.kind !== 'gap') return;
          const before = items[i - 1] as { page: number };
          const after = items[i + 1] as { page: number };
          expect(after.page - before.page).toBeGreaterThan(2);
        });
      }
    }
  });

  it('widens with `around` and draws a page past the end as the last', () => {
    expect(shown(pagerWindow(10, 20, 2))).toBe('1 … 8 9 10 11 12 … 20');
    expect(shown(pagerWindow(99, 10))).toBe('1 … 6 7 8 9 10');
    expect(shown(pagerWindow(0, 10))).toBe('1 2 3 4 5 … 10');
  });
});

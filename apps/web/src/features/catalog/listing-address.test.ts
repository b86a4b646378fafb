import { describe, expect, it } from 'vitest';
import { filtersOfAddress, isRefined, listingSearchOf } from './listing-address';

describe('a listing’s address (decision 057)', () => {
  it('reads what it can and leaves out the rest, never an error page', () => {
    const filters = filtersOfAddress(
      new URLSearchParams('sort=bogus&size=L&size=XL&price=cheap&page=2'),
    );
    expect(filters.sort).toBeUndefined();
    expect(filters.price).toBeUndefined();
    expect(filters.options).toEqual([{ param: 'size', values: ['L', 'XL'] }]);
  });

  it('writes the pager’s and form’s addresses in one order, the default sort left out', () => {
    const filters = filtersOfAddress(new URLSearchParams('size=XL&sort=newest&size=L'));
    expect(listingSearchOf(filters, 'newest', [['page', '2']])).toBe('?page=2&size=L&size=XL');
    expect(listingSearchOf(filtersOfAddress(new URLSearchParams('')), 'newest')).toBe('');
  });

  it('calls a page refined when it narrows or reorders its listing', () => {
    const refined = (query: string, sort: 'newest' | 'relevance' = 'newest') =>
      isRefined(filtersOfAddress(new URLSearchParams(query)), sort);
    expect(refined('')).toBe(false);
    expect(refined('sort=newest')).toBe(false);
    expect(refined('sort=newest', 'relevance')).toBe(true);
    expect(refined('in-stock=1')).toBe(true);
    expect(refined('utm_source=news')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  listingParamsOf,
  priceBands,
  readListingFilters,
  readPriceRange,
  sortsOf,
} from './listing';

describe('a listing’s filters in its query (decision 057)', () => {
  it('reads sort, types, options (a key repeated is several values), price and flags', () => {
    const { filters, problems } = readListingFilters({
      sort: 'price-asc',
      type: ['belts', 'totes'],
      Size: ['XL', 'L'],
      colour: 'Sand',
      price: '20-40',
      'in-stock': '1',
      'on-sale': 'on',
      keyword: 'tee',
      pageNumber: '2',
      utm_source: 'news',
      fbclid: 'x',
    });
    expect(problems).toEqual([]);
    expect(filters).toEqual({
      sort: 'price-asc',
      types: ['belts', 'totes'],
      collections: [],
      options: [
        { param: 'colour', values: ['Sand'] },
        { param: 'size', values: ['L', 'XL'] },
      ],
      price: { minCents: 2000, maxCents: 4000 },
      inStock: true,
      onSale: true,
    });
  });

  it('names what it cannot read, in the API’s words', () => {
    expect(readListingFilters({ sort: 'cheap' }).problems).toEqual(['Unknown sort: cheap']);
    expect(readListingFilters({ type: 'shoes' }).problems).toEqual(['Unknown type: shoes']);
    expect(readListingFilters({ price: '40-20' }).problems).toHaveLength(1);
    expect(
      readListingFilters({ a: '1', b: '1', c: '1', d: '1', e: '1', f: '1', g: '1' }).problems,
    ).toEqual(['At most 6 options can be filtered at once']);
  });

  it('writes the same query whatever order it was read in, the default sort left out', () => {
    const one = readListingFilters({ size: ['XL', 'L'], sort: 'newest', price: '30-' }).filters;
    const two = readListingFilters({ price: '30-', size: ['L', 'XL'] }).filters;
    expect(listingParamsOf(one, 'newest')).toEqual(listingParamsOf(two, 'newest'));
    expect(listingParamsOf(one, 'newest')).toEqual([
      ['size', 'L'],
      ['size', 'XL'],
      ['price', '30-'],
    ]);
  });

  it('reads price ranges in whole dollars, open at either end', () => {
    expect(readPriceRange('-40')).toEqual({ minCents: null, maxCents: 4000 });
    expect(readPriceRange('60-')).toEqual({ minCents: 6000, maxCents: null });
    expect(readPriceRange('-')).toBeUndefined();
    expect(readPriceRange('20.5-40')).toBeUndefined();
  });

  it('offers relevance on searches only, the owner’s order on collections', () => {
    expect(sortsOf('search')[0]).toBe('relevance');
    expect(sortsOf('collection')[0]).toBe('featured');
    expect(sortsOf('catalog')).not.toContain('relevance');
  });
});

describe('price bands from the prices present', () => {
  it('makes at most 4 bands of a round width, the last open, counting every product once', () => {
    const histogram = [
      { dollars: 12, count: 1 },
      { dollars: 24, count: 2 },
      { dollars: 29, count: 1 },
      { dollars: 54, count: 3 },
      { dollars: 84, count: 1 },
    ];
    const bands = priceBands(histogram);
    expect(bands).toEqual([
      { value: '0-25', label: 'Under $25', count: 3 },
      { value: '25-50', label: '$25 – $50', count: 1 },
      { value: '50-75', label: '$50 – $75', count: 3 },
      { value: '75-', label: '$75 and over', count: 1 },
    ]);
    expect(bands.reduce((sum, band) => sum + band.count, 0)).toBe(8);
  });

  it('gives one closed band when every price is in one step, and none for no products', () => {
    expect(priceBands([{ dollars: 31, count: 2 }])).toEqual([
      { value: '30-35', label: '$30 – $35', count: 2 },
    ]);
    expect(priceBands([])).toEqual([]);
  });
});

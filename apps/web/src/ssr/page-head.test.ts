import { describe, expect, it } from 'vitest';
import { productFixture } from '../test/fixtures';
import { pageHeadOf } from './page-head';
import { pageTitleOf } from './head';

const page = (
  routePath: string,
  status = 200,
  params: Record<string, string> = {},
  search = '',
) => ({
  routePath,
  params,
  searchParams: new URLSearchParams(search),
  status,
  product: undefined,
});

describe('pageHeadOf', () => {
  it('describes catalog and legal routes by what they show', () => {
    expect(pageHeadOf(page(''))).toEqual({ kind: 'home', pageNumber: 1, refined: false });
    expect(pageHeadOf(page('page/:pagenumber', 200, { pagenumber: '2' }))).toEqual({
      kind: 'home',
      pageNumber: 2,
      refined: false,
    });
    expect(pageHeadOf(page('belts', 200, {}, 'page=2'))).toEqual({
      kind: 'category',
      slug: 'belts',
      pageNumber: 2,
      refined: false,
    });
    expect(pageHeadOf(page('search/:keyword', 200, { keyword: 'tote' }))).toEqual({
      kind: 'search',
      keyword: 'tote',
      pageNumber: 1,
      refined: false,
    });
    // A listing sorted or filtered by its address (decision 057); its default sort is no change.
    expect(pageHeadOf(page('belts', 200, {}, 'option=A&sort=price-asc'))).toMatchObject({
      refined: true,
    });
    expect(pageHeadOf(page('belts', 200, {}, 'sort=newest&utm_source=x'))).toMatchObject({
      refined: false,
    });
    expect(
      pageHeadOf(page('search/:keyword', 200, { keyword: 'tote' }, 'sort=newest')),
    ).toMatchObject({
      refined: true,
    });
    expect(pageHeadOf(page('terms'))).toEqual({
      kind: 'legal',
      path: '/terms',
      title: 'Terms and Conditions',
    });
  });

  it('keeps a found product, and says product not found otherwise', () => {
    const product = productFixture();
    expect(pageHeadOf({ ...page('products/:productId'), product })).toEqual({
      kind: 'product',
      product,
    });
    expect(pageHeadOf(page('products/:productId', 404))).toEqual({ kind: 'productNotFound' });
  });

  it('titles a listing page past its end as its page does, and an unknown address as not found', () => {
    const pastTheEnd = pageHeadOf(page('page/:pagenumber', 404, { pagenumber: '99' }));
    expect(pastTheEnd).toEqual({ kind: 'notFound', title: 'All products, page 99' });
    expect(pageTitleOf(pageHeadOf(page('*', 404)))).toBe('Page not found');
  });

  it('gives the pages that render in the browser the titles they set there', () => {
    expect(pageHeadOf(page('cart/:productId?'))).toEqual({
      kind: 'browser',
      title: 'Shopping Cart',
    });
    expect(pageHeadOf(page('profile/*'))).toEqual({ kind: 'browser', title: 'Profile' });
  });
});

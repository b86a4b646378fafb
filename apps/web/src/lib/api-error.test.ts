import { describe, expect, it } from 'vitest';
import { isProductMissing } from './api-error';

describe('isProductMissing', () => {
  it.each([
    { error: { status: 404, data: { message: 'Product not found' } }, missing: true },
    // The API refuses an id it cannot read (too long, control characters) with 400.
    { error: { status: 400, data: { message: 'Product id: Too big' } }, missing: true },
    { error: { status: 500, data: { message: 'Something went wrong' } }, missing: false },
    { error: { status: 503, data: {} }, missing: false },
    { error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, missing: false },
    { error: undefined, missing: false },
    { error: null, missing: false },
  ])('is $missing for $error', ({ error, missing }) => {
    expect(isProductMissing(error)).toBe(missing);
  });
});

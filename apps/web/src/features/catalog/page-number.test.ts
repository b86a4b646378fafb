import { describe, expect, it } from 'vitest';
import { isPastLastPage } from './page-number';

const list = (page: number, pages: number) => ({ products: [], page, pages });

describe('isPastLastPage', () => {
  it.each([
    { pages: 3, requested: 1, past: false },
    { pages: 3, requested: 3, past: false },
    { pages: 3, requested: 4, past: true },
    { pages: 3, requested: 99, past: true },
    // An empty listing keeps its page 1 (which says so), and has no page 2.
    { pages: 0, requested: 1, past: false },
    { pages: 0, requested: 2, past: true },
    { pages: 1, requested: 2, past: true },
  ])('page $requested of $pages: $past', ({ pages, requested, past }) => {
    expect(isPastLastPage(list(requested, pages), requested)).toBe(past);
  });
});

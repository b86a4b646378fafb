import { describe, it, expect } from 'vitest';
import { RATING_LABELS, RATING_VALUES, formatRating, starsFor } from './rating';

describe('RATING_LABELS', () => {
  it('names the five ratings as the review form shows them', () => {
    expect(RATING_LABELS).toEqual({
      1: 'Poor',
      2: 'Fair',
      3: 'Good',
      4: 'Very Good',
      5: 'Excellent',
    });
    expect(RATING_VALUES.map((value) => RATING_LABELS[value])).toHaveLength(5);
  });
});

describe('formatRating', () => {
  it('shows one decimal', () => {
    expect(formatRating(4, 3)).toBe('4.0');
    expect(formatRating(4.666666, 3)).toBe('4.7');
    expect(formatRating(3.25, 4)).toBe('3.3');
    expect(formatRating(4.35, 20)).toBe('4.4');
    expect(formatRating(5, 1)).toBe('5.0');
  });

  it("shows '?' when there are no reviews", () => {
    expect(formatRating(0, 0)).toBe('?');
    expect(formatRating(4.5, 0)).toBe('?');
    expect(formatRating(Number.NaN, 2)).toBe('?');
  });
});

describe('starsFor', () => {
  it('gives five stars in halves', () => {
    expect(starsFor(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starsFor(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starsFor(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starsFor(0.5)).toEqual(['half', 'empty', 'empty', 'empty', 'empty']);
    expect(starsFor(4)).toEqual(['full', 'full', 'full', 'full', 'empty']);
  });

  it('rounds to the nearest half', () => {
    expect(starsFor(4.24)).toEqual(starsFor(4));
    expect(starsFor(4.25)).toEqual(starsFor(4.5));
    expect(starsFor(4.74)).toEqual(starsFor(4.5));
    expect(starsFor(4.75)).toEqual(starsFor(5));
    expect(starsFor(0.2)).toEqual(starsFor(0));
  });

  it('clamps out-of-range and non-numeric ratings', () => {
    expect(starsFor(7)).toEqual(starsFor(5));
    expect(starsFor(-1)).toEqual(starsFor(0));
    expect(starsFor(Number.NaN)).toEqual(starsFor(0));
  });

  it('always has five stars', () => {
    for (let rating = 0; rating <= 5; rating += 0.1) expect(starsFor(rating)).toHaveLength(5);
  });
});

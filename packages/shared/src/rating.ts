import { roundToDecimals } from './decimal';

export const RATING_VALUES = [1, 2, 3, 4, 5] as const;
export type RatingValue = (typeof RATING_VALUES)[number];
/** The review form's choices (spec section 5). */
export const RATING_LABELS: Readonly<Record<RatingValue, string>> = Object.freeze({
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very Good',
  5: 'Excellent',
});

export type Star = 'full' | 'half' | 'empty';

/** The average with one decimal, or '?' when there are no reviews to average. */
export function formatRating(rating: number, numReviews: number): string {
  if (!(numReviews > 0) || !Number.isFinite(rating)) return '?';
  return roundToDecimals(rating, 1).toFixed(1);
}

/** Five stars for a rating rounded to the nearest half (4.25 -> 4.5, 4.24 -> 4). */
export function starsFor(rating: number): Star[] {
  const halves = Number.isFinite(rating) ? Math.min(10, Math.max(0, Math.round(rating * 2))) : 0;
  return [1, 2, 3, 4, 5].map((star) =>
    halves >= star * 2 ? 'full' : halves === star * 2 - 1 ? 'half' : 'empty',
  );
}

import { formatRating, starsFor } from '@shop/shared/rating';
import { FiveStars, STARS_VIEW_BOX, fillWidthOf } from './star-shape';

type RatingStarsProps = {
  rating: number;
  numReviews: number;
  /** Beside the stars: the review count (cards), the average and count (product), or nothing. */
  detail?: 'count' | 'full' | 'none';
  size?: 'sm' | 'md';
};

/**
 * A rating as stars in halves, with a text alternative ("Rated 4.5 out of 5"): a row of outlines,
 * and the same row filled, cut at the rating. The stars' shape is the page's StarSymbol.
 */
export function RatingStars({
  rating,
  numReviews,
  detail = 'count',
  size = 'sm',
}: RatingStarsProps) {
  const value = formatRating(rating, numReviews);
  const label = value === '?' ? 'Not rated yet' : `Rated ${value} out of 5`;
  const reviews = `${numReviews} ${numReviews === 1 ? 'review' : 'reviews'}`;
  const stars = starsFor(numReviews > 0 ? rating : 0);
  // Five stars of 16 px (20 px) and the gaps between them.
  const rowSize = size === 'md' ? 'h-5 w-27.5' : 'h-4 w-22';
  return (
    <div className="flex items-center gap-2">
      <span role="img" aria-label={label} className="relative inline-flex text-terracotta-600">
        <svg
          viewBox={STARS_VIEW_BOX}
          className={rowSize}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
        >
          <FiveStars />
        </svg>
        <span className={`absolute inset-y-0 left-0 overflow-hidden ${fillWidthOf(stars)}`}>
          <svg viewBox={STARS_VIEW_BOX} className={`${rowSize} max-w-none`} fill="currentColor">
            <FiveStars />
          </svg>
        </span>
      </span>
      {detail === 'full' && (
        <span className="text-sm text-ink-muted">
          <span className="font-semibold text-ink" aria-hidden="true">
            {value}
          </span>
          <span aria-hidden="true"> / 5</span> · {reviews}
        </span>
      )}
      {detail === 'count' && (
        <span className="text-xs text-ink-muted">
          <span aria-hidden="true">({numReviews})</span>
          <span className="sr-only">{reviews}</span>
        </span>
      )}
    </div>
  );
}

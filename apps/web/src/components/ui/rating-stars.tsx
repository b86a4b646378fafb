import { formatRating, starsFor } from '@shop/shared/rating';
import { StarShape } from './star-shape';

type RatingStarsProps = {
  rating: number;
  numReviews: number;
  /** Beside the stars: the review count (cards), the average and count (product), or nothing. */
  detail?: 'count' | 'full' | 'none';
  size?: 'sm' | 'md';
};

/** A rating as stars in halves, with a text alternative ("Rated 4.5 out of 5"). */
export function RatingStars({
  rating,
  numReviews,
  detail = 'count',
  size = 'sm',
}: RatingStarsProps) {
  const value = formatRating(rating, numReviews);
  const label = value === '?' ? 'Not rated yet' : `Rated ${value} out of 5`;
  const reviews = `${numReviews} ${numReviews === 1 ? 'review' : 'reviews'}`;
  return (
    <div className="flex items-center gap-2">
      <span role="img" aria-label={label} className="flex gap-0.5 text-terracotta-600">
        {starsFor(numReviews > 0 ? rating : 0).map((kind, index) => (
          <StarShape key={index} kind={kind} className={size === 'md' ? 'size-5' : 'size-4'} />
        ))}
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

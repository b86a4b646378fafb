import { useSearchParams } from 'react-router';
import { REVIEWS_PAGE_SIZE } from '@shop/shared/catalog';
import type { Review } from '@shop/shared/catalog';
import { Pager } from '../../../components/ui/pager';
import { RatingStars } from '../../../components/ui/rating-stars';

// In UTC, not the browser's time zone: the server (in UTC) renders the same date the browser
// hydrates, and every shopper sees a review under one date.
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** Reviews newest first, four per page (?reviews=n), or 'No Reviews'. */
export function ReviewList({ reviews }: { reviews: Review[] }) {
  const [searchParams] = useSearchParams();
  if (reviews.length === 0) {
    return <p className="rounded-2xl bg-sand-100 px-5 py-4 text-ink-muted">No Reviews</p>;
  }

  const newestFirst = [...reviews].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt),
  );
  const pages = Math.ceil(newestFirst.length / REVIEWS_PAGE_SIZE);
  const requested = Number(searchParams.get('reviews'));
  const page =
    Number.isSafeInteger(requested) && requested >= 1 && requested <= pages ? requested : 1;
  const shown = newestFirst.slice((page - 1) * REVIEWS_PAGE_SIZE, page * REVIEWS_PAGE_SIZE);

  const hrefFor = (n: number) => {
    const next = new URLSearchParams(searchParams);
    if (n === 1) next.delete('reviews');
    else next.set('reviews', String(n));
    const query = next.toString();
    return query ? `?${query}` : '?';
  };

  return (
    <div>
      <ul className="flex flex-col gap-4">
        {shown.map((review) => (
          <li key={review._id} className="rounded-2xl border border-sand-200 bg-white p-5">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold">{review.name}</p>
              <time dateTime={review.createdAt} className="text-sm text-ink-muted">
                {formatDate(review.createdAt)}
              </time>
            </div>
            <div className="mt-2">
              <RatingStars rating={review.rating} numReviews={1} detail="none" />
            </div>
            <p className="mt-3 leading-relaxed break-words whitespace-pre-line text-ink-muted">
              {review.comment}
            </p>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} hrefFor={hrefFor} label="Review pages" keepScroll />
    </div>
  );
}

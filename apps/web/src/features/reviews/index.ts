// features/reviews' public entry: what other features may use (docs/decisions/029).
export { ReviewList } from './components/review-list';
/**
 * The write-review form (react-hook-form and zod, about 40 kB gzipped), loaded on demand: an
 * export of the component itself would bring it into the chunk of every page importing this entry.
 */
export const loadReviewForm = () => import('./components/review-form');

import { Link } from 'react-router';

type PagerProps = {
  page: number;
  pages: number;
  /** The address of page n. */
  hrefFor: (n: number) => string;
  label?: string;
  /** Keep the scroll position (a pager inside a page, like the reviews'). */
  keepScroll?: boolean;
};

const itemClass =
  'flex size-10 items-center justify-center rounded-full text-sm font-semibold transition-colors';
const currentClass = 'bg-terracotta-700 text-sand-50';
const otherClass =
  'border border-sand-300 bg-white text-ink hover:border-terracotta-700 hover:text-terracotta-700';

/** Links to every page of a paged list (the current one marked); nothing for a single page. */
export function Pager({ page, pages, hrefFor, label = 'Pages', keepScroll = false }: PagerProps) {
  if (pages <= 1) return null;
  const numbers = Array.from({ length: pages }, (_, i) => i + 1);
  return (
    <nav aria-label={label} className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {numbers.map((n) => (
          <li key={n}>
            <Link
              to={hrefFor(n)}
              preventScrollReset={keepScroll}
              aria-label={`Page ${n}`}
              aria-current={n === page ? 'page' : undefined}
              className={`${itemClass} ${n === page ? currentClass : otherClass}`}
            >
              {n}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

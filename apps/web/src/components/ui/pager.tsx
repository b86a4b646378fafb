import { Link } from 'react-router';
import { pagerWindow } from './pager-window';

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

/**
 * Links to the first, the last and the pages around the current one (the current one marked),
 * ellipses for the pages between (pager-window.ts); nothing for a single page. Its size is the
 * same whatever the number of pages.
 */
export function Pager({ page, pages, hrefFor, label = 'Pages', keepScroll = false }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {pagerWindow(page, pages).map((item) =>
          item.kind === 'gap' ? (
            // Not a link and not read out: the page numbers around it say what it skips.
            <li
              key={`gap-${item.after}`}
              aria-hidden="true"
              className={`${itemClass} text-ink-muted`}
            >
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                to={hrefFor(item.page)}
                preventScrollReset={keepScroll}
                aria-label={`Page ${item.page}`}
                aria-current={item.page === page ? 'page' : undefined}
                className={`${itemClass} ${item.page === page ? currentClass : otherClass}`}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

import { Link } from 'react-router';
import type { PageCursor } from '../hooks/use-list-params';

type AdminPagerProps = {
  /**
   * Where the list is: its page, how many pages, how many entries; a keyset-paged list (orders,
   * customers: decision 053) also gives the cursors of the pages around it and whether its count
   * stopped at the cap.
   */
  paged: {
    page: number;
    pages: number;
    total: number;
    totalCapped?: boolean;
    next?: string | null;
    prev?: string | null;
  };
  /** The address of page n (the other filters kept), read at a cursor when one is given. */
  hrefFor: (n: number, cursor?: PageCursor) => string;
  label: string;
};

const linkClass =
  'inline-flex min-h-10 items-center rounded-full border border-sand-300 bg-white px-4 text-sm font-semibold hover:border-terracotta-700 hover:text-terracotta-700';

/** '10,000+' above the count's cap, else the count ('1,234'). */
export const countText = (total: number, capped = false) =>
  `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;

/**
 * Previous and next pages of a server-paged list (a list can have hundreds of pages). A
 * keyset-paged list links to the pages its cursors name, and to the first page from deep in it.
 */
export function AdminPager({ paged, hrefFor, label }: AdminPagerProps) {
  const { page, pages, total, totalCapped = false } = paged;
  const keyset = paged.next !== undefined || paged.prev !== undefined;
  const previous = keyset
    ? paged.prev && hrefFor(Math.max(1, page - 1), { before: paged.prev })
    : page > 1 && hrefFor(page - 1);
  const next = keyset
    ? paged.next && hrefFor(page + 1, { after: paged.next })
    : page < pages && hrefFor(page + 1);
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-ink-muted">
        Page {page}
        {totalCapped ? '' : ` of ${Math.max(pages, 1).toLocaleString('en-US')}`} ·{' '}
        {countText(total, totalCapped)} in all
      </p>
      <div className="flex gap-2">
        {keyset && page > 2 && (
          <Link to={hrefFor(1)} className={linkClass}>
            First page
          </Link>
        )}
        {previous && (
          <Link to={previous} className={linkClass}>
            Previous page
          </Link>
        )}
        {next && (
          <Link to={next} className={linkClass}>
            Next page
          </Link>
        )}
      </div>
    </nav>
  );
}

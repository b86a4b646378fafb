import { Link } from 'react-router';

type AdminPagerProps = {
  /** Where the list is: its page, how many pages, how many entries. */
  paged: { page: number; pages: number; total: number };
  /** The address of page n (the other filters kept). */
  hrefFor: (n: number) => string;
  label: string;
};

const linkClass =
  'inline-flex min-h-10 items-center rounded-full border border-sand-300 bg-white px-4 text-sm font-semibold hover:border-terracotta-700 hover:text-terracotta-700';

/** Previous and next pages of a server-paged list (a list can have hundreds of pages). */
export function AdminPager({ paged, hrefFor, label }: AdminPagerProps) {
  const { page, pages, total } = paged;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-ink-muted">
        Page {page} of {Math.max(pages, 1)} · {total} in all
      </p>
      <div className="flex gap-2">
        {page > 1 && (
          <Link to={hrefFor(page - 1)} className={linkClass}>
            Previous page
          </Link>
        )}
        {page < pages && (
          <Link to={hrefFor(page + 1)} className={linkClass}>
            Next page
          </Link>
        )}
      </div>
    </nav>
  );
}

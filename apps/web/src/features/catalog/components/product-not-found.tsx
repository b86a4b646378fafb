import { Link } from 'react-router';
import { useHttpStatus } from '../../../lib/http-status';
import { CATEGORY_PAGES, type CategorySlug } from '../category-pages';
import { SearchBox } from './search-box';

const SLUGS = Object.keys(CATEGORY_PAGES) as CategorySlug[];

const linkClass =
  'inline-flex rounded-full border border-sand-300 bg-white px-4 py-2 text-sm font-semibold text-ink hover:border-terracotta-700 hover:text-terracotta-700';

/**
 * An unknown or malformed product address (the server answers it 404): says so and offers a way
 * on, search and the categories, all of it plain links and a plain form that work without script.
 */
export function ProductNotFound() {
  useHttpStatus(404);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-12 text-center">
      <h1 className="text-3xl font-semibold text-ink sm:text-4xl">Product not found</h1>
      <p className="mt-3 text-ink-muted">
        There is no product at this address: it may have left the shop, or the link may be
        incomplete. Search for it, or browse a category.
      </p>
      <SearchBox label="Search the shop" className="mt-8 w-full max-w-sm" />
      <nav aria-label="Shop categories" className="mt-8">
        <ul className="flex flex-wrap justify-center gap-3">
          {SLUGS.map((slug) => (
            <li key={slug}>
              <Link to={`/${slug}`} className={linkClass}>
                {CATEGORY_PAGES[slug].title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-8 text-sm text-ink-muted">
        Or start again from the{' '}
        <Link to="/" className="font-semibold text-terracotta-700 underline">
          home page
        </Link>
        .
      </p>
    </div>
  );
}

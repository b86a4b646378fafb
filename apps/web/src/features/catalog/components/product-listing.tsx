import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Pager } from '../../../components/ui/pager';
import { ListingSkeletonLater } from '../../../components/ui/skeletons-later';
import { errorMessage } from '../../../lib/api-error';
import { useGetProductsQuery } from '../api/products-api';
import { useHttpStatus } from '../../../lib/http-status';
import { isPastLastPage } from '../page-number';
import type { ProductListQuery } from '../api/products-api';
import { ProductGrid } from './product-grid';
import { ListingControls } from './listing-controls';
import { NO_FILTERS, isFiltered, type ListingKind } from '@shop/shared/listing';

type ProductListingProps = {
  query: ProductListQuery;
  /** The address of page n of this listing. */
  hrefForPage: (n: number) => string;
  /** What to say when nothing matches. */
  empty: ReactNode;
  /** The listing in a sentence, for a page past its end: 'There is no page 9 of {name}'. */
  name: ReactNode;
  /** The listing is the page's main content (a category, a search): its first picture leads. */
  leadsThePage?: boolean;
  /** Sort and filters beside the products (decision 057): the listing's kind and first page. */
  controls?: { kind: ListingKind; action: string };
};

const noticeClass =
  'rounded-2xl border border-dashed border-sand-300 bg-sand-100/60 px-6 py-12 text-center text-ink-muted';

/**
 * A paged product list: a skeleton while loading, the server's message on failure, an empty state,
 * and for a page past the last one a notice that it does not exist, with a link to page 1.
 */
export function ProductListing({ controls, ...props }: ProductListingProps) {
  const { data } = useGetProductsQuery(props.query);
  if (!controls) return <ListingBody {...props} />;
  const filters = props.query.filters ?? NO_FILTERS;
  return (
    <ListingControls
      kind={controls.kind}
      filters={filters}
      facets={data?.facets}
      action={controls.action}
    >
      <ListingBody
        {...props}
        empty={
          isFiltered(filters) ? (
            <p>
              No products match these filters.{' '}
              <Link to={controls.action} className="font-semibold text-terracotta-700 underline">
                Clear filters
              </Link>
            </p>
          ) : (
            props.empty
          )
        }
      />
    </ListingControls>
  );
}

function ListingBody({
  query,
  hrefForPage,
  empty,
  name,
  leadsThePage = false,
}: Omit<ProductListingProps, 'controls'>) {
  const { data, error, isLoading, isFetching } = useGetProductsQuery(query);
  const requestedPage = query.pageNumber ?? 1;
  const pastTheEnd = data !== undefined && isPastLastPage(data, requestedPage);
  useHttpStatus(404, pastTheEnd);

  if (isLoading) return <ListingSkeletonLater />;
  if (error) return <Alert variant="danger">{errorMessage(error)}</Alert>;
  if (pastTheEnd) {
    return (
      <div className={noticeClass}>
        <p>
          There is no page {requestedPage} of {name}.{' '}
          <Link to={hrefForPage(1)} className="font-semibold text-terracotta-700 underline">
            Go to the first page
          </Link>
          .
        </p>
      </div>
    );
  }
  if (!data || data.products.length === 0) return <div className={noticeClass}>{empty}</div>;
  return (
    <div
      aria-busy={isFetching}
      className={isFetching ? 'opacity-60 transition-opacity' : undefined}
    >
      <ProductGrid products={data.products} leadsThePage={leadsThePage} />
      <Pager page={data.page} pages={data.pages} hrefFor={hrefForPage} label="Product pages" />
    </div>
  );
}

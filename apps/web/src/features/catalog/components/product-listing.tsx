import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Pager } from '../../../components/ui/pager';
import { ListingSkeleton } from '../../../components/ui/page-skeletons';
import { errorMessage } from '../../../lib/api-error';
import { useGetProductsQuery } from '../api/products-api';
import type { ProductListQuery } from '../api/products-api';
import { ProductGrid } from './product-grid';

type ProductListingProps = {
  query: ProductListQuery;
  /** The address of page n of this listing. */
  hrefForPage: (n: number) => string;
  /** What to say when nothing matches. */
  empty: ReactNode;
};

/** A paged product list: a skeleton while loading, the server's message on failure, an empty state. */
export function ProductListing({ query, hrefForPage, empty }: ProductListingProps) {
  const { data, error, isLoading, isFetching } = useGetProductsQuery(query);

  if (isLoading) return <ListingSkeleton />;
  if (error) return <Alert variant="danger">{errorMessage(error)}</Alert>;
  if (!data || data.products.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-sand-300 bg-sand-100/60 px-6 py-12 text-center text-ink-muted">
        {empty}
      </div>
    );
  }
  return (
    <div
      aria-busy={isFetching}
      className={isFetching ? 'opacity-60 transition-opacity' : undefined}
    >
      <ProductGrid products={data.products} />
      <Pager page={data.page} pages={data.pages} hrefFor={hrefForPage} label="Product pages" />
    </div>
  );
}

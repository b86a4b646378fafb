import { Link, useParams, useSearchParams } from 'react-router';
import { NO_FILTERS, isFiltered } from '@shop/shared/listing';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager } from '../../../components/ui/pager';
import { ListingSkeletonLater } from '../../../components/ui/skeletons-later';
import { errorMessage, isProductMissing } from '../../../lib/api-error';
import { useHttpStatus } from '../../../lib/http-status';
import type { PageRequests } from '../../../lib/page-data';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ListingControls, ProductGrid, isPastLastPage, listingSearchOf } from '../../catalog';
import { collectionsApi, useGetCollectionPageQuery } from '../api/collections-api';
import { collectionPageQueryOf } from '../collection-query';
import { collectionPath, collectionTitle, paragraphsOf } from '../collection-path';

const queryOf = collectionPageQueryOf;

/** What the page renders with, started by its route's loader. */
export const pageRequests: PageRequests = (dispatch, { params, url }) => [
  dispatch(collectionsApi.endpoints.getCollectionPage.initiate(queryOf(params, url.searchParams))),
];

const noticeClass =
  'rounded-2xl border border-dashed border-sand-300 bg-sand-100/60 px-6 py-12 text-center text-ink-muted';

/** /collections/:handle and /collections/:handle/page/:pageNumber */
export default function CollectionPage() {
  const [searchParams] = useSearchParams();
  const query = queryOf(useParams(), searchParams);
  // Never the previous collection while the next one loads; the same one, sorted or filtered
  // another way, stays (under its filters) until the new page is there.
  const answer = useGetCollectionPageQuery(query);
  const { error, isFetching } = answer;
  const data =
    answer.currentData ??
    (answer.data?.collection.handle === query.handle ? answer.data : undefined);
  const missing = !data && isProductMissing(error);
  const pastTheEnd = data !== undefined && isPastLastPage(data, query.pageNumber);
  useHttpStatus(404, missing || pastTheEnd);

  if (missing) return <CollectionNotFound />;
  if (!data) {
    return (
      <PageContainer>
        {error && !isFetching ? (
          <>
            <h1 className="sr-only">Collection</h1>
            <Alert variant="danger">{errorMessage(error)}</Alert>
          </>
        ) : (
          <ListingSkeletonLater />
        )}
      </PageContainer>
    );
  }
  const { collection, products, page, pages } = data;
  const filters = query.filters ?? NO_FILTERS;
  const hrefFor = (n: number) =>
    `${collectionPath(collection.handle, n)}${listingSearchOf(filters, 'featured')}`;
  return (
    <PageContainer>
      <PageHeader
        title={collection.name}
        documentTitle={collectionTitle(collection, query.pageNumber)}
        eyebrow="Collection"
      >
        {paragraphsOf(collection.description).map((paragraph, index) => (
          <p key={index} className={index ? 'mt-3' : undefined}>
            {paragraph}
          </p>
        ))}
      </PageHeader>
      <h2 className="sr-only">Products</h2>
      {pastTheEnd ? (
        <div className={noticeClass}>
          <p>
            There is no page {query.pageNumber} of {collection.name}.{' '}
            <Link to={hrefFor(1)} className="font-semibold text-terracotta-700 underline">
              Go to the first page
            </Link>
            .
          </p>
        </div>
      ) : (
        <ListingControls
          kind="collection"
          filters={filters}
          facets={data.facets}
          action={collectionPath(collection.handle)}
        >
          {products.length === 0 ? (
            <div className={noticeClass}>
              {isFiltered(filters) ? (
                <p>
                  No products match these filters.{' '}
                  <Link
                    to={collectionPath(collection.handle)}
                    className="font-semibold text-terracotta-700 underline"
                  >
                    Clear filters
                  </Link>
                </p>
              ) : (
                <p>Nothing in this collection right now. Please come back soon.</p>
              )}
            </div>
          ) : (
            <div
              aria-busy={isFetching}
              className={isFetching ? 'opacity-60 transition-opacity' : undefined}
            >
              <ProductGrid products={products} leadsThePage />
              <Pager page={page} pages={pages} hrefFor={hrefFor} label="Product pages" />
            </div>
          )}
        </ListingControls>
      )}
    </PageContainer>
  );
}

function CollectionNotFound() {
  useDocumentTitle('Collection not found');
  return (
    <PageContainer className="flex flex-col items-center py-24 text-center">
      <p className="font-display text-7xl font-semibold text-terracotta-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-semibold">Collection not found</h1>
      <p className="mt-3 max-w-md text-ink-muted">
        This collection has moved or is not in the shop right now.
      </p>
      <ButtonLink to="/" className="mt-8">
        Back to home
      </ButtonLink>
    </PageContainer>
  );
}

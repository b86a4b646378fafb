import { Link, useParams } from 'react-router';
import type { Params } from 'react-router';
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
import { ProductGrid, isPastLastPage, parsePageNumber } from '../../catalog';
import { collectionsApi, useGetCollectionPageQuery } from '../api/collections-api';
import type { CollectionPageQuery } from '../api/collections-api';
import { collectionPath, collectionTitle, paragraphsOf } from '../collection-path';

const queryOf = (params: Params): CollectionPageQuery => ({
  handle: params.handle ?? '',
  pageNumber: parsePageNumber(params.pageNumber),
});

/** What the page renders with, started by its route's loader. */
export const pageRequests: PageRequests = (dispatch, { params }) => [
  dispatch(collectionsApi.endpoints.getCollectionPage.initiate(queryOf(params))),
];

const noticeClass =
  'rounded-2xl border border-dashed border-sand-300 bg-sand-100/60 px-6 py-12 text-center text-ink-muted';

/** /collections/:handle and /collections/:handle/page/:pageNumber */
export default function CollectionPage() {
  const query = queryOf(useParams());
  // currentData: never the previous collection while the next one loads.
  const { currentData: data, error, isFetching } = useGetCollectionPageQuery(query);
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
  const hrefFor = (n: number) => collectionPath(collection.handle, n);
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
      ) : products.length === 0 ? (
        <div className={noticeClass}>
          <p>Nothing in this collection right now. Please come back soon.</p>
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

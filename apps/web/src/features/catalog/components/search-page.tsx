import { Link, useParams } from 'react-router';
import type { Params } from 'react-router';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeader } from '../../../components/ui/page-header';
import type { PageRequests } from '../../../lib/page-data';
import { productsApi } from '../api/products-api';
import type { ProductListQuery } from '../api/products-api';
import { parsePageNumber } from '../page-number';
import { ProductListing } from './product-listing';

const listingQueryOf = (
  params: Params,
): Required<Pick<ProductListQuery, 'keyword' | 'pageNumber'>> => ({
  keyword: params.keyword ?? '',
  pageNumber: parsePageNumber(params.pageNumber),
});

/** What the page renders with, started by its route's loader. */
export const pageRequests: PageRequests = (dispatch, { params }) => [
  dispatch(productsApi.endpoints.getProducts.initiate(listingQueryOf(params))),
];

/** /search/:keyword and /search/:keyword/page/:pageNumber */
export default function SearchPage() {
  const query = listingQueryOf(useParams());
  const { keyword } = query;
  const base = `/search/${encodeURIComponent(keyword)}`;
  return (
    <PageContainer>
      <Link
        to="/"
        className="mb-6 inline-block text-sm font-semibold text-terracotta-700 hover:underline"
      >
        ← Back to the shop
      </Link>
      <PageHeader
        title={`Results for “${keyword}”`}
        documentTitle={`Search: ${keyword}`}
        eyebrow="Search"
      />
      {/* The cards' names are h3s: an outline has no level missing between the page and them. */}
      <h2 className="sr-only">Products found</h2>
      <ProductListing
        leadsThePage
        query={query}
        hrefForPage={(n) => (n === 1 ? base : `${base}/page/${n}`)}
        name={`the results for “${keyword}”`}
        empty={
          <p>
            Nothing matches “{keyword}”. Try another word, or{' '}
            <Link to="/" className="font-semibold text-terracotta-700 underline">
              browse every product
            </Link>
            .
          </p>
        }
      />
    </PageContainer>
  );
}

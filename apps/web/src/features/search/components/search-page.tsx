import { Link, useParams, useSearchParams } from 'react-router';
import type { Params } from 'react-router';
import { partialMatchMessage } from '@shop/shared/search';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeader } from '../../../components/ui/page-header';
import type { PageRequests } from '../../../lib/page-data';
import {
  ProductListing,
  filtersOfAddress,
  listingSearchOf,
  parsePageNumber,
  productsApi,
  useGetProductsQuery,
  useRememberSearch,
  type ProductListQuery,
} from '../../catalog';
import { NoResults } from './no-results';

const listingQueryOf = (
  params: Params,
  searchParams: URLSearchParams,
): Required<Pick<ProductListQuery, 'keyword' | 'pageNumber' | 'filters'>> => ({
  keyword: params.keyword ?? '',
  pageNumber: parsePageNumber(params.pageNumber),
  filters: filtersOfAddress(searchParams),
});

/** What the page renders with, started by its route's loader. */
export const pageRequests: PageRequests = (dispatch, { params, url }) => [
  dispatch(productsApi.endpoints.getProducts.initiate(listingQueryOf(params, url.searchParams))),
];

/** /search/:keyword and /search/:keyword/page/:pageNumber */
export default function SearchPage() {
  const [searchParams] = useSearchParams();
  const query = listingQueryOf(useParams(), searchParams);
  const { keyword } = query;
  useRememberSearch(keyword);
  const base = `/search/${encodeURIComponent(keyword)}`;
  // The listing's own answer (one request): how the results came about (decision 050).
  const outcome = useGetProductsQuery(query).data?.search;
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
      {outcome?.matched === 'some' ? (
        <p role="status" className="mb-6 rounded-xl bg-sand-100 px-4 py-3 text-ink-muted">
          {partialMatchMessage(keyword)}
        </p>
      ) : null}
      {/* The cards' names are h3s: an outline has no level missing between the page and them. */}
      <h2 className="sr-only">Products found</h2>
      <ProductListing
        leadsThePage
        query={query}
        controls={{ kind: 'search', action: base }}
        hrefForPage={(n) =>
          `${n === 1 ? base : `${base}/page/${n}`}${listingSearchOf(query.filters, 'relevance')}`
        }
        name={`the results for “${keyword}”`}
        empty={<NoResults keyword={keyword} didYouMean={outcome?.didYouMean ?? []} />}
      />
    </PageContainer>
  );
}

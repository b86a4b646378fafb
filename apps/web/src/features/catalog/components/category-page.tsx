import { useSearchParams } from 'react-router';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeader } from '../../../components/ui/page-header';
import type { PageRequests } from '../../../lib/page-data';
import { productsApi } from '../api/products-api';
import type { ProductListQuery } from '../api/products-api';
import { CATEGORY_PAGES } from '../category-pages';
import type { CategorySlug } from '../category-pages';
import { parsePageNumber } from '../page-number';
import { filtersOfAddress, listingSearchOf } from '../listing-address';
import { ProductListing } from './product-listing';

const listingQueryOf = (slug: CategorySlug, searchParams: URLSearchParams): ProductListQuery => ({
  categories: CATEGORY_PAGES[slug].categories,
  pageNumber: parsePageNumber(searchParams.get('page')),
  filters: filtersOfAddress(searchParams),
});

/** What the listing of `slug` renders with, started by its route's loader. */
export const categoryPageRequests =
  (slug: CategorySlug): PageRequests =>
  (dispatch, { url }) => [
    dispatch(productsApi.endpoints.getProducts.initiate(listingQueryOf(slug, url.searchParams))),
  ];

/** /tshirts, /belts, /totes and /hoodies; further pages are ?page=n. */
export default function CategoryPage({ slug }: { slug: CategorySlug }) {
  const { title, intro } = CATEGORY_PAGES[slug];
  const [searchParams] = useSearchParams();
  const query = listingQueryOf(slug, searchParams);
  return (
    <PageContainer>
      <PageHeader title={title} eyebrow="Shop">
        <p>{intro}</p>
      </PageHeader>
      {/* The cards' names are h3s: an outline has no level missing between the page and them. */}
      <h2 className="sr-only">Products</h2>
      <ProductListing
        leadsThePage
        query={query}
        controls={{ kind: 'catalog', action: `/${slug}` }}
        hrefForPage={(n) =>
          `/${slug}${listingSearchOf(query.filters, 'newest', n === 1 ? [] : [['page', String(n)]])}`
        }
        empty={<p>No {title.toLowerCase()} in the shop right now. Please come back soon.</p>}
        name={title}
      />
    </PageContainer>
  );
}

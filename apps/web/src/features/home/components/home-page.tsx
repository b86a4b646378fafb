import { useParams, useSearchParams } from 'react-router';
import type { Params } from 'react-router';
import type { Category } from '@shop/shared/catalog';
import type { PageRequests } from '../../../lib/page-data';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  ProductListing,
  filtersOfAddress,
  listingSearchOf,
  parsePageNumber,
  productsApi,
} from '../../catalog';
import type { ProductListQuery } from '../../catalog';
import { requestShopConfig } from '../../shop';
import { ContactBlock } from './contact-block';
import { Hero } from './hero';
import { ProductCarousel, carouselQuery } from './product-carousel';
import { SideStories } from './side-stories';

const CAROUSELS: readonly { title: string; subtitle: string; category: Category }[] = [
  {
    title: 'SADU SANDS STRAP COLLECTION',
    subtitle: 'Check out our strap collection',
    category: 'belts',
  },
  {
    title: 'FLOWER TOTE COLLECTION',
    subtitle: 'Check out our new tote collection',
    category: 'flower_totes',
  },
];

const listingQueryOf = (params: Params, searchParams: URLSearchParams): ProductListQuery => ({
  pageNumber: parsePageNumber(params.pagenumber),
  filters: filtersOfAddress(searchParams),
});

/** What the page renders with (the carousels, the listing, the contact block's address). */
export const pageRequests: PageRequests = (dispatch, { params, url }) => [
  ...CAROUSELS.map(({ category }) =>
    dispatch(productsApi.endpoints.getProductCards.initiate(carouselQuery(category))),
  ),
  dispatch(productsApi.endpoints.getProducts.initiate(listingQueryOf(params, url.searchParams))),
  requestShopConfig(dispatch),
];

/** / and /page/:pagenumber: hero, the two collection carousels, the paged product list. */
export default function HomePage() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const query = listingQueryOf(params, searchParams);
  const pageNumber = parsePageNumber(params.pagenumber);
  useDocumentTitle(pageNumber > 1 ? `All products, page ${pageNumber}` : undefined);
  return (
    <>
      <Hero />
      <div className="mx-auto flex max-w-7xl flex-col gap-16 px-4 py-14 sm:px-6 lg:gap-24 lg:py-20">
        <div className="grid gap-14 lg:grid-cols-2 lg:gap-10">
          {CAROUSELS.map((carousel) => (
            <ProductCarousel key={carousel.category} {...carousel} />
          ))}
        </div>
        <section aria-labelledby="all-products-heading" id="all-products">
          <h2 id="all-products-heading" className="mb-8 text-3xl font-semibold sm:text-4xl">
            Latest products
          </h2>
          <ProductListing
            query={query}
            controls={{ kind: 'catalog', action: '/' }}
            hrefForPage={(n) =>
              `${n === 1 ? '/' : `/page/${n}`}${listingSearchOf(query.filters, 'newest')}`
            }
            empty={<p>The shop is being restocked. Please come back soon.</p>}
            name="the latest products"
          />
        </section>
        <SideStories />
        <ContactBlock />
      </div>
    </>
  );
}

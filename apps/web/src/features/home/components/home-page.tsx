import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ProductListing } from '../../catalog';
import { parsePageNumber } from '../../catalog';
import { ContactBlock } from './contact-block';
import { Hero } from './hero';
import { ProductCarousel } from './product-carousel';
import { SideStories } from './side-stories';

/** / and /page/:pagenumber: hero, the two collection carousels, the paged product list. */
export default function HomePage() {
  const pageNumber = parsePageNumber(useParams().pagenumber);
  useDocumentTitle(pageNumber > 1 ? `All products, page ${pageNumber}` : undefined);
  return (
    <>
      <Hero />
      <div className="mx-auto flex max-w-7xl flex-col gap-16 px-4 py-14 sm:px-6 lg:gap-24 lg:py-20">
        <div className="grid gap-14 lg:grid-cols-2 lg:gap-10">
          <ProductCarousel
            title="SADU SANDS STRAP COLLECTION"
            subtitle="Check out our strap collection"
            category="belts"
          />
          <ProductCarousel
            title="FLOWER TOTE COLLECTION"
            subtitle="Check out our new tote collection"
            category="flower_totes"
          />
        </div>
        <section aria-labelledby="all-products-heading" id="all-products">
          <h2 id="all-products-heading" className="mb-8 text-3xl font-semibold sm:text-4xl">
            Latest products
          </h2>
          <ProductListing
            query={{ pageNumber }}
            hrefForPage={(n) => (n === 1 ? '/' : `/page/${n}`)}
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

import { useSearchParams } from 'react-router';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeader } from '../../../components/ui/page-header';
import { CATEGORY_PAGES } from '../category-pages';
import type { CategorySlug } from '../category-pages';
import { parsePageNumber } from '../page-number';
import { ProductListing } from './product-listing';

/** /tshirts, /belts, /totes and /hoodies; further pages are ?page=n. */
export default function CategoryPage({ slug }: { slug: CategorySlug }) {
  const { title, intro, categories } = CATEGORY_PAGES[slug];
  const [searchParams] = useSearchParams();
  const pageNumber = parsePageNumber(searchParams.get('page'));
  return (
    <PageContainer>
      <PageHeader title={title} eyebrow="Shop">
        <p>{intro}</p>
      </PageHeader>
      {/* The cards' names are h3s: an outline has no level missing between the page and them. */}
      <h2 className="sr-only">Products</h2>
      <ProductListing
        leadsThePage
        query={{ categories, pageNumber }}
        hrefForPage={(n) => (n === 1 ? `/${slug}` : `/${slug}?page=${n}`)}
        empty={<p>No {title.toLowerCase()} in the shop right now. Please come back soon.</p>}
        name={title}
      />
    </PageContainer>
  );
}

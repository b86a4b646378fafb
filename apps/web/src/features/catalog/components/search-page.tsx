import { Link, useParams } from 'react-router';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeader } from '../../../components/ui/page-header';
import { parsePageNumber } from '../page-number';
import { ProductListing } from './product-listing';

/** /search/:keyword and /search/:keyword/page/:pageNumber */
export default function SearchPage() {
  const params = useParams();
  const keyword = params.keyword ?? '';
  const pageNumber = parsePageNumber(params.pageNumber);
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
        query={{ keyword, pageNumber }}
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

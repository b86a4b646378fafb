import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { Params } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { PageContainer } from '../../../components/ui/page-container';
import { ProductDetailSkeleton } from '../../../components/ui/page-skeletons';
import { errorMessage, isProductMissing } from '../../../lib/api-error';
import type { PageRequests } from '../../../lib/page-data';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { REVIEWS_HASH, readReviewProof, type ReviewProof } from '../../../lib/review-proof';
import { productsApi, useGetProductQuery } from '../api/products-api';
import { useSearchLedToView } from '../hooks/use-search-views';
import { ProductDetail, loadProductDescription } from './product-detail';
import { ProductNotFound } from './product-not-found';
import { productPageTitle } from '../../../lib/product-seo';

// Under way while the product's data arrives.
void loadProductDescription();

/**
 * The proof of an order's 'Write a review' link (/products/:id#reviews?order=…&token=…): read
 * once, then taken out of the address, so the token stays out of the history, bookmarks and
 * shared links. It is kept here, for this product only, and sent in the review's body.
 */
function useReviewProof(productId: string): ReviewProof | undefined {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const [taken, setTaken] = useState<ReviewProof & { productId: string }>();
  useEffect(() => {
    // After hydration: the server never sees a fragment, so the first render must not use it.
    const proof = readReviewProof(hash);
    if (!proof) return;
    setTaken({ ...proof, productId });
    void navigate(
      { pathname, search, hash: REVIEWS_HASH },
      { replace: true, preventScrollReset: true },
    );
  }, [hash, pathname, search, productId, navigate]);
  return taken?.productId === productId
    ? { orderId: taken.orderId, orderToken: taken.orderToken }
    : undefined;
}

const productIdOf = (params: Params) => params.productId ?? '';

/** What the page renders with, started by its route's loader. */
export const pageRequests: PageRequests = (dispatch, { params }) => [
  dispatch(productsApi.endpoints.getProduct.initiate(productIdOf(params))),
];

/** /products/:productId */
export default function ProductPage() {
  const productId = productIdOf(useParams());
  const reviewProof = useReviewProof(productId);
  useSearchLedToView();
  // currentData: never the previous product while the next one loads.
  const { currentData: product, error, isFetching } = useGetProductQuery(productId);
  // The entry keeps its error while it is asked again (as after hydration, where RTK Query
  // re-runs a failed query): the server's not-found content stays instead of a spinner.
  const missing = !product && isProductMissing(error);
  useDocumentTitle(product ? productPageTitle(product) : missing ? 'Product not found' : 'Product');

  return (
    <PageContainer>
      <Link
        to="/"
        className="mb-8 inline-block text-sm font-semibold text-terracotta-700 hover:underline"
      >
        ← Back to the shop
      </Link>
      {missing && <ProductNotFound />}
      {/* A screen tall: the footer stays out of view until the product pushes it down. */}
      {isFetching && !product && !missing && <ProductDetailSkeleton />}
      {error && !product && !isFetching && !missing && (
        <>
          <h1 className="sr-only">Product</h1>
          <Alert variant="danger">{errorMessage(error)}</Alert>
        </>
      )}
      {product && <ProductDetail product={product} reviewProof={reviewProof} />}
    </PageContainer>
  );
}

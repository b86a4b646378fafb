import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { PageContainer } from '../../../components/ui/page-container';
import { ProductDetailSkeleton } from '../../../components/ui/page-skeletons';
import { errorMessage, isNotFound } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { REVIEWS_HASH, readReviewProof, type ReviewProof } from '../../reviews/review-proof';
import { useGetProductQuery } from '../api/products-api';
import { ProductDetail, loadProductDescription } from './product-detail';

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

/** /products/:productId */
export default function ProductPage() {
  const productId = useParams().productId ?? '';
  const reviewProof = useReviewProof(productId);
  // currentData: never the previous product while the next one loads.
  const { currentData: product, error, isFetching } = useGetProductQuery(productId);
  useDocumentTitle(product?.name ?? (isNotFound(error) ? 'Product not found' : 'Product'));

  return (
    <PageContainer>
      <Link
        to="/"
        className="mb-8 inline-block text-sm font-semibold text-terracotta-700 hover:underline"
      >
        ← Back to the shop
      </Link>
      {/* A screen tall: the footer stays out of view until the product pushes it down. */}
      {isFetching && !product && <ProductDetailSkeleton />}
      {error && !product && !isFetching && (
        <>
          <h1 className="sr-only">Product</h1>
          <Alert variant="danger">{errorMessage(error)}</Alert>
        </>
      )}
      {product && <ProductDetail product={product} reviewProof={reviewProof} />}
    </PageContainer>
  );
}

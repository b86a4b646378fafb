import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { PageContainer } from '../../../components/ui/page-container';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, isNotFound } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGetProductQuery } from '../api/products-api';
import { ProductDetail, loadProductDescription } from './product-detail';

// Under way while the product's data arrives.
void loadProductDescription();

/** /products/:productId */
export default function ProductPage() {
  const productId = useParams().productId ?? '';
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
      {isFetching && !product && <Spinner label="Loading product…" className="min-h-dvh" />}
      {error && !product && !isFetching && (
        <>
          <h1 className="sr-only">Product</h1>
          <Alert variant="danger">{errorMessage(error)}</Alert>
        </>
      )}
      {product && <ProductDetail product={product} />}
    </PageContainer>
  );
}

import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { AdminProduct } from '@shop/shared/admin-catalog';
import { PageHeader } from '../../../components/ui/page-header';
import { isNotFound } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import {
  useCreateProductMutation,
  useGetAdminProductQuery,
  useUpdateProductMutation,
} from '../api/catalog-api';
import { EmptyState, QueryState } from '../components/query-state';
import { ShopItemHeader } from '../components/shop-item-header';
import { PhotoSlot } from './photo-slot';
import { ProductForm } from './product-form';
import { VariantPhotos } from './variant-photos';
import { VariantStockTable } from './variant-stock';
import { VariantsSection } from './variants-editor';

const backLink = (
  <Link
    to="/admin/products"
    className="mb-4 inline-block text-sm font-semibold text-terracotta-700 underline underline-offset-4"
  >
    ← All products
  </Link>
);

/** Set by the new product's page when it sends the owner on to the product it created. */
type CreatedState = { created?: boolean } | null;

function Photos({ product }: { product: AdminProduct }) {
  const slots = product.hasAandB
    ? (['main', 'gallery', 'optionA', 'optionB'] as const)
    : (['main', 'gallery'] as const);
  return (
    <section
      aria-labelledby="product-photos"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5"
    >
      <div>
        <h2 id="product-photos" className="text-xl font-semibold">
          Photos
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Each photo is stored as WebP at up to three widths; the shop serves the right one for the
          screen.
        </p>
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        {slots.map((slot) => (
          <PhotoSlot
            key={slot}
            productId={product._id}
            slot={slot}
            photos={product.photos.filter((photo) => photo.slot === slot)}
          />
        ))}
      </div>
    </section>
  );
}

function EditProduct({ id }: { id: string }) {
  const { state } = useLocation();
  const created = Boolean((state as CreatedState)?.created);
  const { data, isLoading, error, refetch } = useGetAdminProductQuery(id);
  const [updateProduct, { isLoading: saving }] = useUpdateProductMutation();

  useEffect(() => {
    // Sent here from the new product's page: the focus goes to the heading naming the product.
    if (!created || !data) return;
    const heading = document.querySelector<HTMLElement>('#main-content h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, [created, data]);

  if (isNotFound(error)) {
    return (
      <>
        {backLink}
        <EmptyState title="Product not found">It may have been mistyped in the address.</EmptyState>
      </>
    );
  }
  return (
    <>
      {backLink}
      <QueryState
        isLoading={isLoading}
        error={error}
        loadingLabel="Loading the product…"
        onRetry={refetch}
      >
        {data && (
          <>
            <ShopItemHeader
              name={data.name}
              status={data.status}
              handle={data.handle}
              shopPath={`/products/${encodeURIComponent(data.handle)}`}
            />
            <div className="flex flex-col gap-6">
              <ProductForm
                // A new form for another product (the same page, another address).
                key={data._id}
                product={data}
                initialNotice={created ? 'Product created' : ''}
                busy={saving}
                onSave={(product) => updateProduct({ id, product })}
              />
              <VariantsSection product={data} />
              <VariantStockTable product={data} />
              <Photos product={data} />
              <VariantPhotos product={data} />
            </div>
          </>
        )}
      </QueryState>
    </>
  );
}

function NewProduct() {
  const navigate = useNavigate();
  const [createProduct, { isLoading }] = useCreateProductMutation();
  return (
    <>
      {backLink}
      <PageHeader title="New product">
        It starts as a draft unless you choose otherwise. Photos and stock are added once it is
        created.
      </PageHeader>
      <ProductForm
        busy={isLoading}
        onSave={async (product) => {
          const result = await createProduct(product);
          if ('data' in result && result.data) {
            notify(`${result.data.name} created`, 'success');
            await navigate(`/admin/products/${encodeURIComponent(result.data._id)}`, {
              replace: true,
              state: { created: true },
            });
          }
          return result;
        }}
      />
    </>
  );
}

/** /admin/products/new and /admin/products/:id: the product's fields, stock and photos. */
export default function ProductEditorPage() {
  const { id } = useParams();
  return id ? <EditProduct id={id} /> : <NewProduct />;
}

import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PRODUCT_STATUSES } from '@shop/shared/admin-catalog';
import type { ProductStatus } from '@shop/shared/admin-catalog';
import { ButtonLink } from '../../../components/ui/button-link';
import { fieldInputClass } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { useGetAdminProductsQuery } from '../api/catalog-api';
import { CATEGORY_LABELS, PRODUCT_STATUS_LABELS } from '../catalog-format';
import { AdminPager } from '../components/admin-pager';
import { AdminTable, cellClass, wrappingCellClass } from '../components/admin-table';
import { EmptyState, QueryState } from '../components/query-state';
import { SearchForm } from '../components/search-form';
import { dollars, pageFrom } from '../format';
import { useListParams } from '../hooks/use-list-params';
import { ExportCsvButton } from './export-csv-button';
import { ProductStatusBadge } from './product-status-badge';

const isStatus = (value: string | null): value is ProductStatus =>
  (PRODUCT_STATUSES as readonly (string | null)[]).includes(value);

const linkClass =
  'font-semibold text-terracotta-700 underline underline-offset-4 hover:text-terracotta-800';

/** A small square of the main photo, or an empty square saying there is none. */
function Thumbnail({ src, name }: { src: string; name: string }) {
  if (!src) {
    return (
      <span className="flex size-12 items-center justify-center rounded-lg border border-dashed border-sand-300 text-[0.6rem] text-ink-muted">
        No photo
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={name}
      width={48}
      height={48}
      loading="lazy"
      className="size-12 rounded-lg bg-sand-100 object-cover"
    />
  );
}

/** /admin/products?status=&q=&page=: the catalog, every status, filters in the address. */
export default function ProductsPage() {
  const statusId = useId();
  const [params] = useSearchParams();
  const { setParam, hrefForPage } = useListParams();
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const q = params.get('q')?.trim() || undefined;
  const page = pageFrom(params.get('page'));
  const { data, isFetching, isLoading, error, refetch } = useGetAdminProductsQuery({
    status,
    q,
    page,
  });

  return (
    <>
      <PageHeader title="Products">
        Drafts and archived products are seen only here; shoppers see the published ones.
      </PageHeader>
      <div className="mb-6 flex flex-wrap items-start gap-3">
        <ButtonLink to="/admin/products/new">New product</ButtonLink>
        <ButtonLink to="/admin/products/import" variant="secondary">
          Import CSV
        </ButtonLink>
        <ExportCsvButton />
      </div>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1.5 sm:w-56">
          <label htmlFor={statusId} className="text-sm font-semibold">
            Status
          </label>
          <select
            id={statusId}
            value={status ?? ''}
            onChange={(event) => setParam('status', event.target.value)}
            className={fieldInputClass}
          >
            <option value="">All statuses</option>
            {PRODUCT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {PRODUCT_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <SearchForm
          label="Search by name or handle"
          defaultValue={q ?? ''}
          onSearch={(text) => setParam('q', text)}
        />
      </div>
      <QueryState
        isLoading={isLoading}
        error={error}
        loadingLabel="Loading products…"
        onRetry={refetch}
      >
        {data && data.products.length === 0 && (
          <EmptyState title="No products">
            {status || q ? (
              'No product matches these filters.'
            ) : (
              <>
                Add one with{' '}
                <Link to="/admin/products/new" className={linkClass}>
                  New product
                </Link>{' '}
                or import a CSV file.
              </>
            )}
          </EmptyState>
        )}
        {data && data.products.length > 0 && (
          <div aria-busy={isFetching || undefined}>
            <AdminTable
              caption="Products"
              columns={['Photo', 'Name', 'Handle', 'Category', 'Price', 'Status', 'Available']}
              rightAligned={['Price', 'Available']}
            >
              {data.products.map((product) => (
                <tr key={product._id} className="hover:bg-sand-50">
                  <td className={`${cellClass} py-2`}>
                    <Thumbnail src={product.image} name={product.name} />
                  </td>
                  <th scope="row" className={`${wrappingCellClass} min-w-40`}>
                    <Link
                      to={`/admin/products/${encodeURIComponent(product._id)}`}
                      className={linkClass}
                    >
                      {product.name}
                    </Link>
                  </th>
                  <td
                    className={`${wrappingCellClass} max-w-60 min-w-44 font-mono text-xs break-all`}
                  >
                    {product.handle}
                  </td>
                  <td className={cellClass}>{CATEGORY_LABELS[product.category]}</td>
                  <td className={`${cellClass} text-right tabular-nums`}>
                    {dollars(product.price)}
                  </td>
                  <td className={cellClass}>
                    <ProductStatusBadge status={product.status} />
                  </td>
                  <td className={`${cellClass} text-right tabular-nums`}>{product.available}</td>
                </tr>
              ))}
            </AdminTable>
          </div>
        )}
        {data && <AdminPager paged={data} hrefFor={hrefForPage} label="Pages of products" />}
      </QueryState>
    </>
  );
}

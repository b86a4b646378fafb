import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageHeader } from '../../../components/ui/page-header';
import { useGetAdminCollectionsQuery } from '../api/collections-api';
import { AdminTable, cellClass, wrappingCellClass } from '../components/admin-table';
import { EmptyState, QueryState } from '../components/query-state';
import { formatWhen } from '../format';
import { ProductStatusBadge } from '../products/product-status-badge';

const linkClass =
  'font-semibold text-terracotta-700 underline underline-offset-4 hover:text-terracotta-800';

/** /admin/collections: every collection, drafts too, by name. */
export default function CollectionsPage() {
  const { data, isFetching, isLoading, error, refetch } = useGetAdminCollectionsQuery();
  return (
    <>
      <PageHeader title="Collections">
        Groups of products of your own, each at its own address in the shop; the ones you show in
        the menu appear in the shop’s header.
      </PageHeader>
      <div className="mb-6">
        <ButtonLink to="/admin/collections/new">New collection</ButtonLink>
      </div>
      <QueryState
        isLoading={isLoading}
        error={error}
        loadingLabel="Loading collections…"
        onRetry={refetch}
      >
        {data && data.collections.length === 0 && (
          <EmptyState title="No collections">
            Make one with{' '}
            <Link to="/admin/collections/new" className={linkClass}>
              New collection
            </Link>
            .
          </EmptyState>
        )}
        {data && data.collections.length > 0 && (
          <div aria-busy={isFetching || undefined}>
            <AdminTable
              caption="Collections"
              columns={['Name', 'Handle', 'Status', 'In menu', 'Products', 'Updated']}
              rightAligned={['Products']}
            >
              {data.collections.map((collection) => (
                <tr key={collection._id} className="hover:bg-sand-50">
                  <th scope="row" className={`${wrappingCellClass} min-w-40`}>
                    <Link
                      to={`/admin/collections/${encodeURIComponent(collection._id)}`}
                      className={linkClass}
                    >
                      {collection.name}
                    </Link>
                  </th>
                  <td className={`${wrappingCellClass} min-w-40 font-mono text-xs break-all`}>
                    {collection.handle}
                  </td>
                  <td className={cellClass}>
                    <ProductStatusBadge status={collection.status} />
                  </td>
                  <td className={cellClass}>
                    {collection.showInMenu ? `Yes (position ${collection.menuPosition})` : 'No'}
                  </td>
                  <td className={`${cellClass} text-right tabular-nums`}>
                    {collection.productCount}
                  </td>
                  <td className={cellClass}>{formatWhen(collection.updatedAt)}</td>
                </tr>
              ))}
            </AdminTable>
          </div>
        )}
      </QueryState>
    </>
  );
}

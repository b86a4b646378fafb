import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_STATUSES } from '@shop/shared/orders';
import type { OrderStatus } from '@shop/shared/orders';
import { fieldInputClass } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { useGetAdminOrdersQuery } from '../api/admin-api';
import { AdminPager } from '../components/admin-pager';
import { AdminTable, cellClass } from '../components/admin-table';
import { EmptyState, QueryState } from '../components/query-state';
import { SearchForm } from '../components/search-form';
import { OrderNumberCell } from '../components/order-number-cell';
import { StatusBadge } from '../components/status-badge';
import { STATUS_LABELS, dollars, formatWhen, pageFrom } from '../format';
import { useListParams } from '../hooks/use-list-params';

const isStatus = (value: string | null): value is OrderStatus =>
  (ORDER_STATUSES as readonly (string | null)[]).includes(value);

/** /admin/orders?status=&q=&page=: the filters live in the address, so back and forward work. */
export default function OrdersPage() {
  const statusId = useId();
  const [params] = useSearchParams();
  const { setParam, hrefForPage } = useListParams();
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const q = params.get('q')?.trim() || undefined;
  const page = pageFrom(params.get('page'));
  const { data, isFetching, isLoading, error, refetch } = useGetAdminOrdersQuery({
    status,
    q,
    page,
  });

  return (
    <>
      <PageHeader title="Orders" />
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
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <SearchForm
          label="Search by order number, e-mail or name"
          defaultValue={q ?? ''}
          onSearch={(text) => setParam('q', text)}
        />
      </div>
      <QueryState
        isLoading={isLoading}
        error={error}
        loadingLabel="Loading orders…"
        onRetry={refetch}
      >
        {data && data.orders.length === 0 && (
          <EmptyState title="No orders">
            {status || q ? 'No order matches these filters.' : 'Orders will be listed here.'}
          </EmptyState>
        )}
        {data && data.orders.length > 0 && (
          <div aria-busy={isFetching || undefined}>
            <AdminTable
              caption="Orders, newest first"
              columns={['Order', 'Date', 'Customer', 'E-mail', 'Status', 'Total', 'Items']}
              rightAligned={['Total', 'Items']}
            >
              {data.orders.map((order) => (
                <tr key={order._id} className="hover:bg-sand-50">
                  <OrderNumberCell order={order} />
                  <td className={cellClass}>{formatWhen(order.createdAt)}</td>
                  <td className={cellClass}>{order.customerName}</td>
                  <td className={cellClass}>{order.email}</td>
                  <td className={cellClass}>
                    <StatusBadge status={order.status} />
                  </td>
                  <td className={`${cellClass} text-right tabular-nums`}>
                    {dollars(order.totalPrice)}
                  </td>
                  <td className={`${cellClass} text-right tabular-nums`}>{order.itemsCount}</td>
                </tr>
              ))}
            </AdminTable>
          </div>
        )}
        {data && <AdminPager paged={data} hrefFor={hrefForPage} label="Pages of orders" />}
      </QueryState>
    </>
  );
}

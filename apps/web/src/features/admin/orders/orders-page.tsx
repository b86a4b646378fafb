import { useId, useState } from 'react';
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
import { STATUS_LABELS, dollars, formatWhen } from '../format';
import { keysetPageFrom, useListParams } from '../hooks/use-list-params';
import { OrderListActions } from './order-documents-actions';

const isStatus = (value: string | null): value is OrderStatus =>
  (ORDER_STATUSES as readonly (string | null)[]).includes(value);

/** A day from the address ('YYYY-MM-DD'), or nothing. */
const dayFrom = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;

/** One of the date range's fields: a day, kept in the address as the other filters are. */
function DayFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (day: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5 sm:w-44">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        className={fieldInputClass}
      />
    </div>
  );
}

/**
 * /admin/orders?status=&q=&from=&to=&page=&after=|before=: the filters and the page (its number
 * and cursor, decision 053) live in the address, so back and forward work. Orders chosen with
 * the boxes (on any page) get their packing slips printed or invoices downloaded; the CSV is the
 * whole filtered list.
 */
export default function OrdersPage() {
  const statusId = useId();
  const [params] = useSearchParams();
  const { setParam, hrefForPage } = useListParams();
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const q = params.get('q')?.trim() || undefined;
  const from = dayFrom(params.get('from'));
  const to = dayFrom(params.get('to'));
  const paging = keysetPageFrom(params);
  const { data, isFetching, isLoading, error, refetch } = useGetAdminOrdersQuery({
    status,
    q,
    from,
    to,
    ...paging,
  });
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (id: string, on: boolean) =>
    setSelected((ids) =>
      on ? [...ids.filter((known) => known !== id), id] : ids.filter((known) => known !== id),
    );
  const pageIds = data?.orders.map((order) => order._id) ?? [];
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));

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
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end">
        <DayFilter label="From" value={from} onChange={(day) => setParam('from', day)} />
        <DayFilter label="To" value={to} onChange={(day) => setParam('to', day)} />
      </div>
      <OrderListActions
        selected={selected}
        filters={{ status, q, from, to }}
        onClear={() => setSelected([])}
      />
      <QueryState
        isLoading={isLoading}
        error={error}
        loadingLabel="Loading orders…"
        onRetry={refetch}
      >
        {data && data.orders.length === 0 && (
          <EmptyState title="No orders">
            {status || q || from || to
              ? 'No order matches these filters.'
              : 'Orders will be listed here.'}
          </EmptyState>
        )}
        {data && data.orders.length > 0 && (
          <div aria-busy={isFetching || undefined}>
            <AdminTable
              caption="Orders, newest first"
              columns={['Order', 'Date', 'Recipient', 'E-mail', 'Status', 'Total', 'Items']}
              rightAligned={['Total', 'Items']}
              leading={
                <input
                  type="checkbox"
                  aria-label="Choose every order on this page"
                  checked={allOnPage}
                  onChange={(event) =>
                    setSelected((ids) =>
                      event.target.checked
                        ? [...ids.filter((id) => !pageIds.includes(id)), ...pageIds]
                        : ids.filter((id) => !pageIds.includes(id)),
                    )
                  }
                  className="size-5 accent-terracotta-700"
                />
              }
            >
              {data.orders.map((order) => (
                <tr key={order._id} className="hover:bg-sand-50">
                  <td className={cellClass}>
                    <input
                      type="checkbox"
                      aria-label={`Choose order #${order.number}`}
                      checked={selected.includes(order._id)}
                      onChange={(event) => toggle(order._id, event.target.checked)}
                      className="size-5 accent-terracotta-700"
                    />
                  </td>
                  <OrderNumberCell order={order} />
                  <td className={cellClass}>{formatWhen(order.createdAt)}</td>
                  <td className={cellClass}>{order.recipientName}</td>
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

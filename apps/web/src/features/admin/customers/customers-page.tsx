import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { useGetCustomersQuery } from '../api/admin-api';
import { AdminPager } from '../components/admin-pager';
import { AdminTable, cellClass } from '../components/admin-table';
import { EmptyState, QueryState } from '../components/query-state';
import { SearchForm } from '../components/search-form';
import { dollars, formatWhen } from '../format';
import { keysetPageFrom, useListParams } from '../hooks/use-list-params';

/**
 * /admin/customers?q=&page=&after=|before=: accounts and guests (by e-mail), newest first
 * (decision 045), paged at the list's cursors (decision 053).
 */
export default function CustomersPage() {
  const [params] = useSearchParams();
  const { setParam, hrefForPage } = useListParams();
  const q = params.get('q')?.trim() || undefined;
  const paging = keysetPageFrom(params);
  const { data, isLoading, error, refetch } = useGetCustomersQuery({
    q,
    ...paging,
  });

  return (
    <>
      <PageHeader title="Customers" />
      <div className="mb-6 flex sm:max-w-xl">
        <SearchForm
          label="Search by name or e-mail"
          defaultValue={q ?? ''}
          onSearch={(text) => setParam('q', text)}
        />
      </div>
      <QueryState
        isLoading={isLoading}
        error={error}
        loadingLabel="Loading customers…"
        onRetry={refetch}
      >
        {data && data.customers.length === 0 && (
          <EmptyState title="No customers">
            {q ? 'No customer matches this search.' : 'Customers will be listed here.'}
          </EmptyState>
        )}
        {data && data.customers.length > 0 && (
          <AdminTable
            caption="Customers"
            columns={['Name', 'E-mail', 'Customer', 'Orders', 'Spent', 'Since']}
            rightAligned={['Orders', 'Spent']}
          >
            {data.customers.map((customer) => (
              <tr key={customer._id} className="hover:bg-sand-50">
                <th scope="row" className={cellClass}>
                  <Link
                    to={`/admin/customers/${encodeURIComponent(customer._id)}`}
                    className="font-semibold text-terracotta-700 underline underline-offset-4 hover:text-terracotta-800"
                  >
                    {customer.name || customer.email}
                  </Link>
                </th>
                <td className={cellClass}>{customer.email}</td>
                <td className={cellClass}>
                  {customer.guest
                    ? 'Guest'
                    : customer.verified
                      ? 'Registered'
                      : 'Registered, not verified'}
                </td>
                <td className={`${cellClass} text-right tabular-nums`}>{customer.ordersCount}</td>
                <td className={`${cellClass} text-right tabular-nums`}>
                  {dollars(customer.totalSpent)}
                </td>
                <td className={cellClass}>{formatWhen(customer.createdAt, false)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
        {data && <AdminPager paged={data} hrefFor={hrefForPage} label="Pages of customers" />}
      </QueryState>
    </>
  );
}

import { Link } from 'react-router';
import { last30DaysRange } from '@shop/shared/admin-orders';
import type { LowStockVariant } from '@shop/shared/admin-catalog';
import { PageHeader } from '../../../components/ui/page-header';
import { useGetSummaryQuery } from '../api/admin-api';
import { variantName } from '../catalog-format';
import { AdminTable, cellClass } from '../components/admin-table';
import { EmptyState, QueryState } from '../components/query-state';
import { dollars } from '../format';

const cardClass = 'flex flex-col rounded-2xl border border-sand-200 bg-white p-5';
const linkClass =
  'mt-auto pt-4 text-sm font-semibold text-terracotta-700 underline underline-offset-4 hover:text-terracotta-800';

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** Variants whose available stock is below their threshold, each linked to its product. */
function LowStock({ variants }: { variants: LowStockVariant[] }) {
  return (
    <section aria-labelledby="low-stock" className="mt-8 flex flex-col gap-4">
      <div>
        <h2 id="low-stock" className="text-2xl font-semibold">
          Low stock
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Variants with less available than their threshold (published products and drafts).
        </p>
      </div>
      {variants.length === 0 ? (
        <EmptyState title="Nothing is running low">
          Every variant has at least its threshold available.
        </EmptyState>
      ) : (
        <AdminTable
          caption="Low stock"
          columns={['Product', 'Variant', 'Available', 'Threshold']}
          rightAligned={['Available', 'Threshold']}
        >
          {variants.map((variant) => (
            <tr key={`${variant.product}|${variant.size}|${variant.option}`}>
              <th scope="row" className={cellClass}>
                <Link
                  to={`/admin/products/${encodeURIComponent(variant.product)}`}
                  className="font-semibold text-terracotta-700 underline underline-offset-4 hover:text-terracotta-800"
                >
                  {variant.name}
                </Link>
              </th>
              <td className={cellClass}>
                {variantName({ ...variant, title: variant.variantTitle })}
              </td>
              <td className={`${cellClass} text-right tabular-nums`}>{variant.available}</td>
              <td className={`${cellClass} text-right tabular-nums`}>
                {variant.lowStockThreshold}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

/** /admin: today's and the last 30 days' sales, and what waits to be shipped. */
export default function SummaryPage() {
  const { data, isLoading, error, refetch } = useGetSummaryQuery();
  return (
    <>
      <PageHeader title="Summary" documentTitle="Back office">
        Sales are paid orders less refunds.
      </PageHeader>
      <QueryState
        isLoading={isLoading}
        error={error}
        loadingLabel="Loading the summary…"
        onRetry={refetch}
      >
        {data && (
          <ul className="grid gap-4 sm:grid-cols-3">
            <li className={cardClass}>
              <h2 className="text-sm font-semibold tracking-wider text-ink-muted uppercase">
                Sales today
              </h2>
              <p className="mt-2 text-3xl font-semibold tabular-nums">{dollars(data.salesToday)}</p>
              <p className="text-sm text-ink-muted">{plural(data.ordersToday, 'order')}</p>
              <Link to="/admin/orders" className={linkClass}>
                All orders
              </Link>
            </li>
            <li className={cardClass}>
              <h2 className="text-sm font-semibold tracking-wider text-ink-muted uppercase">
                Last 30 days
              </h2>
              <p className="mt-2 text-3xl font-semibold tabular-nums">
                {dollars(data.sales30Days)}
              </p>
              <p className="text-sm text-ink-muted">{plural(data.orders30Days, 'order')}</p>
              <Link
                to={`/admin/orders?${new URLSearchParams(last30DaysRange(new Date()))}`}
                className={linkClass}
              >
                Orders of these days
              </Link>
            </li>
            <li className={cardClass}>
              <h2 className="text-sm font-semibold tracking-wider text-ink-muted uppercase">
                Awaiting shipment
              </h2>
              <p className="mt-2 text-3xl font-semibold tabular-nums">{data.awaitingShipment}</p>
              <p className="text-sm text-ink-muted">paid, not yet shipped</p>
              <Link to="/admin/orders?status=paid" className={linkClass}>
                Paid orders to ship
              </Link>
            </li>
          </ul>
        )}
        {data && <LowStock variants={data.lowStock} />}
      </QueryState>
    </>
  );
}

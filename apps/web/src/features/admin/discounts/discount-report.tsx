import { useId } from 'react';
import { useGetDiscountReportQuery } from '../api/discounts-api';
import { QueryState } from '../components/query-state';
import { dollars } from '../format';

/** What a discount brought in: its paid orders (a refunded order's use still counts). */
export function DiscountReportSection({ id }: { id: string }) {
  const headingId = useId();
  const { data, isLoading, error, refetch } = useGetDiscountReportQuery(id, {
    // Orders are paid and refunded elsewhere: asked again each time it is opened.
    refetchOnMountOrArgChange: true,
  });
  const figures = data && [
    { label: 'Uses', value: String(data.uses) },
    { label: 'Orders', value: String(data.orders) },
    { label: 'Items sold', value: String(data.itemsSold) },
    { label: 'Revenue after discount', value: dollars(data.revenueAfterDiscount) },
    { label: 'Total discounted', value: dollars(data.totalDiscounted) },
    { label: 'Refunds', value: dollars(data.refunded) },
  ];
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        Report
      </h2>
      <p className="-mt-2 text-sm text-ink-muted">Over its paid orders, refunded ones included.</p>
      <QueryState
        isLoading={isLoading}
        error={error}
        loadingLabel="Loading the report…"
        onRetry={refetch}
      >
        {figures && (
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            {figures.map((figure) => (
              <div key={figure.label} className="rounded-xl bg-sand-50 p-3">
                <dt className="text-xs font-semibold tracking-wider text-ink-muted uppercase">
                  {figure.label}
                </dt>
                <dd className="mt-1 text-lg font-semibold tabular-nums">{figure.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </QueryState>
    </section>
  );
}

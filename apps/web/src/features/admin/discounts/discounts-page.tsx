import { Link } from 'react-router';
import type { AdminDiscount } from '@shop/shared/admin-discounts';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageHeader } from '../../../components/ui/page-header';
import { useGetAdminDiscountsQuery } from '../api/discounts-api';
import { AdminTable, cellClass, wrappingCellClass } from '../components/admin-table';
import { EmptyState, QueryState } from '../components/query-state';
import { useIsOwner } from '../hooks/use-back-office-session';
import { DiscountStatusBadge } from './discount-status-badge';
import { discountAmountInWords, discountKindOf, formatShopDateTime } from './discount-format';

const linkClass =
  'font-semibold text-terracotta-700 underline underline-offset-4 hover:text-terracotta-800';

const KIND_LABELS = { code: 'Code', automatic: 'Automatic', bulk: 'Single-use codes' } as const;

function dates(discount: AdminDiscount): string {
  const { startsAt, endsAt } = discount;
  if (startsAt && endsAt) return `${formatShopDateTime(startsAt)} – ${formatShopDateTime(endsAt)}`;
  if (startsAt) return `From ${formatShopDateTime(startsAt)}`;
  if (endsAt) return `Until ${formatShopDateTime(endsAt)}`;
  return 'No end';
}

/** /admin/discounts: every discount, newest first; the owner makes new ones. */
export default function DiscountsPage() {
  const isOwner = useIsOwner();
  const { data, isFetching, isLoading, error, refetch } = useGetAdminDiscountsQuery(undefined, {
    // Uses and statuses change with checkouts and time: asked again each time it is opened.
    refetchOnMountOrArgChange: true,
  });
  return (
    <>
      <PageHeader title="Discounts">
        Codes shoppers type at checkout and discounts that apply by themselves; one per order, the
        one that saves the most.
        {!isOwner && ' Only the shop’s owner creates and changes them.'}
      </PageHeader>
      {isOwner && (
        <div className="mb-6">
          <ButtonLink to="/admin/discounts/new">Create discount</ButtonLink>
        </div>
      )}
      <QueryState
        isLoading={isLoading}
        error={error}
        loadingLabel="Loading discounts…"
        onRetry={refetch}
      >
        {data && data.discounts.length === 0 && (
          <EmptyState title="No discounts yet">
            {isOwner ? (
              <>
                Make one with{' '}
                <Link to="/admin/discounts/new" className={linkClass}>
                  Create discount
                </Link>
                .
              </>
            ) : (
              'The shop’s owner has not made any.'
            )}
          </EmptyState>
        )}
        {data && data.discounts.length > 0 && (
          <div aria-busy={isFetching || undefined}>
            <AdminTable
              caption="Discounts"
              columns={['Discount', 'Type', 'Amount', 'Status', 'Uses / limit', 'Dates']}
              rightAligned={['Uses / limit']}
            >
              {data.discounts.map((discount) => (
                <tr key={discount._id} className="hover:bg-sand-50">
                  <th scope="row" className={`${wrappingCellClass} min-w-40`}>
                    <Link
                      to={`/admin/discounts/${encodeURIComponent(discount._id)}`}
                      className={`${linkClass} break-all`}
                    >
                      {discount.title}
                    </Link>
                    {discount.code && discount.code !== discount.title && (
                      <span className="mt-1 block font-mono text-xs break-all text-ink-muted">
                        {discount.code}
                      </span>
                    )}
                  </th>
                  <td className={cellClass}>
                    {KIND_LABELS[discountKindOf(discount)]}
                    {discountKindOf(discount) === 'bulk' && ` (${discount.codesCount})`}
                  </td>
                  <td className={cellClass}>{discountAmountInWords(discount)}</td>
                  <td className={cellClass}>
                    <DiscountStatusBadge status={discount.status} />
                  </td>
                  <td className={`${cellClass} text-right tabular-nums`}>
                    {discount.usedCount} / {discount.usageLimit ?? 'no limit'}
                  </td>
                  <td className={`${wrappingCellClass} min-w-48 text-ink-muted`}>
                    {dates(discount)}
                  </td>
                </tr>
              ))}
            </AdminTable>
          </div>
        )}
      </QueryState>
    </>
  );
}

import { Link, useSearchParams } from 'react-router';
import type { StockMovement } from '@shop/shared/admin-catalog';
import { orderNumber } from '@shop/shared/orders';
import { PageHeader } from '../../../components/ui/page-header';
import { useGetStockMovementsQuery } from '../api/catalog-api';
import { STOCK_REASON_LABELS, signed, variantName } from '../catalog-format';
import { AdminPager } from '../components/admin-pager';
import { AdminTable, cellClass, wrappingCellClass } from '../components/admin-table';
import { EmptyState, QueryState } from '../components/query-state';
import { actorName, formatWhen, pageFrom } from '../format';
import { useListParams } from '../hooks/use-list-params';

const linkClass =
  'font-semibold text-terracotta-700 underline underline-offset-4 hover:text-terracotta-800';
const numberCell = `${cellClass} text-right tabular-nums`;

const timeOnly = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
/** '3:04 PM' under the date, which keeps the ledger's widest column narrow. */
const timeOf = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timeOnly.format(date);
};

/** A product id as the API takes it (anything else in the address is left out of the request). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who moved the stock: an order (its checkout, payment or refund), a person, or the shop. */
function Who({ movement }: { movement: StockMovement }) {
  if (movement.orderId) {
    return (
      <Link to={`/admin/orders/${encodeURIComponent(movement.orderId)}`} className={linkClass}>
        Order {orderNumber(movement.orderId)}
      </Link>
    );
  }
  return <>{actorName(movement.actor)}</>;
}

/** /admin/stock/movements?product=&page=: the stock ledger, newest first. */
export default function MovementsPage() {
  const [params] = useSearchParams();
  const { hrefForPage } = useListParams();
  const rawProduct = params.get('product') ?? '';
  const product = UUID.test(rawProduct) ? rawProduct : undefined;
  const page = pageFrom(params.get('page'));
  const { data, isFetching, isLoading, error, refetch } = useGetStockMovementsQuery({
    product,
    page,
  });
  const productName = product ? data?.movements[0]?.productName : undefined;

  return (
    <>
      <PageHeader
        title="Stock movements"
        documentTitle={productName ? `Stock movements: ${productName}` : 'Stock movements'}
      >
        Every change of stock, newest first: deliveries and corrections, checkouts holding and
        releasing units, sales and refunds.
      </PageHeader>
      {product && (
        <div className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <p>
            Showing one product
            {productName ? (
              <>
                : <strong>{productName}</strong>
              </>
            ) : null}
            .
          </p>
          <Link to={`/admin/products/${encodeURIComponent(product)}`} className={linkClass}>
            Edit the product
          </Link>
          <Link to="/admin/stock/movements" className={linkClass}>
            All products
          </Link>
        </div>
      )}
      <QueryState
        isLoading={isLoading}
        error={error}
        loadingLabel="Loading stock movements…"
        onRetry={refetch}
      >
        {data && data.movements.length === 0 && (
          <EmptyState title="No stock movements">
            {product
              ? 'This product’s stock has not changed yet.'
              : 'Deliveries, corrections and sales will be listed here.'}
          </EmptyState>
        )}
        {data && data.movements.length > 0 && (
          <div aria-busy={isFetching || undefined}>
            <AdminTable
              caption="Stock movements, newest first"
              columns={[
                'When',
                'Product',
                'Variant',
                'Change',
                'Held change',
                'Reason',
                'Who',
                'Note',
                'On hand after',
              ]}
              rightAligned={['Change', 'Held change', 'On hand after']}
            >
              {data.movements.map((movement) => (
                <tr key={movement._id} className="hover:bg-sand-50">
                  <td className={cellClass}>
                    <time dateTime={movement.at}>
                      {formatWhen(movement.at, false)}
                      <span className="block text-ink-muted">{timeOf(movement.at)}</span>
                    </time>
                  </td>
                  <th scope="row" className={`${wrappingCellClass} min-w-40`}>
                    <Link
                      to={`/admin/products/${encodeURIComponent(movement.product)}`}
                      className={linkClass}
                    >
                      {movement.productName}
                    </Link>
                  </th>
                  <td className={cellClass}>
                    {variantName({ ...movement, title: movement.variantTitle })}
                  </td>
                  <td className={numberCell}>{signed(movement.change)}</td>
                  <td className={numberCell}>{signed(movement.heldChange)}</td>
                  <td className={`${wrappingCellClass} min-w-32`}>
                    {STOCK_REASON_LABELS[movement.reason]}
                  </td>
                  <td className={cellClass}>
                    <Who movement={movement} />
                  </td>
                  <td className={`${wrappingCellClass} min-w-40 break-words`}>
                    {movement.note ?? ''}
                  </td>
                  <td className={numberCell}>{movement.onHandAfter}</td>
                </tr>
              ))}
            </AdminTable>
          </div>
        )}
        {data && <AdminPager paged={data} hrefFor={hrefForPage} label="Pages of stock movements" />}
      </QueryState>
    </>
  );
}

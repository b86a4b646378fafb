import { Link } from 'react-router';
import { orderNumber, type Order } from '@shop/shared/orders';
import { formatPrice, toCents } from '@shop/shared/money';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button-link';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-error';
import { OrderStatusLabel } from '../../orders';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function ShortDate({ iso }: { iso: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{iso}</>;
  return <time dateTime={iso}>{dateFormat.format(date)}</time>;
}

const cellClass = 'px-3 py-3 whitespace-nowrap lg:px-4';

function OrderLink({ order }: { order: Order }) {
  // The number the mails and the order page show.
  const short = orderNumber(order._id);
  return (
    <Link
      to={`/order/${encodeURIComponent(order._id)}`}
      aria-label={`Order #${short}`}
      className="font-mono font-semibold text-terracotta-700 underline underline-offset-4 hover:text-terracotta-800"
    >
      #{short}
    </Link>
  );
}

function PaidOn({ order }: { order: Order }) {
  return order.paidAt ? <ShortDate iso={order.paidAt} /> : <>Yes</>;
}

/** Refunded in full or cancelled: nothing more is on its way. */
const isClosed = (order: Order) => order.status === 'refunded' || order.status === 'cancelled';

function DeliveredOn({ order }: { order: Order }) {
  if (!order.isDelivered)
    return <span className="text-ink-muted">{isClosed(order) ? 'No' : 'Not yet'}</span>;
  return order.deliveredAt ? <ShortDate iso={order.deliveredAt} /> : <>Yes</>;
}

type MyOrdersTableProps = {
  paidOrders: Order[] | undefined;
  isLoading: boolean;
  error: unknown;
};

/** The Orders List tab: the user's paid orders, each linking to its page. */
export function MyOrdersTable({ paidOrders, isLoading, error }: MyOrdersTableProps) {
  if (isLoading) return <Spinner label="Loading your orders…" />;
  if (error) return <Alert variant="danger">{errorMessage(error)}</Alert>;
  if (!paidOrders || paidOrders.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-3xl border border-dashed border-sand-300 bg-sand-100/60 px-6 py-12 text-center">
        <p className="font-display text-2xl font-semibold">No Orders</p>
        <p className="mt-2 text-ink-muted">Your paid orders will be listed here.</p>
        <ButtonLink to="/" className="mt-6">
          Shop the collection
        </ButtonLink>
      </div>
    );
  }
  return (
    <>
      {/* Phones: one card per order. */}
      <ul aria-label="Your paid orders" className="flex flex-col gap-3 sm:hidden">
        {paidOrders.map((order) => (
          <li key={order._id} className="rounded-2xl border border-sand-200 bg-white p-4">
            <div className="flex items-baseline justify-between gap-3">
              <OrderLink order={order} />
              <span className="font-semibold tabular-nums">
                {formatPrice(toCents(order.totalPrice))}
              </span>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-xs tracking-wider text-ink-muted uppercase">Date</dt>
                <dd>
                  <ShortDate iso={order.createdAt} />
                </dd>
              </div>
              <div>
                <dt className="text-xs tracking-wider text-ink-muted uppercase">Status</dt>
                <dd>
                  <OrderStatusLabel status={order.status} small />
                </dd>
              </div>
              <div>
                <dt className="text-xs tracking-wider text-ink-muted uppercase">Paid</dt>
                <dd>
                  <PaidOn order={order} />
                </dd>
              </div>
              <div>
                <dt className="text-xs tracking-wider text-ink-muted uppercase">Delivered</dt>
                <dd>
                  <DeliveredOn order={order} />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>

      {/* Wider screens: a table. */}
      <div className="hidden overflow-x-auto rounded-2xl border border-sand-200 bg-white sm:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Your paid orders</caption>
          <thead className="bg-sand-100 text-xs tracking-wider text-ink-muted uppercase">
            <tr>
              <th scope="col" className={cellClass}>
                Order
              </th>
              <th scope="col" className={cellClass}>
                Date
              </th>
              <th scope="col" className={`${cellClass} text-right`}>
                Total
              </th>
              <th scope="col" className={cellClass}>
                Status
              </th>
              <th scope="col" className={cellClass}>
                Paid
              </th>
              <th scope="col" className={cellClass}>
                Delivered
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-sand-200">
            {paidOrders.map((order) => (
              <tr key={order._id} className="hover:bg-sand-50">
                <th scope="row" className={`${cellClass} font-semibold`}>
                  <OrderLink order={order} />
                </th>
                <td className={cellClass}>
                  <ShortDate iso={order.createdAt} />
                </td>
                <td className={`${cellClass} text-right tabular-nums`}>
                  {formatPrice(toCents(order.totalPrice))}
                </td>
                <td className={cellClass}>
                  <OrderStatusLabel status={order.status} small />
                </td>
                <td className={cellClass}>
                  <PaidOn order={order} />
                </td>
                <td className={cellClass}>
                  <DeliveredOn order={order} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

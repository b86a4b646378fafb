import type { Order } from '@shop/shared/orders';
import { formatPrice, toCents } from '@shop/shared/money';
import { Alert } from '../../../components/ui/alert';
import { TrackingNumber, parcelItemsInWords } from '../../../components/ui/tracking-number';
import { formatDateTime } from '../order-dates';

/** 'Paid on …', or why not: waiting for the payment, cancelled or expired (nothing charged). */
export function PaymentStatus({ order }: { order: Order }) {
  if (order.isPaid) {
    const when = formatDateTime(order.paidAt);
    const refunded = order.refundedPrice > 0 ? formatPrice(toCents(order.refundedPrice)) : '';
    return (
      <>
        <Alert variant="success">{when ? `Paid on ${when}` : 'Paid'}</Alert>
        {order.status === 'cancelled' && (
          <Alert variant="info">
            <strong>Cancelled</strong>
            {refunded && `: ${refunded} refunded to your card`}.
          </Alert>
        )}
        {order.status !== 'cancelled' && refunded && (
          <Alert variant="info">{refunded} refunded to your card.</Alert>
        )}
      </>
    );
  }
  if (order.status === 'cancelled' || order.status === 'expired') {
    return (
      <Alert variant="info">
        <strong>Not paid</strong>: the checkout was{' '}
        {order.status === 'cancelled' ? 'cancelled' : 'not completed in time'}. Nothing was charged.
      </Alert>
    );
  }
  return (
    <Alert variant="info">
      <strong>Not paid yet</strong>. If you have just paid, the confirmation can take a moment: this
      page updates by itself.
    </Alert>
  );
}

/**
 * The parcels sent: when, with which carrier, the tracking number (a link to the carrier's
 * tracking page when there is one), what each holds, and whether it has arrived.
 */
function Shipments({ order }: { order: Order }) {
  if (order.shipments.length === 0) return null;
  return (
    <ul aria-label="Shipments" className="flex flex-col gap-2">
      {order.shipments.map((parcel) => {
        const when = formatDateTime(parcel.shippedAt);
        const arrived = parcel.deliveredAt ? formatDateTime(parcel.deliveredAt) : '';
        return (
          <li key={parcel._id} className="rounded-2xl bg-sand-100 px-4 py-3">
            <p className="font-semibold">{when ? `Shipped on ${when}` : 'Shipped'}</p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="text-ink-muted">Carrier</dt>
              <dd>{parcel.carrier}</dd>
              <dt className="text-ink-muted">Tracking number</dt>
              <dd className="wrap-anywhere">
                <TrackingNumber parcel={parcel} />
              </dd>
              {parcel.items.length > 0 && (
                <>
                  <dt className="text-ink-muted">Items</dt>
                  <dd>{parcelItemsInWords(parcel.items)}</dd>
                </>
              )}
              {parcel.note && (
                <>
                  <dt className="text-ink-muted">Note</dt>
                  <dd className="wrap-anywhere whitespace-pre-line">{parcel.note}</dd>
                </>
              )}
            </dl>
            {parcel.deliveredAt && (
              <p className="mt-1 text-sm font-semibold text-success">
                {arrived ? `Delivered on ${arrived}` : 'Delivered'}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** 'Delivered on …', the parcels on their way (some or all), or 'Not delivered'. */
export function DeliveryStatus({ order }: { order: Order }) {
  if (order.isDelivered) {
    const when = formatDateTime(order.deliveredAt);
    return (
      <>
        <Alert variant="success">{when ? `Delivered on ${when}` : 'Delivered'}</Alert>
        <Shipments order={order} />
      </>
    );
  }
  if (order.status === 'partially_shipped')
    return (
      <>
        <Alert variant="info">
          <strong>Partly shipped</strong>: some items are on their way; the rest follow in another
          parcel.
        </Alert>
        <Shipments order={order} />
      </>
    );
  if (order.shipments.length > 0)
    return (
      <>
        <Alert variant="info">
          <strong>Shipped</strong>: on its way to you.
        </Alert>
        <Shipments order={order} />
      </>
    );
  return <Alert variant="info">Not delivered</Alert>;
}

import type { AdminOrder } from '@shop/shared/admin-orders';
import { Button } from '../../../components/ui/button';
import { TrackingNumber, parcelItemsInWords } from '../../../components/ui/tracking-number';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useDeliverParcelMutation } from '../api/admin-api';
import { formatWhen } from '../format';

type Parcel = AdminOrder['shipments'][number];

/** One parcel's 'Mark delivered': its arrival, told to the customer on their order page. */
function DeliverParcelButton({ order, parcel }: { order: AdminOrder; parcel: Parcel }) {
  const [deliverParcel, { isLoading }] = useDeliverParcelMutation();
  return (
    <Button
      variant="secondary"
      className="mt-2"
      aria-label={`Mark the ${parcel.carrier} parcel ${parcel.trackingNumber} delivered`}
      disabled={isLoading}
      onClick={async () => {
        const result = await deliverParcel({ id: order._id, shipmentId: parcel._id });
        if ('error' in result) return notify(errorMessage(result.error), 'error');
        notify(`Parcel ${parcel.trackingNumber} marked delivered`, 'success');
      }}
    >
      Mark delivered
    </Button>
  );
}

/** The order's parcels: carrier, tracking link, items, note, and each one's delivery. */
export function Parcels({ order }: { order: AdminOrder }) {
  if (order.shipments.length === 0) return <p className="text-ink-muted">Not shipped yet.</p>;
  return (
    <ul aria-label="Parcels" className="flex flex-col gap-4">
      {order.shipments.map((parcel) => (
        <li key={parcel._id} className="border-l-2 border-sand-300 pl-3">
          <span className="font-semibold">{parcel.carrier}</span> <TrackingNumber parcel={parcel} />
          <span className="block text-ink-muted">Shipped {formatWhen(parcel.shippedAt)}</span>
          {parcel.items.length > 0 && (
            <span className="block">{parcelItemsInWords(parcel.items)}</span>
          )}
          {parcel.note && (
            <span className="block break-words whitespace-pre-line text-ink-muted">
              Note: {parcel.note}
            </span>
          )}
          {parcel.deliveredAt ? (
            <span className="block font-semibold text-success">
              Delivered {formatWhen(parcel.deliveredAt)}
            </span>
          ) : (
            order.status !== 'cancelled' && <DeliverParcelButton order={order} parcel={parcel} />
          )}
        </li>
      ))}
    </ul>
  );
}

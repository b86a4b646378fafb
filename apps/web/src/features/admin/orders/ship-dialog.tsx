import { useId, useState } from 'react';
import type { AdminOrder } from '@shop/shared/admin-orders';
import { shipOrderRequestSchema } from '@shop/shared/admin-orders';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useShipOrderMutation } from '../api/admin-api';
import { ActionDialog } from '../components/action-dialog';
import { TrackingNumberField } from './line-units-field';

/** Ship: the carrier and tracking number of the parcel, then the order is marked shipped. */
export function ShipDialog({ order }: { order: AdminOrder }) {
  const id = useId();
  const [shipOrder, { isLoading }] = useShipOrderMutation();
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  return (
    <ActionDialog
      triggerLabel="Ship"
      triggerVariant="primary"
      title={`Ship order #${order.number}`}
      description={
        <p>
          The order will be marked shipped with this carrier and tracking number, which the customer
          can then see on their order.
        </p>
      }
      confirmLabel="Mark shipped"
      busy={isLoading}
      onOpen={() => {
        setCarrier('');
        setTrackingNumber('');
      }}
      onConfirm={async () => {
        const parsed = shipOrderRequestSchema.safeParse({ carrier, trackingNumber });
        if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Please check the fields';
        const result = await shipOrder({ id: order._id, ...parsed.data });
        if ('error' in result) return errorMessage(result.error);
        notify(`Order #${order.number} marked shipped`, 'success');
        return null;
      }}
    >
      <TextField
        id={`${id}-carrier`}
        label="Carrier"
        value={carrier}
        onChange={(event) => setCarrier(event.target.value)}
        maxLength={60}
        autoComplete="off"
      />
      <TrackingNumberField
        id={`${id}-tracking`}
        value={trackingNumber}
        onChange={setTrackingNumber}
      />
    </ActionDialog>
  );
}

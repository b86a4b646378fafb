import { useId, useState } from 'react';
import { shipOrderRequestSchema, type AdminOrder } from '@shop/shared/admin-orders';
import { CARRIERS, OTHER_CARRIER } from '@shop/shared/parcels';
import { Field, fieldInputClass } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useShipOrderMutation } from '../api/admin-api';
import { ActionDialog } from '../components/action-dialog';
import { LineUnitsField, TrackingNumberField } from './line-units-field';
import { variantLabel } from './refund-lines';

/**
 * Ship items: one parcel of some lines or some units of a line (those neither shipped nor
 * refunded), with its carrier, tracking number (a URL for a carrier without a template) and an
 * optional note for the customer. The order is partly shipped until every unit is.
 */
export function ShipItemsDialog({ order }: { order: AdminOrder }) {
  const id = useId();
  const [shipOrder, { isLoading }] = useShipOrderMutation();
  const [units, setUnits] = useState<number[]>([]);
  const [carrier, setCarrier] = useState<string>(CARRIERS[0]);
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const [note, setNote] = useState('');
  const isOther = carrier === OTHER_CARRIER;
  return (
    <ActionDialog
      triggerLabel="Ship items"
      title={`Ship items of order #${order.number}`}
      description={
        <p>
          Choose what goes in this parcel. The customer gets a mail with these items and the
          tracking link; the order is partly shipped until every item is in a parcel or refunded.
        </p>
      }
      confirmLabel="Ship parcel"
      busy={isLoading}
      onOpen={() => {
        setUnits(order.unitsToShip.map(() => 0));
        setCarrier(CARRIERS[0]);
        setTrackingNumber('');
        setTrackingUrl('');
        setNote('');
      }}
      onConfirm={async () => {
        const items = order.lineIds
          .map((line, index) => ({ line, qty: units[index] ?? 0 }))
          .filter((entry) => entry.qty > 0);
        if (!items.length) return 'Choose at least one item for the parcel';
        const parsed = shipOrderRequestSchema.safeParse({
          carrier,
          trackingNumber,
          ...(isOther ? { trackingUrl } : {}),
          ...(note.trim() ? { note } : {}),
          items,
        });
        if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Please check the fields';
        const result = await shipOrder({ id: order._id, ...parsed.data });
        if ('error' in result) return errorMessage(result.error);
        const count = items.reduce((sum, entry) => sum + entry.qty, 0);
        notify(
          `Shipped ${count} item${count === 1 ? '' : 's'} of order #${order.number}`,
          'success',
        );
        return null;
      }}
    >
      <fieldset className="rounded-xl border border-sand-200 bg-white p-4">
        <legend className="px-1 text-sm font-semibold">Items in this parcel</legend>
        <ul className="flex flex-col gap-3">
          {order.orderItems.map((line, index) => {
            const left = order.unitsToShip[index] ?? 0;
            return (
              <LineUnitsField
                key={order.lineIds[index] ?? index}
                id={`${id}-line-${index}`}
                name={line.name}
                detail={[variantLabel(line), `${left} of ${line.qty} to ship`]
                  .filter(Boolean)
                  .join(' · ')}
                max={left}
                disabled={left === 0}
                value={units[index] ?? 0}
                onChange={(qty) => {
                  const next = [...units];
                  next[index] = qty;
                  setUnits(next);
                }}
              />
            );
          })}
        </ul>
      </fieldset>
      <Field id={`${id}-carrier`} label="Carrier">
        <select
          id={`${id}-carrier`}
          value={carrier}
          onChange={(event) => setCarrier(event.target.value)}
          className={fieldInputClass}
        >
          {[...CARRIERS, OTHER_CARRIER].map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </Field>
      <TrackingNumberField
        id={`${id}-tracking`}
        value={trackingNumber}
        onChange={setTrackingNumber}
      />
      {isOther && (
        <TextField
          id={`${id}-url`}
          label="Tracking URL"
          hint="The carrier's page for this parcel, https://…"
          type="url"
          value={trackingUrl}
          onChange={(event) => setTrackingUrl(event.target.value)}
          maxLength={500}
          autoComplete="off"
          spellCheck={false}
        />
      )}
      <Field
        id={`${id}-note`}
        label="Note for the customer (optional)"
        hint="Shown in their mail and on their order page."
      >
        <textarea
          id={`${id}-note`}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={500}
          rows={2}
          aria-describedby={`${id}-note-hint`}
          className={fieldInputClass}
        />
      </Field>
    </ActionDialog>
  );
}

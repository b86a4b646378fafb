import type { Shipment } from '@shop/shared/orders';

/** A parcel's units in words: '2 × Dune Tee (L), 1 × Sadu Tote'. */
export const parcelItemsInWords = (items: Shipment['items']) =>
  items
    .map(
      (item) => `${item.qty} × ${item.name}${item.variantTitle ? ` (${item.variantTitle})` : ''}`,
    )
    .join(', ');

/**
 * A parcel's tracking number: a link to the carrier's tracking page (a new tab) when there is one,
 * else the number as text.
 */
export function TrackingNumber({
  parcel,
}: {
  parcel: Pick<Shipment, 'carrier' | 'trackingNumber' | 'trackingUrl'>;
}) {
  if (!parcel.trackingUrl)
    return <span className="font-mono break-all">{parcel.trackingNumber}</span>;
  return (
    <a
      href={parcel.trackingUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="font-mono font-semibold break-all text-terracotta-700 underline underline-offset-4"
    >
      <span>{parcel.trackingNumber}</span>
      <span className="sr-only"> (track with {parcel.carrier}, opens a new tab)</span>
    </a>
  );
}

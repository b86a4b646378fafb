/**
 * Parcels: the carriers the back office offers, their tracking links, and what remains to ship of
 * an order (decision 042). Pure functions; the API and the storefront use the same ones.
 */

/** The carriers with a tracking-link template; any other carrier gives its own tracking URL. */
export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL'] as const;
export type Carrier = (typeof CARRIERS)[number];
/** The ship dialog's choice for a carrier without a template: it takes a tracking URL. */
export const OTHER_CARRIER = 'Other';

const TEMPLATES: Record<Carrier, (trackingNumber: string) => string> = {
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  UPS: (n) => `https://www.ups.com/track?tracknum=${n}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  DHL: (n) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${n}`,
};

/** One of the four carriers, whatever the case ('ups', 'Fedex'); undefined for any other. */
export function knownCarrier(name: string): Carrier | undefined {
  const wanted = name.trim().toLowerCase();
  return CARRIERS.find((carrier) => carrier.toLowerCase() === wanted);
}

/**
 * A web address a link may lead to: http or https with a host, no spaces (never javascript: or
 * data:). A pattern rather than URL: the shared rules run where no URL global is typed.
 */
export function isWebAddress(value: string): boolean {
  return /^https?:\/\/[a-z0-9.-]+(:\d+)?([/?#][^\s]*)?$/i.test(value);
}

/**
 * Where the buyer follows a parcel: the carrier's template with the tracking number, else the
 * parcel's own tracking URL; null when there is neither.
 */
export function trackingLink(parcel: {
  carrier: string;
  trackingNumber: string;
  trackingUrl?: string | null | undefined;
}): string | null {
  const carrier = knownCarrier(parcel.carrier);
  if (carrier) return TEMPLATES[carrier](encodeURIComponent(parcel.trackingNumber.trim()));
  return parcel.trackingUrl && isWebAddress(parcel.trackingUrl) ? parcel.trackingUrl : null;
}

/** An order line as the remaining-units rule sees it. */
export interface LineUnits {
  /** Units ordered. */
  qty: number;
  /** Units already in parcels. */
  shipped: number;
  /** Units refunded and given back to stock: they no longer need shipping. */
  refunded: number;
}

/** Units of a line still to ship: neither in a parcel nor refunded. */
export const unitsToShip = (line: LineUnits): number =>
  Math.max(0, line.qty - line.shipped - line.refunded);

/** Every unit of the order is in a parcel or refunded. */
export const allUnitsShipped = (lines: readonly LineUnits[]): boolean =>
  lines.every((line) => unitsToShip(line) === 0);

export const PARCEL_MESSAGES = {
  nothingToShip: 'Every unit of this order is already shipped or refunded',
  tooManyUnits: 'A parcel cannot hold more units than remain to ship',
  lineNotInOrder: 'The parcel names an item that is not in this order',
  emptyParcel: 'Choose at least one item for the parcel',
  trackingUrlNeeded: 'Give the tracking URL of a carrier other than USPS, UPS, FedEx or DHL',
  trackingUrlInvalid: 'Tracking URL must be a web address (https://…)',
  parcelNotFound: 'Parcel not found',
  parcelDelivered: 'This parcel is already marked delivered',
  noteAdded: 'Note added',
} as const;

/**
 * The units a parcel takes of each line (by the line's id): the requested ones, or every unit
 * that remains when none are named (the whole order at once). Answers a message when the request
 * names a line not in the order, no unit at all, or more units than remain of a line.
 */
export function parcelContents(
  lines: readonly (LineUnits & { id: string })[],
  requested: readonly { line: string; qty: number }[] | undefined,
): { lines: { id: string; qty: number }[] } | { problem: string } {
  if (requested === undefined) {
    const all = lines
      .map((line) => ({ id: line.id, qty: unitsToShip(line) }))
      .filter((line) => line.qty > 0);
    return all.length ? { lines: all } : { problem: PARCEL_MESSAGES.nothingToShip };
  }
  const wanted = new Map<string, number>();
  for (const entry of requested) {
    if (!lines.some((line) => line.id === entry.line))
      return { problem: PARCEL_MESSAGES.lineNotInOrder };
    wanted.set(entry.line, (wanted.get(entry.line) ?? 0) + entry.qty);
  }
  const chosen = [...wanted].map(([id, qty]) => ({ id, qty })).filter((line) => line.qty > 0);
  if (!chosen.length) return { problem: PARCEL_MESSAGES.emptyParcel };
  for (const entry of chosen) {
    const line = lines.find((candidate) => candidate.id === entry.id);
    if (!line || entry.qty > unitsToShip(line)) return { problem: PARCEL_MESSAGES.tooManyUnits };
  }
  return { lines: chosen };
}

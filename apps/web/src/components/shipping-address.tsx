import type { OrderAddress } from '@shop/shared/addresses';
import { countryName } from '@shop/shared/countries';

/**
 * Who the parcel is for and where (decision 040): the recipient, the phone if one was given, the
 * address, and the country by its English name (an order from before keeps what was typed).
 */
export function ShippingAddress({
  address,
  email,
}: {
  address: OrderAddress;
  /** The order's contact address, shown under the phone. */
  email?: string | undefined;
}) {
  return (
    <address className="leading-relaxed not-italic wrap-anywhere">
      <span className="font-semibold">{address.fullName}</span>
      {address.phone && (
        <>
          <br />
          <a href={`tel:${address.phone}`} className="text-terracotta-700 underline">
            {address.phone}
          </a>
        </>
      )}
      {email && (
        <>
          <br />
          <a href={`mailto:${email}`} className="text-terracotta-700 underline">
            {email}
          </a>
        </>
      )}
      <br />
      {address.address}
      <br />
      {address.city}, {address.state} {address.postalCode}
      <br />
      {countryName(address.country)}
    </address>
  );
}

import type { UseFormRegisterReturn } from 'react-hook-form';
import type { ShippingAddress } from '@shop/shared/orders';
import { TextField } from '../../../components/ui/text-field';

type AddressFieldsProps = {
  /** Prefix of the inputs' ids (unique on the page). */
  idPrefix: string;
  /** react-hook-form's register for one address field. */
  field: (name: keyof ShippingAddress) => UseFormRegisterReturn;
  errors: Partial<Record<keyof ShippingAddress, { message?: string | undefined }>>;
};

/** The delivery address: address, city, state, postal code and country, all required. */
export function AddressFields({ idPrefix, field, errors }: AddressFieldsProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        id={`${idPrefix}-address`}
        label="Address"
        autoComplete="street-address"
        required
        className="sm:col-span-2"
        error={errors.address?.message}
        {...field('address')}
      />
      <TextField
        id={`${idPrefix}-city`}
        label="City"
        autoComplete="address-level2"
        required
        error={errors.city?.message}
        {...field('city')}
      />
      <TextField
        id={`${idPrefix}-state`}
        label="State"
        autoComplete="address-level1"
        required
        error={errors.state?.message}
        {...field('state')}
      />
      <TextField
        id={`${idPrefix}-postalCode`}
        label="Postal code"
        autoComplete="postal-code"
        required
        error={errors.postalCode?.message}
        {...field('postalCode')}
      />
      <TextField
        id={`${idPrefix}-country`}
        label="Country"
        autoComplete="country-name"
        required
        error={errors.country?.message}
        {...field('country')}
      />
    </div>
  );
}

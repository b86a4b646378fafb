import { useFormContext, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import type { AddressInput } from '@shop/shared/addresses';
import { US_STATES, type Country } from '@shop/shared/countries';
import { Field, fieldDescription, fieldInputClass } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';

type AddressFieldsProps = {
  /** Prefix of the inputs' ids (unique on the page). */
  idPrefix: string;
  /** The countries offered, by name (the shop's ship-to countries; ALL_COUNTRIES by default). */
  countries: readonly Country[];
};

type SelectFieldProps = {
  id: string;
  label: string;
  autoComplete: string;
  placeholder: string;
  options: readonly Country[];
  error?: string | undefined;
  registration: UseFormRegisterReturn;
  className?: string;
};

function SelectField({
  id,
  label,
  autoComplete,
  placeholder,
  options,
  error,
  registration,
  className,
}: SelectFieldProps) {
  return (
    <Field id={id} label={label} error={error} className={className}>
      <select
        id={id}
        className={fieldInputClass}
        autoComplete={autoComplete}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescription(id, { error })}
        {...registration}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * Who and where to: the recipient's full name and phone (decision 040), then the spec's address
 * fields, in the form of the FormProvider around it (the address alone, or with the guest's
 * e-mail). Country is a list; in the United States the state is one of its states, elsewhere
 * state and postal code are free text. Every field carries its autofill token.
 */
export function AddressFields({ idPrefix, countries }: AddressFieldsProps) {
  const {
    register: field,
    setValue,
    control,
    formState: { errors },
  } = useFormContext<AddressInput>();
  const inUs = useWatch({ control, name: 'country' }) === 'US';
  const countryField = field('country');
  const onCountryChange: UseFormRegisterReturn['onChange'] = async (event) => {
    const leavesOrEntersUs = ((event.target as HTMLSelectElement).value === 'US') !== inUs;
    await countryField.onChange(event);
    // A state of the United States' list means nothing in another country, and the reverse.
    if (leavesOrEntersUs) setValue('state', '');
  };
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        id={`${idPrefix}-fullName`}
        label="Full name"
        autoComplete="name"
        required
        hint="Who the parcel is for, as the carrier should read it."
        className="sm:col-span-2"
        error={errors.fullName?.message}
        {...field('fullName')}
      />
      <TextField
        id={`${idPrefix}-phone`}
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        hint="Only for the carrier, if they need to reach the recipient."
        className="sm:col-span-2"
        error={errors.phone?.message}
        {...field('phone')}
      />
      <SelectField
        id={`${idPrefix}-country`}
        label="Country"
        autoComplete="country"
        placeholder="Choose a country"
        options={countries}
        error={errors.country?.message}
        registration={{ ...countryField, onChange: onCountryChange }}
        className="sm:col-span-2"
      />
      <TextField
        id={`${idPrefix}-address`}
        label="Address"
        autoComplete="address-line1"
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
      {inUs ? (
        <SelectField
          id={`${idPrefix}-state`}
          label="State"
          autoComplete="address-level1"
          placeholder="Choose a state"
          options={US_STATES}
          error={errors.state?.message}
          registration={field('state')}
        />
      ) : (
        <TextField
          id={`${idPrefix}-state`}
          label="State"
          autoComplete="address-level1"
          required
          error={errors.state?.message}
          {...field('state')}
        />
      )}
      <TextField
        id={`${idPrefix}-postalCode`}
        label="Postal code"
        autoComplete="postal-code"
        inputMode={inUs ? 'numeric' : undefined}
        required
        error={errors.postalCode?.message}
        {...field('postalCode')}
      />
    </div>
  );
}

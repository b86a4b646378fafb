import * as z from 'zod/mini';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { countryCodeOf, countryName, isUsZip, usStateCodeOf } from './countries';
import { singleLineText } from './text';

/**
 * The delivery address of an order: the recipient (full name, optional phone) and the spec's five
 * fields. Country is kept as its ISO 3166-1 alpha-2 code; in the United States the state is kept
 * as its USPS code and the ZIP code is checked (decision 040).
 */

export const FULL_NAME_MAX = 100;

export const ADDRESS_MESSAGES = {
  unknownCountry: 'Please choose a country from the list',
  usState: 'Please choose a state of the United States',
  usZip: 'Please enter a ZIP code of 5 digits (or ZIP+4)',
  phone:
    'Please enter a phone number we can call, with its country code if it is not in the country of the address',
} as const;

const requiredText = (label: string, max = 120) =>
  singleLineText(label, { error: `${label} is required` }).check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `${label} must be at most ${max} characters`),
  );

/** What the shopper types (or a script sends); see shippingAddressSchema for what is kept. */
const addressInputSchema = z.object({
  fullName: requiredText('Full name', FULL_NAME_MAX),
  /** Optional: empty or left out means none. */
  phone: z._default(
    singleLineText('Phone').check(z.trim(), z.maxLength(40, 'Phone must be at most 40 characters')),
    '',
  ),
  address: requiredText('Address', 200),
  city: requiredText('City'),
  state: requiredText('State'),
  postalCode: requiredText('Postal code', 20),
  country: requiredText('Country'),
});
export type AddressInput = z.output<typeof addressInputSchema>;

/** The address as an order keeps it. */
export type ShippingAddress = Omit<AddressInput, 'phone'> & {
  /** E.164 ('+13125550100'); absent when none was given. */
  phone?: string;
};

export type AddressProblem = {
  field: 'phone' | 'state' | 'postalCode' | 'country';
  message: string;
};

/** A phone number in E.164, read with the address's country for numbers written without one. */
export function phoneInE164(text: string, countryCode: string): string | null {
  const phone = parsePhoneNumberFromString(text, {
    defaultCountry: countryCode as CountryCode,
    extract: false,
  });
  // isPossible (the length for the country) rather than isValid (each numbering plan's digits),
  // as the library's author advises: new number ranges are never refused by an old copy.
  return phone?.isPossible() ? phone.number : null;
}

/**
 * The address as kept, or what is wrong with it: the country named by its code, alpha-3 code or
 * English name; in the United States a state of US_STATES and a ZIP of 5 or 9 digits; the phone
 * (if any) in E.164. Elsewhere state and postal code stay as typed.
 */
export function checkAddress(
  input: AddressInput,
): { address: ShippingAddress } | { problems: AddressProblem[] } {
  const country = countryCodeOf(input.country);
  if (!country)
    return { problems: [{ field: 'country', message: ADDRESS_MESSAGES.unknownCountry }] };
  const problems: AddressProblem[] = [];
  let state = input.state;
  let postalCode = input.postalCode;
  if (country === 'US') {
    const code = usStateCodeOf(input.state);
    if (code) state = code;
    else problems.push({ field: 'state', message: ADDRESS_MESSAGES.usState });
    if (isUsZip(input.postalCode))
      postalCode = input.postalCode.replace(/^(\d{5})-?(\d{4})$/, '$1-$2');
    else problems.push({ field: 'postalCode', message: ADDRESS_MESSAGES.usZip });
  }
  const phone = input.phone ? phoneInE164(input.phone, country) : undefined;
  if (phone === null) problems.push({ field: 'phone', message: ADDRESS_MESSAGES.phone });
  if (problems.length) return { problems };
  const { phone: _typed, ...rest } = input;
  return { address: { ...rest, state, postalCode, country, ...(phone ? { phone } : {}) } };
}

/**
 * The delivery address a checkout takes (guest and signed-in alike), checked and normalised by
 * checkAddress; each problem is reported on its field, so the form shows it where it belongs.
 */
export const shippingAddressSchema = z.pipe(
  addressInputSchema,
  z.transform((input, ctx): ShippingAddress => {
    const checked = checkAddress(input);
    if ('address' in checked) return checked.address;
    for (const problem of checked.problems)
      ctx.issues.push({ code: 'custom', message: problem.message, input, path: [problem.field] });
    return z.NEVER;
  }),
);

/**
 * The address in answers and in the browser's storage: as kept, no rules run again (an order
 * placed before the recipient was asked reads its buyer's name there, see the orders module).
 */
export const orderAddressSchema = z.object({
  fullName: z.string(),
  phone: z.optional(z.string()),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

/** GET /api/orders/last-address (bearer): the address of the account's newest order, if any. */
export const lastAddressResponseSchema = z.object({
  shippingAddress: z.nullable(orderAddressSchema),
});
export type LastAddressResponse = z.infer<typeof lastAddressResponseSchema>;

/** 'Hi {first name}': the first word of the recipient's full name. */
export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

/** The address's lines as printed on a parcel or read in a mail (country by its English name). */
export function addressLines(address: OrderAddress): string[] {
  return [
    address.fullName,
    address.address,
    `${address.city}, ${address.state} ${address.postalCode}`,
    countryName(address.country),
  ];
}

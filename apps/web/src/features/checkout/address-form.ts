import type { AddressInput, OrderAddress } from '@shop/shared/addresses';
import { countryCodeOf, usStateCodeOf, type Country } from '@shop/shared/countries';

/**
 * What the address form starts with: an address kept before (this browser's, or the account's
 * last one), its country and US state turned into the codes the lists hold; with none, the
 * United States when the shop ships there (its home market, decision 040), else no country.
 */
export function addressFormDefaults(
  kept: Partial<OrderAddress> | null | undefined,
  countries: readonly Country[],
): AddressInput {
  const offered = (code: string | null) =>
    code && countries.some((country) => country.code === code) ? code : '';
  const country = kept?.country ? offered(countryCodeOf(kept.country)) : offered('US');
  const state = kept?.state ?? '';
  return {
    fullName: kept?.fullName ?? '',
    phone: kept?.phone ?? '',
    address: kept?.address ?? '',
    city: kept?.city ?? '',
    state: country === 'US' ? (usStateCodeOf(state) ?? '') : state,
    postalCode: kept?.postalCode ?? '',
    country,
  };
}

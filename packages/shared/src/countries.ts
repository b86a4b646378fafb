import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

// ISO 3166-1 countries with English names, from i18n-iso-countries (its data, not ours). Only the
// English locale is registered: the shop speaks English, and each locale adds ~10 kB.
countries.registerLocale(english);

export type Country = { code: string; name: string };

/** Every ISO 3166-1 country, by English name (the order a shopper scans a list in). */
export const ALL_COUNTRIES: readonly Country[] = Object.entries(countries.getNames('en'))
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const codes = new Set(ALL_COUNTRIES.map((country) => country.code));

/**
 * The alpha-2 code of what a shopper or a script typed: an alpha-2 code ('US'), an alpha-3 code
 * ('USA') or an English name, official or common ('United States', 'United States of America'),
 * case and surrounding spaces ignored. Null when it names no country.
 */
export function countryCodeOf(input: string): string | null {
  const text = input.trim();
  if (text === '') return null;
  const upper = text.toUpperCase();
  if (upper.length === 2 && codes.has(upper)) return upper;
  if (upper.length === 3) {
    const alpha2 = countries.alpha3ToAlpha2(upper);
    if (alpha2 && codes.has(alpha2)) return alpha2;
  }
  const byName = countries.getAlpha2Code(text, 'en');
  return byName && codes.has(byName) ? byName : null;
}

/** The English name of an alpha-2 code; the code itself when it names no country (old orders). */
export function countryName(code: string): string {
  return countries.getName(code, 'en', { select: 'official' }) ?? code;
}

/** The United States' 50 states, DC and the inhabited territories, by USPS code. */
export const US_STATES: readonly Country[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AS', 'American Samoa'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['GU', 'Guam'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['MP', 'Northern Mariana Islands'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['VI', 'U.S. Virgin Islands'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
].map(([code, name]) => ({ code: code!, name: name! }));

const stateCodes = new Map(US_STATES.map((state) => [state.code, state.code]));
for (const state of US_STATES) stateCodes.set(state.name.toUpperCase(), state.code);

/** The USPS code of a US state typed as its code or its name ('IL', 'Illinois'); null otherwise. */
export function usStateCodeOf(input: string): string | null {
  return stateCodes.get(input.trim().toUpperCase()) ?? null;
}

/** A US ZIP code: 5 digits, or ZIP+4 (with or without the hyphen). */
export function isUsZip(input: string): boolean {
  return /^\d{5}(?:-?\d{4})?$/.test(input.trim());
}

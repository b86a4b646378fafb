import { describe, expect, it } from 'vitest';
import {
  ALL_COUNTRIES,
  countryCodeOf,
  countryName,
  isUsZip,
  US_STATES,
  usStateCodeOf,
} from './countries';

describe('countries', () => {
  it("'US', 'USA', 'United States' and 'United States of America' are one country", () => {
    for (const input of ['US', 'usa', ' United States ', 'United States of America']) {
      expect(countryCodeOf(input)).toBe('US');
    }
    expect(countryCodeOf('Germany')).toBe('DE');
    expect(countryCodeOf('DEU')).toBe('DE');
  });

  it('names no country for unknown text', () => {
    for (const input of ['', 'XX', 'ZZZ', 'Atlantis']) expect(countryCodeOf(input)).toBeNull();
  });

  it('lists every ISO 3166-1 country once, by English name', () => {
    expect(ALL_COUNTRIES.length).toBeGreaterThanOrEqual(249);
    expect(new Set(ALL_COUNTRIES.map((c) => c.code)).size).toBe(ALL_COUNTRIES.length);
    expect(countryName('US')).toBe('United States of America');
    expect(countryName('??')).toBe('??');
  });

  it('knows the 50 states, DC and the territories', () => {
    expect(US_STATES).toHaveLength(56);
    expect(usStateCodeOf('Illinois')).toBe('IL');
    expect(usStateCodeOf('tx')).toBe('TX');
    expect(usStateCodeOf('Ontario')).toBeNull();
  });

  it('checks US ZIP codes: 5 or 9 digits', () => {
    for (const zip of ['60601', '60601-1234', '606011234']) expect(isUsZip(zip)).toBe(true);
    for (const zip of ['6060', '60601-12', 'ABCDE', '']) expect(isUsZip(zip)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ADDRESS_MESSAGES, firstNameOf, shippingAddressSchema } from './addresses';
import { US_STATES } from './countries';

const address = {
  fullName: '  Maya  Haddad ',
  address: '1 Dune Road',
  city: 'Chicago',
  state: 'IL',
  postalCode: '60601',
  country: 'US',
};

const messages = (input: unknown) =>
  shippingAddressSchema
    .safeParse(input)
    .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('the shipping address', () => {
  it("keeps 'US', 'USA' and 'United States' as US, and any country by its code", () => {
    for (const country of ['US', 'usa', 'United States', 'United States of America'])
      expect(shippingAddressSchema.parse({ ...address, country }).country).toBe('US');
    expect(
      shippingAddressSchema.parse({ ...address, country: 'Germany', state: 'Bayern' }),
    ).toMatchObject({ country: 'DE', state: 'Bayern' });
    expect(messages({ ...address, country: 'Atlantis' })).toEqual([
      ['country', ADDRESS_MESSAGES.unknownCountry],
    ]);
  });

  it('needs a full name of 1 to 100 characters, trimmed', () => {
    expect(shippingAddressSchema.parse(address).fullName).toBe('Maya  Haddad');
    expect(messages({ ...address, fullName: '   ' })).toEqual([
      ['fullName', 'Full name is required'],
    ]);
    expect(messages({ ...address, fullName: 'x'.repeat(101) })).toEqual([
      ['fullName', 'Full name must be at most 100 characters'],
    ]);
    const { fullName: _left, ...withoutName } = address;
    expect(messages(withoutName)).toEqual([['fullName', 'Full name is required']]);
  });

  it('takes a US state by its code or name and keeps the code; refuses others', () => {
    expect(shippingAddressSchema.parse({ ...address, state: 'illinois' }).state).toBe('IL');
    for (const state of US_STATES)
      expect(shippingAddressSchema.parse({ ...address, state: state.name }).state).toBe(state.code);
    expect(messages({ ...address, state: 'Ontario' })).toEqual([
      ['state', ADDRESS_MESSAGES.usState],
    ]);
  });

  it('checks a US ZIP code (5 or 9 digits) and nothing elsewhere', () => {
    expect(shippingAddressSchema.parse({ ...address, postalCode: '606011234' }).postalCode).toBe(
      '60601-1234',
    );
    expect(messages({ ...address, postalCode: '6060' })).toEqual([
      ['postalCode', ADDRESS_MESSAGES.usZip],
    ]);
    expect(
      shippingAddressSchema.parse({
        ...address,
        country: 'GB',
        state: 'London',
        postalCode: 'SW1A 1AA',
      }),
    ).toMatchObject({ state: 'London', postalCode: 'SW1A 1AA' });
  });

  it('keeps a phone in E.164, read with the country of the address; none when left empty', () => {
    expect(shippingAddressSchema.parse({ ...address, phone: '(312) 555-0100' }).phone).toBe(
      '+13125550100',
    );
    expect(
      shippingAddressSchema.parse({
        ...address,
        country: 'DE',
        state: 'Berlin',
        postalCode: '10115',
        phone: '030 123456789',
      }).phone,
    ).toBe('+4930123456789');
    expect(shippingAddressSchema.parse({ ...address, phone: '+44 20 7946 0958' }).phone).toBe(
      '+442079460958',
    );
    expect(shippingAddressSchema.parse({ ...address, phone: '  ' })).not.toHaveProperty('phone');
    expect(shippingAddressSchema.parse(address)).not.toHaveProperty('phone');
    for (const phone of ['12', 'call me', '+1 312 555 01000000'])
      expect(messages({ ...address, phone })).toEqual([['phone', ADDRESS_MESSAGES.phone]]);
  });

  it('reports every problem of a US address on its field at once', () => {
    expect(messages({ ...address, state: 'XX', postalCode: 'ABCDE', phone: '1' })).toEqual([
      ['state', ADDRESS_MESSAGES.usState],
      ['postalCode', ADDRESS_MESSAGES.usZip],
      ['phone', ADDRESS_MESSAGES.phone],
    ]);
  });

  it('greets by the first word of the full name', () => {
    expect(firstNameOf('Maya Haddad')).toBe('Maya');
    expect(firstNameOf('  Jo ')).toBe('Jo');
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (name) => {
        const first = firstNameOf(name);
        expect(/\s/.test(first)).toBe(false);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { isCalendarDay, last30DaysRange } from './admin-orders';
import { addressLines, invoiceNumberLabel, recipientOf } from './order-documents';

describe('recipientOf', () => {
  it('is the recipient named in the address, with the address and the phone to call', () => {
    const shippingAddress = {
      fullName: ' Maya Haddad ',
      phone: '+13125550100',
      address: '1 Dune Road',
      city: 'Chicago',
      state: 'IL',
      postalCode: '60601',
      country: 'US',
    };
    expect(recipientOf({ customerName: 'Guest', shippingAddress })).toEqual({
      name: 'Maya Haddad',
      lines: ['1 Dune Road', 'Chicago, IL 60601', 'United States of America', '+13125550100'],
    });
  });

  it('is the customer’s name (Guest for guests) on an order placed before the recipient was asked', () => {
    const shippingAddress = {
      address: '1 Dune Road',
      city: 'Chicago',
      state: 'IL',
      postalCode: '60601',
      country: 'Atlantis',
    };
    expect(recipientOf({ customerName: 'Guest', shippingAddress })).toEqual({
      name: 'Guest',
      lines: ['1 Dune Road', 'Chicago, IL 60601', 'Atlantis'],
    });
  });
});

describe('the documents’ small rules', () => {
  it('numbers invoices INV- and six digits, more when the shop outgrows them', () => {
    expect(invoiceNumberLabel(42)).toBe('INV-000042');
    expect(invoiceNumberLabel(1_234_567)).toBe('INV-1234567');
  });

  it('prints the shop’s address line by line, without blank lines', () => {
    expect(addressLines(' 12 Loom Street \r\n\nChicago, IL\n')).toEqual([
      '12 Loom Street',
      'Chicago, IL',
    ]);
  });
});

describe('the order list’s days', () => {
  it('takes days that exist only', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2023-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
  });

  it('starts the 30 days on the UTC day 30 × 24 hours ago and ends today', () => {
    expect(last30DaysRange(new Date('2026-11-26T05:00:00Z'))).toEqual({
      from: '2026-10-27',
      to: '2026-11-26',
    });
    expect(last30DaysRange(new Date('2026-03-01T00:30:00Z'))).toEqual({
      from: '2026-01-30',
      to: '2026-03-01',
    });
  });
});

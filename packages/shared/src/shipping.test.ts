import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { priceOrder, taxAtRate } from './pricing';
import {
  SPEC_CHARGE_SETTINGS,
  quoteOrder,
  rateCents,
  ratesForWeight,
  taxRateBpFor,
  totalsWith,
  zoneFor,
  type ChargeSettings,
  type ShippingRate,
  type ShippingZone,
} from './shipping';

const rate = (id: string, priceCents: number, more: Partial<ShippingRate> = {}): ShippingRate => ({
  id,
  name: id,
  priceCents,
  freeFromCents: null,
  minWeightGrams: null,
  maxWeightGrams: null,
  ...more,
});

const europe: ShippingZone = {
  id: 'eu',
  name: 'Europe',
  countries: ['FR', 'DE'],
  everywhereElse: false,
  rates: [rate('eu-standard', 1200), rate('express', 2500)],
};

const withEurope: ChargeSettings = {
  zones: [...SPEC_CHARGE_SETTINGS.zones, europe],
  tax: {
    defaultRateBp: 700,
    taxShipping: false,
    rates: [{ country: 'US', state: 'TX', rateBp: 825 }],
  },
};

const cart = fc.array(
  fc.record({
    unitPriceCents: fc.integer({ min: 0, max: 100_000 }),
    qty: fc.integer({ min: 1, max: 50 }),
  }),
  { maxLength: 12 },
);

describe('the spec settings', () => {
  it("price every cart as today's rules do (1,000 random carts, any country and state)", () => {
    fc.assert(
      fc.property(
        cart,
        fc.constantFrom('US', 'United States', 'FR', 'Japan', 'Atlantis', ''),
        fc.constantFrom('IL', 'Texas', 'TX', '', 'Bavaria'),
        fc.nat({ max: 100_000 }),
        (lines, country, state, weightGrams) => {
          const result = quoteOrder(SPEC_CHARGE_SETTINGS, {
            lines,
            weightGrams,
            address: { country, state },
          });
          // Without a discount: today's amounts, and nothing off.
          expect(result.ok && result.quote.totals).toEqual({
            ...priceOrder(lines),
            discountCents: 0,
          });
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('zoneFor', () => {
  it('takes the zone listing the country, by code, alpha-3 or name, else everywhere else', () => {
    expect(zoneFor(withEurope.zones, 'FR')?.name).toBe('Europe');
    expect(zoneFor(withEurope.zones, 'DEU')?.name).toBe('Europe');
    expect(zoneFor(withEurope.zones, 'germany')?.name).toBe('Europe');
    expect(zoneFor(withEurope.zones, 'US')?.name).toBe('Everywhere');
  });

  it('finds none when no zone lists the country and none covers everywhere else', () => {
    expect(zoneFor([europe], 'US')).toBeNull();
  });
});

describe('rates', () => {
  it('keep those whose weight bounds hold the order, bounds included', () => {
    const zone = {
      ...europe,
      rates: [
        rate('light', 500, { maxWeightGrams: 1000 }),
        rate('heavy', 900, { minWeightGrams: 1000 }),
      ],
    };
    expect(ratesForWeight(zone, 999).map((r) => r.id)).toEqual(['light']);
    expect(ratesForWeight(zone, 1000).map((r) => r.id)).toEqual(['light', 'heavy']);
    expect(ratesForWeight(zone, 1001).map((r) => r.id)).toEqual(['heavy']);
  });

  it('cost nothing from their free-from amount and for an empty cart', () => {
    const standard = rate('s', 500, { freeFromCents: 5000 });
    expect(rateCents(standard, 4999)).toBe(500);
    expect(rateCents(standard, 5000)).toBe(0);
    expect(rateCents(standard, 0)).toBe(0);
    expect(rateCents(rate('x', 2500), 1_000_000)).toBe(2500);
  });
});

describe('tax', () => {
  it("takes the state's rate, then the country's, then the default", () => {
    const tax = {
      defaultRateBp: 700,
      taxShipping: false,
      rates: [
        { country: 'US', state: 'TX', rateBp: 825 },
        { country: 'US', state: null, rateBp: 600 },
        { country: 'DE', state: null, rateBp: 1900 },
      ],
    };
    expect(taxRateBpFor(tax, { country: 'USA', state: 'Texas' })).toBe(825);
    expect(taxRateBpFor(tax, { country: 'US', state: 'IL' })).toBe(600);
    expect(taxRateBpFor(tax, { country: 'Germany', state: 'TX' })).toBe(1900);
    expect(taxRateBpFor(tax, { country: 'FR' })).toBe(700);
  });

  it('is the rate of the items, and of shipping when shipping is taxed, half up to the cent', () => {
    expect(totalsWith(1000, 500, { rateBp: 825, taxShipping: false })).toEqual({
      itemsCents: 1000,
      shippingCents: 500,
      taxCents: 83, // 82.5, half up
      totalCents: 1583,
    });
    expect(totalsWith(1000, 500, { rateBp: 825, taxShipping: true }).taxCents).toBe(124); // 123.75
  });

  it('agrees with exact decimal arithmetic (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), fc.nat({ max: 10_000 }), (cents, bp) => {
        const exact = (BigInt(cents) * BigInt(bp) * 2n + 10_000n) / 20_000n;
        expect(BigInt(taxAtRate(cents, bp))).toBe(exact);
      }),
    );
  });

  it('adds up: total = items + shipping + tax for any settings (property)', () => {
    fc.assert(
      fc.property(
        cart,
        fc.nat({ max: 10_000 }),
        fc.nat({ max: 10_000 }),
        fc.boolean(),
        (lines, ship, bp, taxShipping) => {
          const items = lines.reduce((sum, l) => sum + l.unitPriceCents * l.qty, 0);
          const totals = totalsWith(items, ship, { rateBp: bp, taxShipping });
          expect(totals.totalCents).toBe(items + ship + totals.taxCents);
          expect(totals.taxCents).toBe(taxAtRate(items + (taxShipping ? ship : 0), bp));
        },
      ),
    );
  });
});

describe('quoteOrder', () => {
  const lines = [{ unitPriceCents: 2000, qty: 1 }];

  it('lets the shopper pick Express in a zone with two rates and charges its price', () => {
    const result = quoteOrder(withEurope, {
      lines,
      weightGrams: 0,
      address: { country: 'France' },
      rateId: 'express',
    });
    expect(result.ok && result.quote.offers.map((o) => o.rate.name)).toEqual([
      'eu-standard',
      'express',
    ]);
    expect(result.ok && result.quote.totals).toEqual({
      itemsCents: 2000,
      shippingCents: 2500,
      taxCents: 140,
      totalCents: 4640,
      discountCents: 0,
    });
  });

  it('charges Texas 8.25 %', () => {
    const result = quoteOrder(withEurope, {
      lines,
      weightGrams: 0,
      address: { country: 'US', state: 'TX' },
    });
    expect(result.ok && result.quote.taxRateBp).toBe(825);
    expect(result.ok && result.quote.totals.taxCents).toBe(165);
  });

  it('refuses a country outside every zone, and a rate the address is not offered', () => {
    expect(
      quoteOrder(
        { ...withEurope, zones: [europe] },
        { lines, weightGrams: 0, address: { country: 'USA' } },
      ),
    ).toEqual({ ok: false, message: 'We do not ship to United States of America yet' });
    expect(
      quoteOrder(withEurope, {
        lines,
        weightGrams: 0,
        address: { country: 'US' },
        rateId: 'express',
      }),
    ).toEqual({ ok: false, message: 'This shipping rate is not offered for this address' });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PARCEL_MESSAGES,
  allUnitsShipped,
  knownCarrier,
  parcelContents,
  trackingLink,
  unitsToShip,
} from './parcels';

describe('trackingLink', () => {
  it('fills the four carriers’ templates, whatever the case, with the number encoded', () => {
    expect(trackingLink({ carrier: 'USPS', trackingNumber: '9400 1000' })).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000',
    );
    expect(trackingLink({ carrier: 'ups', trackingNumber: '1Z9' })).toBe(
      'https://www.ups.com/track?tracknum=1Z9',
    );
    expect(trackingLink({ carrier: 'FedEx', trackingNumber: '7712&x=1' })).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=7712%26x%3D1',
    );
    expect(trackingLink({ carrier: 'DHL', trackingNumber: 'JD01' })).toBe(
      'https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD01',
    );
    expect(knownCarrier(' fedex ')).toBe('FedEx');
  });

  it('takes another carrier’s own web address, never a script, and none without one', () => {
    const other = { carrier: 'Other', trackingNumber: 'A1' };
    expect(trackingLink({ ...other, trackingUrl: 'https://t.example/A1' })).toBe(
      'https://t.example/A1',
    );
    expect(trackingLink({ ...other, trackingUrl: 'javascript:alert(1)' })).toBeNull();
    expect(trackingLink({ carrier: 'Aramex', trackingNumber: 'A1' })).toBeNull();
  });
});

describe('parcelContents', () => {
  const lines = [
    { id: 'a', qty: 3, shipped: 1, refunded: 1 },
    { id: 'b', qty: 2, shipped: 0, refunded: 0 },
  ];

  it('takes every remaining unit when no line is named', () => {
    expect(parcelContents(lines, undefined)).toEqual({
      lines: [
        { id: 'a', qty: 1 },
        { id: 'b', qty: 2 },
      ],
    });
    const done = lines.map((line) => ({ ...line, shipped: line.qty }));
    expect(parcelContents(done, undefined)).toEqual({ problem: PARCEL_MESSAGES.nothingToShip });
  });

  it('refuses unknown lines, empty parcels and more than remains (named twice too)', () => {
    expect(parcelContents(lines, [{ line: 'z', qty: 1 }])).toEqual({
      problem: PARCEL_MESSAGES.lineNotInOrder,
    });
    expect(parcelContents(lines, [{ line: 'a', qty: 0 }])).toEqual({
      problem: PARCEL_MESSAGES.emptyParcel,
    });
    expect(
      parcelContents(lines, [
        { line: 'b', qty: 1 },
        { line: 'b', qty: 2 },
      ]),
    ).toEqual({ problem: PARCEL_MESSAGES.tooManyUnits });
  });

  it('never puts more units in parcels than remain, whatever is asked, and ends shipped', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.array(fc.nat({ max: 6 }), { minLength: 4, maxLength: 4 }), { maxLength: 8 }),
        (quantities, requests) => {
          const state = quantities.map((qty, i) => ({
            id: String(i),
            qty,
            shipped: 0,
            refunded: 0,
          }));
          for (const request of [...requests, undefined]) {
            const asked = request
              ?.slice(0, state.length)
              .map((qty, i) => ({ line: String(i), qty }));
            const result = parcelContents(state, asked);
            if ('problem' in result) continue;
            for (const entry of result.lines) {
              const line = state.find((candidate) => candidate.id === entry.id);
              if (line) line.shipped += entry.qty;
            }
          }
          expect(state.every((line) => line.shipped === line.qty)).toBe(true);
          expect(allUnitsShipped(state)).toBe(true);
          expect(state.map(unitsToShip)).toEqual(state.map(() => 0));
        },
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { containsPattern, rarestRuns } from './search';

describe('containsPattern', () => {
  it("searches for LIKE's own characters as themselves", () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('rarestRuns', () => {
  const sample = [
    ...Array.from({ length: 40 }, (_, n) => `customer${n}@example.com`),
    'customer123@example.com',
  ];

  it('picks the runs the fewest of the sample hold', () => {
    // 'cus' … 'mer' are in every e-mail, 'r12' in two, '123' in one.
    expect(rarestRuns('Customer123', sample)).toEqual(['123', 'r12']);
    expect(rarestRuns('customer123', sample, 1)).toEqual(['123']);
  });

  it('reads only runs of letters and digits, as a trigram index does', () => {
    expect(rarestRuns('r1@x.y-123', sample)).toEqual([]);
    expect(rarestRuns('er1@ex', sample)).toEqual([]);
    expect(rarestRuns('mer12@exam', [...sample, 'zzz'], 2)).toEqual(['r12', 'er1']);
  });

  it('leaves a fragment of no more runs than it would pick whole', () => {
    expect(rarestRuns('r123', sample)).toEqual([]);
    expect(rarestRuns('12', sample)).toEqual([]);
  });

  it('leaves a fragment whole when a tenth of the sample holds even its rarest run', () => {
    expect(rarestRuns('example.com', sample)).toEqual([]);
    expect(rarestRuns('customer1', sample)).toEqual([]);
  });
});

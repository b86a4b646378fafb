import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION_TAGS } from '@shop/shared/description';
import { sanitizeDescription } from './description';

const ALLOWED = new Set<string>(DESCRIPTION_TAGS);

/** Tags a description may hold, and ones that it may not (they must never come out). */
const TAGS = [
  ...DESCRIPTION_TAGS,
  'script',
  'style',
  'img',
  'iframe',
  'div',
  'span',
  'h1',
  'h5',
  'code',
  'blockquote',
  'hr',
  'colgroup',
  'col',
  'svg',
];
const ATTRIBUTES = fc.constantFrom(
  ' onclick="steal()"',
  ' style="color:red"',
  ' class="x"',
  ' href="https://example.com/a?b=1&amp;c=2"',
  ' href="javascript:alert(1)"',
  ' href="mailto:shop@example.com"',
  ' rel="nofollow"',
  ' target="_blank"',
  ' colspan="2"',
  ' rowspan="0"',
  ' scope="col"',
  ' scope="evil"',
  ' src="x"',
  '',
);
const TEXT = fc.constantFrom('S/M', '34-36 in', ' ', 'a & b', '<', '"quoted"', '\u00a0', 'é', '');

const fragment: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    TEXT,
    fc
      .tuple(
        fc.constantFrom(...TAGS),
        fc.array(ATTRIBUTES, { maxLength: 3 }),
        fc.array(tie('node'), { maxLength: 4 }),
      )
      .map(
        ([tag, attributes, children]) =>
          `<${tag}${attributes.join('')}>${children.join('')}</${tag}>`,
      ),
  ),
})).node;

describe('sanitizeDescription', () => {
  it('is idempotent: sanitising its own output changes nothing', () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 4 }), (parts) => {
        const once = sanitizeDescription(parts.join(''));
        expect(sanitizeDescription(once)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it('lets out only the allowed elements, and no handler, style, class or script address', () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 4 }), (parts) => {
        const out = sanitizeDescription(parts.join(''));
        for (const [, tag] of out.matchAll(/<\/?([a-z0-9]+)/gi))
          expect(ALLOWED.has(tag!)).toBe(true);
        expect(out).not.toMatch(/\son\w+=|style=|class=|javascript:|src=|target=/i);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a size chart as it is', () => {
    const chart =
      '<h3>Size chart</h3><table><caption>Chest</caption><thead><tr><th scope="col">Size</th>' +
      '<th scope="col">Chest</th></tr></thead><tbody><tr><td>S/M</td><td colspan="1" rowspan="1">' +
      '<p>34-36 in</p></td></tr></tbody></table>';
    expect(sanitizeDescription(chart)).toBe(chart);
  });
});

import { describe, expect, it } from 'vitest';
import { htmlToPlainText, truncateText } from './plain-text';

describe('htmlToPlainText', () => {
  it('drops tags, scripts and comments and reads entities', () => {
    expect(
      htmlToPlainText(
        '<p>Soft&nbsp;<b>cotton</b> &amp; linen</p><script>alert("x")</script><!-- note --><p>&#169; &#x2764; &quot;ok&quot; &bogus;</p>',
      ),
    ).toBe('Soft cotton & linen. © ❤ "ok" &bogus;');
  });

  it('ends a sentence where a paragraph, list item or line ends', () => {
    expect(
      htmlToPlainText('<p>Fleece, 320 g</p><ul><li>Relaxed fit;</li><li>Kangaroo pocket</li></ul>'),
    ).toBe('Fleece, 320 g. Relaxed fit; Kangaroo pocket');
  });

  it('reads a size chart row by row, its cells apart, never run together', () => {
    const chart =
      '<h2>Size chart</h2><table><caption>Chest</caption><thead><tr><th scope="col">Size</th><th scope="col">Chest</th></tr></thead>' +
      '<tbody><tr><td>S/M</td><td>34-36 in</td></tr><tr><td colspan="1" rowspan="1"><p>L</p></td><td colspan="1" rowspan="1"><p>38-40 in</p></td></tr></tbody></table>' +
      '<p>Measured flat.</p>';
    const text = htmlToPlainText(chart);
    expect(text).toBe('Size chart. Chest. Size, Chest. S/M, 34-36 in. L, 38-40 in. Measured flat.');
    expect(text).not.toMatch(/S\/M34|L38|ChestSize/);
  });

  it('ends a sentence at a heading and at a list, and joins inline tags as a reader sees them', () => {
    expect(
      htmlToPlainText(
        '<h3>Fit</h3>Relaxed<ul><li><p>Soft <b>C</b>otton</p></li><li><a href="https://example.com">Care</a> guide</li></ul><h4>Note</h4>',
      ),
    ).toBe('Fit. Relaxed. Soft Cotton. Care guide. Note');
  });

  it('reads the spec’s literal \\n and real line breaks as line breaks', () => {
    expect(htmlToPlainText('One.\\nTwo.\\r\\nThree.\nFour.')).toBe('One. Two. Three. Four.');
  });
});

describe('truncateText', () => {
  it('keeps short text and cuts long text at a word with an ellipsis', () => {
    expect(truncateText('Short text', 20)).toBe('Short text');
    expect(truncateText('The quick brown fox jumps over the lazy dog', 20)).toBe(
      'The quick brown fox…',
    );
    expect(truncateText('Words, then a comma, here', 21)).toBe('Words, then a comma…');
  });

  it('cuts inside a single very long word rather than leave almost nothing', () => {
    expect(truncateText('a '.concat('x'.repeat(40)), 10)).toBe(`a ${'x'.repeat(7)}…`);
  });

  it('never keeps half of an emoji', () => {
    const cut = truncateText(`${'x'.repeat(8)}😀 more words`, 10);
    expect(cut).toBe(`${'x'.repeat(8)}…`);
  });
});

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

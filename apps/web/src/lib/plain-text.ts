const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntity(entity: string, name: string): string {
  if (name.startsWith('#')) {
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff
      ? String.fromCodePoint(code)
      : entity;
  }
  return ENTITIES[name.toLowerCase()] ?? entity;
}

/** A line break in the text, while tags are taken out (a character no description holds). */
const BREAK = '\u0000';
/** Between two cells of a table's row (another such character). */
const CELL = '\u0001';

/** Elements whose edges end a line of text: blocks, list items, headings, table rows. */
const BLOCK =
  'p|li|h[1-6]|div|ul|ol|table|caption|thead|tbody|tfoot|tr|blockquote|pre|section|article';

/**
 * A product description's HTML as one line of text (meta description, JSON-LD). Runs on the server,
 * without a DOM: tags are dropped, not interpreted, which is enough here because the text is
 * escaped again wherever it goes. What the tags separate stays separate: line breaks (real, <br>,
 * the spec's literal backslash-n) and the edges of paragraphs, headings, list items, captions and
 * table rows end sentences, and the cells of a row are read with commas ('S/M, 34-36 in'), while
 * inline tags (bold, links) join their text to its neighbours as a reader sees it ('<b>C</b>otton'
 * is 'Cotton').
 */
export function htmlToPlainText(html: string): string {
  return (
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      // A cell's own paragraph (the editor writes one in every cell) is the cell's text.
      .replace(/(<(?:td|th)\b[^>]*>)\s*<p\b[^>]*>/gi, '$1')
      .replace(/<\/p\s*>\s*(<\/(?:td|th)\s*>)/gi, '$1')
      // Two cells side by side: 'Size, Chest'.
      .replace(/<\/(td|th)\s*>\s*<(td|th)\b[^>]*>/gi, CELL)
      // The edge of a paragraph, heading, list item, row or line ends a sentence ('… fit. Kangaroo pocket …').
      .replace(
        new RegExp(`<\\/?(${BLOCK})\\b[^>]*>|<br\\s*\\/?>|\\\\r\\\\n|\\\\n|\\r?\\n`, 'gi'),
        BREAK,
      )
      // A cell on its own (the first or last of a row) is just a boundary of its text.
      .replace(/<\/?(td|th)\b[^>]*>/gi, ' ')
      // Inline tags (strong, em, a, span, ...) join their text.
      .replace(/<[^>]*>/g, '')
      .replace(new RegExp(`[\\s${BREAK}]*${CELL}[\\s${BREAK}]*`, 'g'), ', ')
      .replace(new RegExp(`^[\\s${BREAK}]+|[\\s${BREAK}]+$`, 'g'), '')
      .replace(new RegExp(`([.!?:;,])?\\s*${BREAK}[\\s${BREAK}]*`, 'g'), (_, stop?: string) =>
        stop ? `${stop} ` : '. ',
      )
      .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, decodeEntity)
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** At most `max` characters, cut at a word boundary with an ellipsis when it had to be cut. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never half of a surrogate pair (an emoji) at the cut.
  const cut = text.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '');
  const endsAWord = /\s/.test(text.charAt(cut.length));
  const lastSpace = cut.lastIndexOf(' ');
  // One very long word: cut inside it rather than leave almost nothing.
  const kept = endsAWord || lastSpace <= max / 2 ? cut : cut.slice(0, lastSpace);
  return `${kept.replace(/[\s,;:.–—-]+$/, '')}…`;
}

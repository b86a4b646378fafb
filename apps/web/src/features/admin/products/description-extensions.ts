import type { Extensions } from '@tiptap/core';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { DESCRIPTION_LINK_SCHEMES } from '@shop/shared/description';

/** An address a description's link may have: http, https or mailto, as the server allows. */
export function isAllowedLink(url: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.trim())?.[1]?.toLowerCase();
  if (!scheme || !(DESCRIPTION_LINK_SCHEMES as readonly string[]).includes(scheme)) return false;
  if (scheme === 'mailto') return /^mailto:[^\s@]+@[^\s@]+$/i.test(url.trim());
  try {
    return Boolean(new URL(url.trim()).hostname);
  } catch {
    return false;
  }
}

/** Attributes the editor keeps for its own work but never writes into the HTML. */
const unwritten = { default: null, renderHTML: () => ({}) };

/** A header cell keeps a scope it was given (the sanitiser allows it); widths and alignment are not written. */
const HeaderCell = TableHeader.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      colwidth: { ...unwritten, parseHTML: () => null },
      align: { ...unwritten, parseHTML: () => null },
      scope: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute('scope'),
        renderHTML: (attributes: { scope?: string | null }) =>
          attributes.scope ? { scope: attributes.scope } : {},
      },
    };
  },
});

const DataCell = TableCell.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      colwidth: { ...unwritten, parseHTML: () => null },
      align: { ...unwritten, parseHTML: () => null },
    };
  },
});

/** A table as the shop stores it: rows in a tbody, no column group, no inline style. */
const PlainTable = Table.extend({
  renderHTML() {
    return ['table', {}, ['tbody', 0]];
  },
});

/**
 * The editor's schema: exactly what the server's sanitiser keeps (decision 032). Headings h2-h4,
 * paragraphs, line breaks, bold, italics, lists, links (http, https, mailto; rel="noopener", no
 * target) and tables. StarterKit's code, code blocks, blockquotes, rules, strike and underline are
 * off: the server would strip them.
 */
export function descriptionExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      blockquote: false,
      code: false,
      codeBlock: false,
      horizontalRule: false,
      strike: false,
      underline: false,
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        protocols: [],
        isAllowedUri: (url) => isAllowedLink(url),
        HTMLAttributes: { rel: 'noopener', target: null, class: null },
      },
    }),
    PlainTable.configure({ resizable: false }),
    TableRow,
    HeaderCell,
    DataCell,
  ];
}

/**
 * The editor's HTML as the server will store it: the same markup, written the way the sanitiser
 * writes it (a void <br />, a no-break space as the character), and an empty editor as ''.
 */
export function storedHtml(editorHtml: string): string {
  if (/^<p><\/p>$/.test(editorHtml)) return '';
  return editorHtml.replace(/<br>/g, '<br />').replace(/&nbsp;/g, '\u00a0');
}

/** A stored description as the editor takes it: newlines read as line breaks, as shoppers see them. */
export function editorContent(description: string): string {
  return description
    .split(/(<table\b[\s\S]*?<\/table\s*>)/i)
    .map((part, index) =>
      index % 2 === 1
        ? part.replace(/\\r\\n|\\n|\r\n|\n/g, ' ')
        : part.replace(/\\r\\n|\\n|\r\n|\n/g, '<br>'),
    )
    .join('');
}

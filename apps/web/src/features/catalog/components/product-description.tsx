import DOMPurify from 'dompurify';
import { createContext, useContext, useMemo } from 'react';
import { DESCRIPTION_ATTRIBUTES, DESCRIPTION_TAGS } from '@shop/shared/description';
import { escapeHtml } from '@shop/shared/html';

type Sanitize = (html: string) => string;

const ALLOWED_TAGS = [...DESCRIPTION_TAGS];
const ALLOWED_ATTR = [...new Set(Object.values(DESCRIPTION_ATTRIBUTES).flat())];

/** The server's allow-list again (decision 032): its elements, links' addresses, cells' spans. */
const sanitizeWithDomPurify: Sanitize = (html) =>
  DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR });

/**
 * The HTML sanitizer of the render: DOMPurify in the browser; the server renderer gives the one
 * the API stores descriptions through (the same allow-list), as Node has no DOM for DOMPurify.
 */
export const HtmlSanitizerContext = createContext<Sanitize>(sanitizeWithDomPurify);

const LINE_BREAK = /\\r\\n|\\n|\r\n|\n/g;

/**
 * Literal backslash-n sequences and real newlines become line breaks, except inside a table,
 * where a <br> between rows or cells would be moved out of it by the parser: there they are space.
 */
function withLineBreaks(description: string): string {
  return description
    .split(/(<table\b[\s\S]*?<\/table\s*>)/i)
    .map((part, index) =>
      index % 2 === 1 ? part.replace(LINE_BREAK, ' ') : part.replace(LINE_BREAK, '<br>'),
    )
    .join('');
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Each table in its own box that scrolls sideways when the table is wider than the page (a size
 * chart at 390 px), so the page itself never does. The box can take the focus, to scroll it with
 * the keyboard, and is a region named by the table's caption, else by the heading right before
 * it, else 'Size chart'. The sanitized HTML has no attributes on <table>, and the label is escaped.
 */
function inScrollBoxes(html: string): string {
  return html
    .replace(/(<\/h[2-4]>)?(\s*)<table>(\s*<caption>([\s\S]*?)<\/caption>)?/g, (...match) => {
      const [whole, headingEnd, space, _caption, captionHtml, offset] = match as [
        string,
        string | undefined,
        string,
        string | undefined,
        string | undefined,
        number,
      ];
      let label = captionHtml ? textOf(captionHtml) : '';
      if (!label && headingEnd) {
        const opened = html.lastIndexOf('<h', offset);
        label = textOf(html.slice(opened, offset));
      }
      const box = `<div class="description-table" role="region" tabindex="0" aria-label="${escapeHtml(label || 'Size chart')}">`;
      return `${headingEnd ?? ''}${space}${box}${whole.slice((headingEnd ?? '').length + space.length)}`;
    })
    .replace(/<\/table>/g, '</table></div>');
}

/**
 * The description's HTML for the page: line breaks kept, then the sanitizer strips anything that
 * could run (scripts, event handlers, ...) or that the shop does not show, then tables get their
 * scroll boxes.
 */
export function descriptionHtml(
  description: string,
  sanitize: Sanitize = sanitizeWithDomPurify,
): string {
  return inScrollBoxes(sanitize(withLineBreaks(description)));
}

export function ProductDescription({ description }: { description: string }) {
  const sanitize = useContext(HtmlSanitizerContext);
  const html = useMemo(() => descriptionHtml(description, sanitize), [description, sanitize]);
  return (
    <div
      className="prose-description leading-relaxed break-words text-ink-muted"
      // Sanitized above (DOMPurify, or the API's sanitizer on the server).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

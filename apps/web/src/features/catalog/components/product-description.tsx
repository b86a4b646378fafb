import DOMPurify from 'dompurify';
import { createContext, useContext, useMemo } from 'react';

type Sanitize = (html: string) => string;

const sanitizeWithDomPurify: Sanitize = (html) =>
  DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });

/**
 * The HTML sanitizer of the render: DOMPurify in the browser; the server renderer gives the one
 * the API stores descriptions through (the same allow-list), as Node has no DOM for DOMPurify.
 */
export const HtmlSanitizerContext = createContext<Sanitize>(sanitizeWithDomPurify);

/**
 * The description's HTML for the page: literal backslash-n sequences and real newlines become
 * line breaks, then the sanitizer strips anything that could run (scripts, event handlers, ...).
 */
export function descriptionHtml(
  description: string,
  sanitize: Sanitize = sanitizeWithDomPurify,
): string {
  return sanitize(description.replace(/\\r\\n|\\n|\r\n|\n/g, '<br>'));
}

export function ProductDescription({ description }: { description: string }) {
  const sanitize = useContext(HtmlSanitizerContext);
  const html = useMemo(() => descriptionHtml(description, sanitize), [description, sanitize]);
  return (
    <div
      className="prose-description leading-relaxed text-ink-muted"
      // Sanitized above (DOMPurify, or the API's sanitizer on the server).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

import DOMPurify from 'dompurify';
import { useMemo } from 'react';

let sanitize = (html: string) => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });

/**
 * Server rendering: Node has no DOM for DOMPurify, so the renderer gives the sanitizer the API
 * stores descriptions through (the same allow-list).
 */
export function setServerSanitizer(serverSanitize: (html: string) => string): void {
  sanitize = serverSanitize;
}

/**
 * The description's HTML for the page: literal backslash-n sequences and real newlines become
 * line breaks, then DOMPurify strips anything that could run (scripts, event handlers, ...).
 */
export function descriptionHtml(description: string): string {
  return sanitize(description.replace(/\\r\\n|\\n|\r\n|\n/g, '<br>'));
}

export function ProductDescription({ description }: { description: string }) {
  const html = useMemo(() => descriptionHtml(description), [description]);
  return (
    <div
      className="prose-description leading-relaxed text-ink-muted"
      // Sanitized above with DOMPurify.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

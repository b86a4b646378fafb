import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * The description's HTML for the page: literal backslash-n sequences and real newlines become
 * line breaks, then DOMPurify strips anything that could run (scripts, event handlers, ...).
 */
export function descriptionHtml(description: string): string {
  const withBreaks = description.replace(/\\r\\n|\\n|\r\n|\n/g, '<br>');
  return DOMPurify.sanitize(withBreaks, { USE_PROFILES: { html: true } });
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

import { useDeferredValue, useMemo } from 'react';
import { previewHtml } from './description-html';

/**
 * The description as shoppers will see it. Its own module, loaded by the editor when it shows:
 * DOMPurify stays out of the back office's first chunk (and out of the storefront's list of what
 * that chunk needs).
 */
export default function DescriptionPreview({ description }: { description: string }) {
  // Typing stays quick in a long description: the preview follows when there is time.
  const deferred = useDeferredValue(description);
  const html = useMemo(() => previewHtml(deferred), [deferred]);
  if (!html.trim()) {
    return (
      <p className="min-h-40 rounded-xl border border-dashed border-sand-300 px-4 py-3 text-sm text-ink-muted">
        The description shows here as shoppers will see it.
      </p>
    );
  }
  return (
    <div
      data-testid="description-preview"
      className="prose-description min-h-40 overflow-auto rounded-xl border border-sand-200 bg-white px-4 py-3 leading-relaxed break-words text-ink-muted"
      // Sanitised with DOMPurify, allowing the server's tags only.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

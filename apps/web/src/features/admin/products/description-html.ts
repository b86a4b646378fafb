import DOMPurify from 'dompurify';

/** What the server's sanitiser keeps: the same tags, and links with their address only. */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'a'];
const ALLOWED_ATTR = ['href'];

/**
 * The description as the storefront will show it: its line breaks kept (as the storefront keeps
 * them), then only the tags the server allows. Scripts, event handlers and styles are dropped.
 */
export function previewHtml(description: string): string {
  const withBreaks = description.replace(/\\r\\n|\\n|\r\n|\n/g, '<br>');
  return DOMPurify.sanitize(withBreaks, { ALLOWED_TAGS, ALLOWED_ATTR });
}

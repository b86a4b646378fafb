import sanitizeHtml from 'sanitize-html';

/**
 * What a product description may hold: paragraphs, line breaks, emphasis, lists and links (http,
 * https or mailto, each given rel="noopener"). Anything else is dropped; the text of script,
 * style and the like goes with it rather than becoming visible text. The storefront runs
 * DOMPurify over it again before it renders it.
 */
const DESCRIPTION_RULES: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'a'],
  // rel is allowed only so that the transform below can set it; whatever was sent is replaced.
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'template', 'title'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener' }) },
};

/** The description as the shop stores it. Sanitising its own output changes nothing. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, DESCRIPTION_RULES);
}

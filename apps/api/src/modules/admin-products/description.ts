import sanitizeHtml from 'sanitize-html';
import {
  DESCRIPTION_ATTRIBUTES,
  DESCRIPTION_LINK_SCHEMES,
  DESCRIPTION_TAGS,
} from '@shop/shared/description';

/**
 * What a product description may hold: headings h2-h4, paragraphs, line breaks, emphasis, lists,
 * links (http, https or mailto, each given rel="noopener") and tables (a size chart: caption, head
 * and body rows, cells that may span, header cells with their scope). Anything else is dropped,
 * attributes included (no style, no class, no event handler); the text of script, style and the
 * like goes with it rather than becoming visible text. The storefront runs DOMPurify over it
 * again before it renders it.
 */
const DESCRIPTION_RULES: sanitizeHtml.IOptions = {
  allowedTags: [...DESCRIPTION_TAGS],
  // rel is allowed only so that the transform below can set it; whatever was sent is replaced.
  allowedAttributes: {
    a: [...DESCRIPTION_ATTRIBUTES.a],
    th: [...DESCRIPTION_ATTRIBUTES.th],
    td: [...DESCRIPTION_ATTRIBUTES.td],
  },
  allowedSchemes: [...DESCRIPTION_LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'template', 'title'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener' }),
    // A pasted page's outer headings keep being headings, at the nearest level the shop shows.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    th: cell,
    td: cell,
  },
};

const SCOPES = new Set(['row', 'col', 'rowgroup', 'colgroup']);

/** A cell keeps a span that is a small whole number and a scope that is one of HTML's four. */
function cell(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const kept: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if ((name === 'colspan' || name === 'rowspan') && /^[1-9][0-9]{0,2}$/.test(value))
      kept[name] = value;
    if (name === 'scope' && SCOPES.has(value)) kept[name] = value;
  }
  return { tagName, attribs: kept };
}

/**
 * The description as the shop stores it. Sanitising its own output changes nothing: one pass can
 * leave a nesting that the parser reads differently the next time (a cell that was inside a
 * dropped <div>, now directly inside another cell, which HTML closes first), so the rules run
 * again until the text holds still (a second pass settles every case the tests found; a few
 * more are allowed for safety).
 */
export function sanitizeDescription(html: string): string {
  let out = sanitizeHtml(html, DESCRIPTION_RULES);
  for (let pass = 0; pass < 4; pass += 1) {
    const again = sanitizeHtml(out, DESCRIPTION_RULES);
    if (again === out) return out;
    out = again;
  }
  return out;
}

/**
 * What a product description may hold (decision 032): headings h2-h4, paragraphs, line breaks,
 * bold and italics, lists, links and tables (a size chart). The API's sanitiser allows exactly
 * these when it stores a description, the storefront's DOMPurify the same again when it shows
 * one, and the back office's editor writes nothing else.
 */
export const DESCRIPTION_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'ul',
  'ol',
  'li',
  'a',
  'table',
  'caption',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

/** The attributes kept, per element: a link's address (its rel is the shop's), a cell's spans. */
export const DESCRIPTION_ATTRIBUTES = {
  a: ['href', 'rel'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
} as const;

/** The addresses a link may have. */
export const DESCRIPTION_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

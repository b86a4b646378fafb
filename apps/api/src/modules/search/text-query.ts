import type { SearchFilter, SearchTerm } from './repository';

/*
 * A search's match as words (decision 068): what `product_search`'s GIN index answers, asked of
 * the words the listing index keeps of each product instead. A product matches a word when its
 * search row has that lexeme; `all` and `any` are tsquery's `&&` and `||`.
 */
export type TextQuery =
  { word: string } | { all: readonly TextQuery[] } | { any: readonly TextQuery[] };

/**
 * What the listing index counts a search's facets over: its match as words, or the numbers of the
 * products it matches when its terms' queries are more than words (the database read them).
 */
export type SearchMatches = { query: TextQuery } | { numbers: readonly number[] };

/** What no product matches (a search of stop words alone). */
export const NO_MATCH: TextQuery = { any: [] };

/**
 * The lexemes of a `plainto_tsquery` as PostgreSQL prints it ("'t-shirt' & 'shirt'"), or
 * undefined when it holds anything but lexemes joined by `&` (a weight, a prefix, another
 * operator): the caller then asks the database. An empty text is a query of no lexemes.
 */
export function lexemesOfPlainQuery(text: string): string[] | undefined {
  const lexemes: string[] = [];
  let at = 0;
  const skipSpaces = () => {
    while (text[at] === ' ') at += 1;
  };
  skipSpaces();
  while (at < text.length) {
    if (lexemes.length) {
      if (text[at] !== '&') return undefined;
      at += 1;
      skipSpaces();
    }
    if (text[at] !== "'") return undefined;
    // A quote inside is doubled, a backslash escaped by one.
    let lexeme = '';
    for (at += 1; ; at += 1) {
      if (at >= text.length) return undefined;
      const char = text[at]!;
      if (char === '\\') {
        at += 1;
        lexeme += text[at] ?? '';
      } else if (char === "'") {
        if (text[at + 1] !== "'") break;
        lexeme += "'";
        at += 1;
      } else lexeme += char;
    }
    at += 1;
    lexemes.push(lexeme);
    skipSpaces();
  }
  return lexemes;
}

/** Every text a filter's terms ask `plainto_tsquery` about (its words, synonyms, corrections). */
export function plainTermsOf(filter: SearchFilter): string[] {
  const texts = new Set<string>();
  const visit = (term: SearchTerm) => {
    if (typeof term === 'string') texts.add(term);
    else if ('all' in term) for (const word of term.all) word.forEach(visit);
  };
  for (const word of filter.terms) word.forEach(visit);
  return [...texts];
}

/**
 * The filter's match as words, built as `matchQuery` builds its tsquery: per search word, any of
 * its terms; all of the words or any. A query of no lexemes drops out of an `&&` or `||`, as in
 * PostgreSQL; a match of nothing at all is `NO_MATCH`. Undefined when a term is a prefix or the
 * database's query of a term is not lexemes joined by `&` (`lexemesOf` answers undefined).
 */
export function textQueryOf(
  filter: SearchFilter,
  lexemesOf: (text: string) => readonly string[] | undefined,
): TextQuery | undefined {
  let unknown = false;
  const join = (kind: 'all' | 'any', parts: (TextQuery | null)[]): TextQuery | null => {
    // Each part once: 'hoodie' and 'hoodies', two corrections of 'hodie', are one stem.
    const keys = new Set<string>();
    const present = parts.filter((part): part is TextQuery => {
      const key = JSON.stringify(part);
      if (part === null || keys.has(key)) return false;
      keys.add(key);
      return true;
    });
    if (!present.length) return null;
    return present.length === 1
      ? present[0]!
      : kind === 'all'
        ? { all: present }
        : { any: present };
  };
  const termQuery = (term: SearchTerm): TextQuery | null => {
    if (typeof term !== 'string' && 'prefix' in term) {
      unknown = true;
      return null;
    }
    if (typeof term !== 'string') return wordsQuery(term.all, true);
    const lexemes = lexemesOf(term);
    if (!lexemes) unknown = true;
    return join(
      'all',
      (lexemes ?? []).map((word) => ({ word })),
    );
  };
  const wordsQuery = (words: readonly (readonly SearchTerm[])[], every: boolean) =>
    join(
      every ? 'all' : 'any',
      words.map((terms) => join('any', terms.map(termQuery))),
    );
  const query = wordsQuery(filter.terms, filter.every);
  return unknown ? undefined : (query ?? NO_MATCH);
}

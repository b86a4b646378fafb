import { describe, expect, it } from 'vitest';
import { NO_MATCH, lexemesOfPlainQuery, plainTermsOf, textQueryOf } from './text-query';

// A search's match as words (decision 068): the database's printed queries read back, and the
// filter's terms joined as `matchQuery` joins their tsqueries.

describe('lexemesOfPlainQuery', () => {
  it('reads the lexemes of a plain query as PostgreSQL prints it', () => {
    expect(lexemesOfPlainQuery("'t-shirt' & 'shirt'")).toEqual(['t-shirt', 'shirt']);
    expect(lexemesOfPlainQuery("'hoodi'")).toEqual(['hoodi']);
    expect(lexemesOfPlainQuery('')).toEqual([]);
    // A quote is doubled, a backslash escaped.
    expect(lexemesOfPlainQuery("'o''brien' & 'a\\\\b'")).toEqual(["o'brien", 'a\\b']);
  });

  it('answers undefined for anything more than lexemes joined by &', () => {
    for (const printed of [
      "'a' | 'b'",
      "'a' <-> 'b'",
      "!'a'",
      "'a':*",
      "'a':A",
      "'a' & ('b')",
      "'a",
    ])
      expect(lexemesOfPlainQuery(printed), printed).toBeUndefined();
  });
});

describe('textQueryOf', () => {
  const lexemes: Record<string, string[]> = {
    tee: ['tee'],
    't-shirt': ['t-shirt', 'shirt'],
    the: [],
    tote: ['tote'],
    bag: ['bag'],
  };
  const lexemesOf = (text: string) => lexemes[text];

  it('joins each word’s terms with any, the words with all or any', () => {
    const terms = [['tee', 't-shirt'], ['tote']];
    expect(textQueryOf({ terms, every: true }, lexemesOf)).toEqual({
      all: [
        { any: [{ word: 'tee' }, { all: [{ word: 't-shirt' }, { word: 'shirt' }] }] },
        { word: 'tote' },
      ],
    });
    expect(textQueryOf({ terms, every: false }, lexemesOf)).toEqual({
      any: [
        { any: [{ word: 'tee' }, { all: [{ word: 't-shirt' }, { word: 'shirt' }] }] },
        { word: 'tote' },
      ],
    });
    expect(plainTermsOf({ terms, every: true })).toEqual(['tee', 't-shirt', 'tote']);
  });

  it('drops a term of no lexemes, as tsquery’s && and || do, and matches nothing of none', () => {
    expect(textQueryOf({ terms: [['the'], ['tote', 'the']], every: true }, lexemesOf)).toEqual({
      word: 'tote',
    });
    expect(textQueryOf({ terms: [['the']], every: true }, lexemesOf)).toBe(NO_MATCH);
  });

  it('asks a stem once: two corrections of one word that stem alike', () => {
    const stems = (text: string) => (text.startsWith('hoodie') ? ['hoodi'] : undefined);
    expect(
      textQueryOf({ terms: [['hodie', 'hoodie', 'hoodies']], every: true }, (text) =>
        text === 'hodie' ? [] : stems(text),
      ),
    ).toEqual({ word: 'hoodi' });
  });

  it('reads a phrase’s words all together', () => {
    const terms = [[{ all: [['tote'], ['bag']] }, 'tee']];
    expect(textQueryOf({ terms, every: true }, lexemesOf)).toEqual({
      any: [{ all: [{ word: 'tote' }, { word: 'bag' }] }, { word: 'tee' }],
    });
    expect(plainTermsOf({ terms, every: true })).toEqual(['tote', 'bag', 'tee']);
  });

  it('answers undefined for a prefix or a term the database printed more than words for', () => {
    expect(textQueryOf({ terms: [[{ prefix: 'hod' }]], every: true }, lexemesOf)).toBeUndefined();
    expect(textQueryOf({ terms: [['unknown']], every: true }, lexemesOf)).toBeUndefined();
  });
});

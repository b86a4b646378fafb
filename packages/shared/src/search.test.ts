import { describe, expect, it } from 'vitest';
import {
  phrasesIn,
  MAX_SEARCH_WORDS,
  editDistance,
  prefixCompletions,
  suggestionsQuerySchema,
  typosAllowed,
  normalizeSynonymGroups,
  searchWordsOf,
  synonymGroupsOfText,
  synonymTextOfGroups,
  synonymListWriteSchema,
  typoCorrections,
} from './search';

describe('searchWordsOf', () => {
  it('splits a search into lower-case words, each once, keeping joined words whole', () => {
    expect(searchWordsOf('  Black TOTE, black!')).toEqual(['black', 'tote']);
    expect(searchWordsOf('T-Shirt s/m TOTE-FL-001')).toEqual(['t-shirt', 's/m', 'tote-fl-001']);
    expect(searchWordsOf('Strong & Kind')).toEqual(['strong', 'kind']);
    expect(searchWordsOf('Crème brûlée')).toEqual(['crème', 'brûlée']);
  });

  it('finds no word in punctuation alone', () => {
    for (const keyword of ['%', '_', '&', '--', "'", '""', ' '])
      expect(searchWordsOf(keyword)).toEqual([]);
  });

  it(`reads at most ${MAX_SEARCH_WORDS} words`, () => {
    expect(searchWordsOf('a b c d e f g h i j')).toHaveLength(MAX_SEARCH_WORDS);
  });
});

describe('editDistance', () => {
  it.each([
    ['hodie', 'hoodie', 1],
    ['flowr', 'flower', 1],
    ['hoodie', 'hoodie', 0],
    ['hoodei', 'hoodie', 1],
    ['tote', 'bag', 4],
    ['', 'abc', 3],
    ['sweatshrit', 'sweatshirt', 1],
    ['flwr', 'flower', 2],
  ])('%s → %s is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe('typoCorrections', () => {
  it('answers the nearest words at most two typos away', () => {
    expect(typoCorrections('hodie', ['hoodie', 'hoodies', 'hood'])).toEqual(['hoodie']);
    expect(typoCorrections('flowr', ['flower', 'flowers', 'wildflower'])).toEqual(['flower']);
    expect(typoCorrections('jasminn', ['jasmine', 'jasmines'])).toEqual(['jasmine']);
  });

  it('allows no typo below 5 letters, one below 7, two from 7', () => {
    expect([3, 4, 5, 6, 7, 12].map(typosAllowed)).toEqual([0, 0, 1, 1, 2, 2]);
    expect(typoCorrections('swetshrt', ['sweatshirt'])).toEqual(['sweatshirt']);
    expect(typoCorrections('hoodei', ['hoodie'])).toEqual(['hoodie']);
  });

  it('corrects no word shorter than five letters, and nothing further than it allows', () => {
    expect(typoCorrections('tot', ['tote'])).toEqual([]);
    expect(typoCorrections('hodi', ['hoodie'])).toEqual([]);
    expect(typoCorrections('zebra', ['zero', 'debris'])).toEqual([]);
    expect(typoCorrections('hoddy', ['hoodie'])).toEqual([]);
  });
});

describe('synonyms', () => {
  it('keeps groups in order, terms trimmed, lower case, each once', () => {
    expect(
      normalizeSynonymGroups([
        [' Tee ', 'T-Shirt', 'tee'],
        ['Tote  Bag', 'bag'],
      ]),
    ).toEqual([
      ['tee', 't-shirt'],
      ['tote bag', 'bag'],
    ]);
  });

  it('refuses a group of fewer than two different terms, and blank terms', () => {
    const accepts = (groups: unknown) => synonymListWriteSchema.safeParse({ groups }).success;
    expect(accepts([['tee', 'shirt']])).toBe(true);
    expect(accepts([])).toBe(true);
    expect(accepts([['tee']])).toBe(false);
    expect(accepts([['tee', ' TEE ']])).toBe(false);
    expect(accepts([['tee', '  ']])).toBe(false);
    expect(accepts([['tee', 'a\u0007']])).toBe(false);
  });
});

describe('phrasesIn', () => {
  const terms = ['tote bag', 'bag', 'waist strap', 'big tote bag', 'café au lait'];

  it('finds a synonym of several words held in a row, the longest first', () => {
    expect(phrasesIn(['black', 'tote', 'bag'], terms)).toEqual([
      { start: 1, length: 2, term: 'tote bag' },
    ]);
    expect(phrasesIn(['big', 'tote', 'bag'], terms)).toEqual([
      { start: 0, length: 3, term: 'big tote bag' },
    ]);
    expect(phrasesIn(['tote', 'bag', 'waist', 'strap'], terms)).toEqual([
      { start: 0, length: 2, term: 'tote bag' },
      { start: 2, length: 2, term: 'waist strap' },
    ]);
  });

  it('folds accents as the search does, and needs the words in order and in a row', () => {
    expect(phrasesIn(['cafe', 'au', 'lait'], terms)).toEqual([
      { start: 0, length: 3, term: 'café au lait' },
    ]);
    expect(phrasesIn(['bag', 'tote'], terms)).toEqual([]);
    expect(phrasesIn(['tote', 'black', 'bag'], terms)).toEqual([]);
    expect(phrasesIn(['bag'], terms)).toEqual([]);
  });

  it('reads the list it is given each time, though it parses a list once', () => {
    expect(phrasesIn(['waist', 'strap'], terms)).toHaveLength(1);
    expect(phrasesIn(['waist', 'strap'], ['tote bag'])).toEqual([]);
    expect(phrasesIn(['waist', 'strap'], [...terms, 'strap'])).toHaveLength(1);
    expect(phrasesIn(['tote', 'bag'], ['waist strap'])).toEqual([]);
  });
});

describe('the synonyms as text', () => {
  it('reads one group a line, terms parted by = or commas, and writes it back', () => {
    const groups = synonymGroupsOfText(
      ' tee = t-shirt, tshirt =shirt \n\n strap=belt\r\n tote bag , bag ',
    );
    expect(groups).toEqual([
      ['tee', 't-shirt', 'tshirt', 'shirt'],
      ['strap', 'belt'],
      ['tote bag', 'bag'],
    ]);
    expect(synonymTextOfGroups(groups)).toBe(
      'tee = t-shirt = tshirt = shirt\nstrap = belt\ntote bag = bag',
    );
    expect(synonymGroupsOfText('tee')).toEqual([['tee']]);
  });
});

describe('prefixCompletions', () => {
  const words = ['hoodie', 'hoodies', 'hold', 'home', 'tote', 'totes', 'flower', 'flowers'];

  it('completes a word from the words that start with it', () => {
    expect(prefixCompletions('tot', words)).toEqual(['tote', 'totes']);
    expect(prefixCompletions('ho', words)).toEqual(['hoodie', 'hoodies', 'hold', 'home']);
  });

  it('forgives a typo in the start of a word of 4 letters or more, the nearest words only', () => {
    expect(prefixCompletions('hodi', words)).toEqual(['hoodie', 'hoodies']);
    expect(prefixCompletions('flowr', words)).toEqual(['flower', 'flowers']);
    expect(prefixCompletions('tpt', words)).toEqual([]);
    expect(prefixCompletions('zzzz', words)).toEqual([]);
  });
});

describe('suggestionsQuerySchema', () => {
  it('takes 2 to 100 characters once trimmed', () => {
    expect(suggestionsQuerySchema.safeParse({ q: ' ho ' })).toMatchObject({ data: { q: 'ho' } });
    for (const q of ['h', '  h ', 'x'.repeat(101), 'ho\u0000'])
      expect(suggestionsQuerySchema.safeParse({ q }).success, q).toBe(false);
    expect(suggestionsQuerySchema.safeParse({}).success).toBe(false);
  });
});

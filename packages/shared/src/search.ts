import * as z from 'zod/mini';
import { singleLineText } from './text';

/*
 * The storefront search's rules (decision 050). PostgreSQL stems, folds accents and ranks; these
 * decide what a shopper's words are and which near words stand for a misspelt one.
 */

/** A word shorter than this is never corrected: too many short words are one typo apart. */
export const TYPO_MIN_LENGTH = 5;
/** From this length a word may have two typos; shorter ones one ('zebra' is not 'zero'). */
export const TWO_TYPOS_MIN_LENGTH = 7;

/**
 * How many typos (insertions, deletions, substitutions, swaps of neighbours) a word of this
 * many letters may have and still find what it was meant to: 0 below 5, 1 below 7, else 2.
 */
export const typosAllowed = (length: number) =>
  length < TYPO_MIN_LENGTH ? 0 : length < TWO_TYPOS_MIN_LENGTH ? 1 : 2;
/** A search reads at most this many words; the rest are ignored. */
export const MAX_SEARCH_WORDS = 8;
/** At most this many corrections stand for one misspelt word. */
const MAX_CORRECTIONS = 3;

/**
 * The words of a search: lower case, split at anything that is not a letter, a digit or a
 * joining mark inside a word ('t-shirt', 's/m', a SKU 'tote-fl-001' stay whole), each once, at
 * most MAX_SEARCH_WORDS. Punctuation alone is no word ('%', '_', '&').
 */
export function searchWordsOf(keyword: string): string[] {
  const words = keyword
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}\-/'.]+/u)
    .map((word) => word.replace(/^[-/'.]+|[-/'.]+$/g, ''))
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * The number of single-character edits (insert, delete, substitute, or swap two neighbours) that
 * turn `a` into `b` (optimal string alignment distance).
 */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let before: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= y.length; j += 1) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        best = Math.min(best, (before[j - 2] ?? 0) + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[y.length] ?? 0;
}

/**
 * What a misspelt word stands for: of the shop's words that look like it (`near`, most alike
 * first), those within the typos its length allows, the nearest only. None for a short word.
 */
export function typoCorrections(word: string, near: readonly string[]): string[] {
  const allowed = typosAllowed([...word].length);
  if (!allowed) return [];
  const scored = near
    .filter((candidate) => candidate !== word)
    .map((candidate) => ({ candidate, distance: editDistance(word, candidate) }))
    .filter(({ distance }) => distance <= allowed);
  const nearest = Math.min(...scored.map(({ distance }) => distance));
  return scored
    .filter(({ distance }) => distance === nearest)
    .map(({ candidate }) => candidate)
    .slice(0, MAX_CORRECTIONS);
}

/**
 * How a search's results came about: every word matched ('all'), no product had every word so
 * these match some of them ('some'), or nothing matched ('none'), with the shop's words closest
 * to what was typed.
 */
export const searchOutcomeSchema = z.object({
  matched: z.enum(['all', 'some', 'none']),
  didYouMean: z.array(z.string()),
});
export type SearchOutcome = z.infer<typeof searchOutcomeSchema>;

/** What the results page says when no product has every word of the search. */
export const partialMatchMessage = (keyword: string) =>
  `No products match all of "${keyword}", showing products that match some of it`;

/* The owner's synonyms (back office). */

export const MAX_SYNONYM_GROUPS = 200;
export const MAX_TERMS_PER_GROUP = 20;

/** A synonym as the shop keeps it: trimmed, lower case, single spaces. */
export const normalizeSynonymTerm = (term: string) =>
  term.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

const synonymTermSchema = singleLineText('Synonym').check(
  z.trim(),
  z.minLength(1, 'A synonym cannot be blank'),
  z.maxLength(60, 'A synonym is at most 60 characters'),
);

/** One group: words or phrases a search treats as one ('tee', 't-shirt', 'tshirt', 'shirt'). */
export const synonymGroupSchema = z.array(synonymTermSchema).check(
  z.maxLength(MAX_TERMS_PER_GROUP, `A group has at most ${MAX_TERMS_PER_GROUP} synonyms`),
  z.refine(
    (terms) => new Set(terms.map(normalizeSynonymTerm)).size >= 2,
    'A group needs at least two different synonyms',
  ),
);

/** PUT /api/admin/search/synonyms: the whole list, replacing the one kept. */
export const synonymListWriteSchema = z.object({
  groups: z
    .array(synonymGroupSchema)
    .check(z.maxLength(MAX_SYNONYM_GROUPS, `At most ${MAX_SYNONYM_GROUPS} groups`)),
});
export type SynonymListWrite = z.infer<typeof synonymListWriteSchema>;

/** GET /api/admin/search/synonyms (and the answer of PUT). */
export const synonymListSchema = z.object({ groups: z.array(z.array(z.string())) });
export type SynonymList = z.infer<typeof synonymListSchema>;

/** The groups as kept: terms normalised, each once in its group; groups in the owner's order. */
export function normalizeSynonymGroups(groups: readonly (readonly string[])[]): string[][] {
  return groups.map((terms) => [...new Set(terms.map(normalizeSynonymTerm))]);
}

/**
 * The back office's way to write the list: one group a line, its terms parted by '=' or commas
 * ('tee = t-shirt = tshirt = shirt'); blank lines are skipped.
 */
export function synonymGroupsOfText(text: string): string[][] {
  return text
    .split(/\r?\n/)
    .map((line) =>
      line
        .split(/[=,]/)
        .map((term) => term.trim())
        .filter(Boolean),
    )
    .filter((terms) => terms.length > 0);
}

/** The list as the back office shows it: one group a line. */
export const synonymTextOfGroups = (groups: readonly (readonly string[])[]) =>
  groups.map((terms) => terms.join(' = ')).join('\n');

/* Suggestions as the shopper types (the header's search box). */

/** Suggestions start from this many characters; a search box sends at most MAX_SUGGEST_LENGTH. */
export const MIN_SUGGEST_LENGTH = 2;
export const MAX_SUGGEST_LENGTH = 100;
/** At most this many products and query completions are suggested. */
export const SUGGESTED_PRODUCTS = 6;
export const SUGGESTED_COMPLETIONS = 4;

/** GET /api/search/suggestions?q=: what has been typed so far, 2 to 100 characters once trimmed. */
export const suggestionsQuerySchema = z.object({
  q: singleLineText('Search').check(
    z.trim(),
    z.minLength(MIN_SUGGEST_LENGTH, `Type at least ${MIN_SUGGEST_LENGTH} characters`),
    z.maxLength(MAX_SUGGEST_LENGTH, `A search is at most ${MAX_SUGGEST_LENGTH} characters`),
  ),
});
export type SuggestionsQuery = z.infer<typeof suggestionsQuerySchema>;

/** A suggested product: what the box shows of it (photo, name, price) and where it leads. */
export const suggestedProductSchema = z.object({
  _id: z.string(),
  handle: z.string(),
  name: z.string(),
  image: z.string(),
  /** Dollars, two decimals. */
  price: z.number().check(z.nonnegative()),
  /** The card's sale under an automatic discount (decision 052): its price and the discount's name. */
  sale: z.optional(z.object({ price: z.number().check(z.nonnegative()), title: z.string() })),
});
export type SuggestedProduct = z.infer<typeof suggestedProductSchema>;

/** GET /api/search/suggestions: products best first, and searches that complete what was typed. */
export const suggestionsSchema = z.object({
  products: z.array(suggestedProductSchema),
  completions: z.array(z.string()),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;

/**
 * How many typos the beginning of a word may have while it is still being typed: none below 4
 * letters ('tot' is only what starts with it), 1 below 7 ('hodi' is the start of 'hoodie'), else 2.
 */
export const prefixTyposAllowed = (length: number) => (length < 4 ? 0 : length < 7 ? 1 : 2);

/** The typos between what has been typed and the start of `word` (a letter more or less). */
function prefixDistance(prefix: string, word: string): number {
  const length = [...prefix].length;
  const letters = [...word];
  return Math.min(
    ...[length - 1, length, length + 1]
      .filter((end) => end > 0 && end <= letters.length)
      .map((end) => editDistance(prefix, letters.slice(0, end).join(''))),
  );
}

/**
 * The shop's words that a word being typed may become: those that start with it, in the order
 * given (`candidates`, best first); when none does, those whose start is within the typos its
 * length allows, the nearest only.
 */
export function prefixCompletions(prefix: string, candidates: readonly string[]): string[] {
  const starting = candidates.filter((word) => word.startsWith(prefix));
  if (starting.length) return starting;
  const allowed = prefixTyposAllowed([...prefix].length);
  if (!allowed) return [];
  const scored = candidates
    .map((word) => ({ word, distance: prefixDistance(prefix, word) }))
    .filter(({ distance }) => distance <= allowed);
  const nearest = Math.min(...scored.map(({ distance }) => distance));
  return scored.filter(({ distance }) => distance === nearest).map(({ word }) => word);
}

/** A word as a phrase is compared: accents folded ('café' is 'cafe'). */
const foldWord = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '');

/** Where a synonym of several words stands in a search: from its `start`-th word, `length` words. */
export interface PhraseAt {
  start: number;
  length: number;
  /** The synonym as the shop keeps it ('tote bag'). */
  term: string;
}

interface Phrase {
  term: string;
  words: string[];
}

/** The last list of synonyms read, as phrases: a shop reads the same list for every search. */
let lastPhrases: { terms: string; byFirstWord: Map<string, Phrase[]> } | undefined;

/**
 * The synonyms of several words among `terms`, by their first word, the longest first (then in
 * alphabetical order). Parsing 4,000 terms takes about 10 ms: it is done once per list.
 */
function phrasesByFirstWord(terms: readonly string[]): Map<string, Phrase[]> {
  const key = terms.join('\n');
  if (lastPhrases?.terms === key) return lastPhrases.byFirstWord;
  const byFirstWord = new Map<string, Phrase[]>();
  const phrases = terms
    .map((term) => ({ term, words: searchWordsOf(term).map(foldWord) }))
    .filter((phrase) => phrase.words.length > 1)
    .sort((a, b) => b.words.length - a.words.length || a.term.localeCompare(b.term));
  for (const phrase of phrases) {
    const first = phrase.words[0]!;
    const starting = byFirstWord.get(first);
    if (starting) starting.push(phrase);
    else byFirstWord.set(first, [phrase]);
  }
  lastPhrases = { terms: key, byFirstWord };
  return byFirstWord;
}

/**
 * The owner's synonyms of several words ('tote bag') that a search's words hold in a row, as its
 * words would read them (`searchWordsOf`, accents folded): the longest first where two start at
 * the same word, from the left, none overlapping. A synonym of one word is not a phrase.
 */
export function phrasesIn(words: readonly string[], terms: readonly string[]): PhraseAt[] {
  const folded = words.map(foldWord);
  const byFirstWord = phrasesByFirstWord(terms);
  const found: PhraseAt[] = [];
  for (let start = 0; start < folded.length;) {
    const phrase = byFirstWord
      .get(folded[start]!)
      ?.find((candidate) => candidate.words.every((word, n) => folded[start + n] === word));
    if (!phrase) {
      start += 1;
      continue;
    }
    found.push({ start, length: phrase.words.length, term: phrase.term });
    start += phrase.words.length;
  }
  return found;
}

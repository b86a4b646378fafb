import {
  SUGGESTED_COMPLETIONS,
  SUGGESTED_PRODUCTS,
  normalizeSynonymGroups,
  phrasesIn,
  prefixCompletions,
  searchWordsOf,
  typoCorrections,
  type Suggestions,
  type SynonymList,
  type SynonymListWrite,
} from '@shop/shared/search';
import {
  SEARCH_REPORT_ROWS,
  searchReportFirstDay,
  shopDayOf,
  type SearchReport,
} from '@shop/shared/search-report';
import type { Database } from '../../db/client';
import { recordAudit, type AuditActor } from '../audit/service';
import {
  findClosestWords,
  findNoResultQueries,
  findPlainQueries,
  findPrefixCandidates,
  findSearchMatchNumbers,
  findSuggestedProducts,
  findSynonymGroups,
  findTopSearchQueries,
  readWords,
  searchMatchesSql,
  searchScoreSql,
  searchTopScoreSql,
  replaceSynonymGroups,
  sumSearchDays,
  type SearchFilter,
  type SearchTerm,
  type SearchTerms,
  type WordReading,
} from './repository';
import { lexemesOfPlainQuery, plainTermsOf, textQueryOf, type SearchMatches } from './text-query';

/** At most this many 'did you mean' words. */
const DID_YOU_MEAN = 5;

/**
 * What each word of a search stands for: itself, its synonyms and, for a word no product has
 * (and no synonym group names), the shop's words one or two typos away. Stop words go. Words
 * that make up one of the owner's synonyms of several words ('tote bag') stand together: all of
 * them as each reads, or one of the phrase's synonyms.
 */
async function termsOf(db: Database, words: readonly string[]): Promise<SearchTerms> {
  const [readings, groups] = await Promise.all([
    readWords(db, words),
    words.length > 1 ? findSynonymGroups(db) : [],
  ]);
  const termsOfWord = (reading: WordReading): SearchTerm[] | undefined => {
    if (reading.stop) return undefined;
    const corrections =
      reading.known || reading.synonyms.length ? [] : typoCorrections(reading.word, reading.near);
    return [reading.word, ...reading.synonyms, ...corrections];
  };
  const phrases = phrasesIn(
    words,
    groups.flatMap((terms) => terms),
  );
  const terms: SearchTerm[][] = [];
  for (let at = 0; at < readings.length;) {
    const phrase = phrases.find((found) => found.start === at);
    if (!phrase) {
      const own = termsOfWord(readings[at]!);
      if (own) terms.push(own);
      at += 1;
      continue;
    }
    const each = readings
      .slice(at, at + phrase.length)
      .map(termsOfWord)
      .filter((own) => own !== undefined);
    const synonyms = groups
      .filter((group) => group.includes(phrase.term))
      .flatMap((group) => group.filter((term) => term !== phrase.term));
    terms.push([each.length ? { all: each } : phrase.term, ...new Set(synonyms)]);
    at += phrase.length;
  }
  return terms;
}

/**
 * How a listing reads a keyword (decision 050): the products with every word; when none has them
 * all (and there are several), those with any of them. The listing tries these in order and
 * keeps the first that finds something (catalog/listing.ts).
 */
export async function searchAttempts(
  db: Database,
  keyword: string,
): Promise<{ words: string[]; attempts: SearchFilter[] }> {
  const words = searchWordsOf(keyword);
  const terms = await termsOf(db, words);
  if (!terms.length) return { words, attempts: [] };
  const every: SearchFilter = {
    terms,
    every: true,
    phrase: words.length > 1 ? words.join(' ') : undefined,
  };
  return { words, attempts: terms.length > 1 ? [every, { ...every, every: false }] : [every] };
}

/** A search as a listing's scope: its matches to join as `m`, and their rank (decision 057). */
export const searchScopeOf = (filter: SearchFilter) => ({
  matches: searchMatchesSql(filter),
  score: searchScoreSql(filter),
  topScore: searchTopScoreSql(filter),
});

/**
 * What a search matches, for the listing index to count its facets (decisions 061 and 068): its
 * words as the database stems them, one round trip for all its terms; or, if a term's query is
 * more than words, the numbers of the products it matches.
 */
export async function searchMatchesOf(db: Database, filter: SearchFilter): Promise<SearchMatches> {
  const printed = await findPlainQueries(db, plainTermsOf(filter));
  const query = textQueryOf(filter, (text) => {
    const tsquery = printed.get(text);
    return tsquery === undefined ? undefined : lexemesOfPlainQuery(tsquery);
  });
  return query ? { query } : { numbers: await findSearchMatchNumbers(db, filter) };
}

/** A search that found nothing, even with typos allowed: the shop's closest words instead. */
export async function didYouMean(db: Database, words: readonly string[]): Promise<string[]> {
  return findClosestWords(db, words, DID_YOU_MEAN);
}

/**
 * Suggestions for what has been typed so far (the header's search box): the words before the last
 * are read as a search reads them (synonyms, typos); the last is the start of a word, completed
 * from the shop's words, a typo forgiven from 4 letters ('hodi' is 'hoodie'). Up to 6 products
 * ranked as the search ranks them, and up to 4 searches that complete the last word. The
 * completions, the words before it from two words on, then the products (`findSuggestedProducts`:
 * by name first, scored only when names are not enough).
 */
export async function suggest(db: Database, typed: string): Promise<Suggestions> {
  const words = searchWordsOf(typed);
  const prefix = words.at(-1);
  if (prefix === undefined) return { products: [], completions: [] };
  const before = words.slice(0, -1);
  const terms = await termsOf(db, before);
  const completed = prefixCompletions(prefix, await findPrefixCandidates(db, prefix));
  const rows = await findSuggestedProducts(
    db,
    { terms: [...terms, [{ prefix }, ...completed]], every: true },
    SUGGESTED_PRODUCTS,
  );
  const searches = completed
    .map((word) => [...before, word].join(' '))
    .filter((search) => search !== words.join(' '));
  return {
    products: rows.map((row) => ({
      _id: row.id,
      handle: row.handle,
      name: row.name,
      image: row.image,
      price: row.priceCents / 100,
    })),
    completions: searches.slice(0, SUGGESTED_COMPLETIONS),
  };
}

/* The owner's synonyms (back office). */

export async function getSynonyms(db: Database): Promise<SynonymList> {
  return { groups: await findSynonymGroups(db) };
}

export interface SynonymsContext {
  db: Database;
  /** After a write: the storefront's cached answers are dropped (other processes within a second). */
  onCatalogChanged: () => void;
}

export async function replaceSynonyms(
  ctx: SynonymsContext,
  write: SynonymListWrite,
  actor: AuditActor,
): Promise<SynonymList> {
  const groups = normalizeSynonymGroups(write.groups);
  await ctx.db.transaction(async (tx) => {
    await replaceSynonymGroups(tx, groups);
    await recordAudit(tx, actor, {
      action: 'search.synonyms_replaced',
      summary: `Replaced the search synonyms (${groups.length} groups): ${groups
        .map((terms) => terms.join(' = '))
        .join('; ')
        .slice(0, 500)}`,
    });
  });
  ctx.onCatalogChanged();
  return { groups };
}

/* The Searches report (back office, decision 056). */

/** The last 30 days of the shop's calendar up to `now`, today included. */
export async function getSearchReport(db: Database, now: Date): Promise<SearchReport> {
  const to = shopDayOf(now);
  const days = { from: searchReportFirstDay(to), to };
  const totals = await sumSearchDays(db, days);
  const topQueries = await findTopSearchQueries(db, days, SEARCH_REPORT_ROWS);
  const noResults = await findNoResultQueries(db, days, SEARCH_REPORT_ROWS);
  return {
    ...days,
    totals,
    topQueries,
    noResults: noResults.map(({ query, searches }) => ({ query, searches })),
  };
}

import {
  SUGGESTED_COMPLETIONS,
  SUGGESTED_PRODUCTS,
  normalizeSynonymGroups,
  prefixCompletions,
  searchWordsOf,
  typoCorrections,
  type SearchOutcome,
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
  countMatches,
  findClosestWords,
  findNoResultQueries,
  findPrefixCandidates,
  findRankedIds,
  findSuggestedProducts,
  findSynonymGroups,
  findTopSearchQueries,
  readWords,
  replaceSynonymGroups,
  sumSearchDays,
  type SearchFilter,
  type SearchTerms,
} from './repository';

/** At most this many 'did you mean' words. */
const DID_YOU_MEAN = 5;

export interface SearchRequest {
  keyword: string;
  categories?: readonly string[] | undefined;
}

export interface SearchPage {
  /** The products of the page, best first. */
  ids: string[];
  total: number;
  outcome: SearchOutcome;
}

/**
 * What each word of a search stands for: itself, its synonyms and, for a word no product has
 * (and no synonym group names), the shop's words one or two typos away. Stop words go.
 */
async function termsOf(db: Database, words: readonly string[]): Promise<SearchTerms> {
  const readings = await readWords(db, words);
  return readings
    .filter((reading) => !reading.stop)
    .map((reading) => {
      const corrections =
        reading.known || reading.synonyms.length ? [] : typoCorrections(reading.word, reading.near);
      return [reading.word, ...reading.synonyms, ...corrections];
    });
}

/**
 * The storefront's search (decision 050): the products with every word; when none has them all
 * (and there are several), those with any of them; ranked by where the words are, then stock,
 * then age. Nothing at all: the shop's closest words instead.
 */
export async function searchProducts(
  db: Database,
  request: SearchRequest,
  page: { limit: number; offset: number },
): Promise<SearchPage> {
  const words = searchWordsOf(request.keyword);
  const terms = await termsOf(db, words);
  if (terms.length) {
    const every: SearchFilter = {
      terms,
      every: true,
      categories: request.categories,
      phrase: words.length > 1 ? words.join(' ') : undefined,
    };
    for (const filter of terms.length > 1 ? [every, { ...every, every: false }] : [every]) {
      const total = await countMatches(db, filter);
      if (total > 0) {
        const ids = page.offset < total ? await findRankedIds(db, filter, page) : [];
        const matched = filter.every ? 'all' : 'some';
        return { ids, total, outcome: { matched, didYouMean: [] } };
      }
    }
  }
  const didYouMean = await findClosestWords(db, words, DID_YOU_MEAN);
  return { ids: [], total: 0, outcome: { matched: 'none', didYouMean } };
}

/**
 * Suggestions for what has been typed so far (the header's search box): the words before the last
 * are read as a search reads them (synonyms, typos); the last is the start of a word, completed
 * from the shop's words, a typo forgiven from 4 letters ('hodi' is 'hoodie'). Up to 6 products
 * ranked as the search ranks them, and up to 4 searches that complete the last word. Two
 * statements for one word, three from two words on.
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

import {
  normalizeSynonymGroups,
  searchWordsOf,
  typoCorrections,
  type SearchOutcome,
  type SynonymList,
  type SynonymListWrite,
} from '@shop/shared/search';
import type { Database } from '../../db/client';
import { recordAudit, type AuditActor } from '../audit/service';
import {
  countMatches,
  findClosestWords,
  findRankedIds,
  findSynonymGroups,
  readWords,
  replaceSynonymGroups,
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

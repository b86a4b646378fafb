import { asc, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { searchSynonyms } from '../../db/schema';

/*
 * The storefront search's SQL (decision 050): the same statements on PGlite and PostgreSQL. Every
 * word of a search becomes a tsquery in `shop_search` (English stems, accents folded): the word
 * itself OR its synonyms OR its typo corrections. The GIN index of product_search.document finds
 * the matches; the three fields rank them.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** What the database knows of one word of a search. */
export interface WordReading {
  word: string;
  /** Only a stop word ('the', 'and'): no word at all for the search. */
  stop: boolean;
  /** Some published product's text has it (as it is, stemmed, accents folded). */
  known: boolean;
  /** The other terms of the owner's synonym groups that hold it. */
  synonyms: string[];
  /** Words of the vocabulary that look like it (trigram similarity), most alike first. */
  near: string[];
}

/** A published product's search row matches `query`. */
const publishedMatch = (query: SQL) => sql`exists (
  select 1 from product_search s join products p on p.id = s.product_id
  where p.status = 'published' and s.document @@ ${query})`;

const tsquery = (text: SQL | string) => sql`plainto_tsquery('shop_search', ${text})`;

/** One round trip for all the words of a search. */
export async function readWords(db: Executor, words: readonly string[]): Promise<WordReading[]> {
  if (!words.length) return [];
  return rowsOf<WordReading>(await db.execute(readWordsSql(words)));
}

/** The statements, for EXPLAIN (bench/search-explain.ts) as much as for the functions here. */
export const readWordsSql = (words: readonly string[]) => sql`
    select w.word,
      numnode(${tsquery(sql`w.word`)}) = 0 as stop,
      ${publishedMatch(tsquery(sql`w.word`))} as known,
      coalesce((
        select array_agg(distinct t.term) from search_synonyms g, unnest(g.terms) as t(term)
        where t.term <> w.word and exists (
          select 1 from unnest(g.terms) as m(term)
          where ${tsquery(sql`m.term`)}::text = ${tsquery(sql`w.word`)}::text)
      ), '{}') as synonyms,
      coalesce((
        select array_agg(n.word order by n.likeness desc, n.word) from (
          select v.word, similarity(v.word, lower(unaccent(w.word))) as likeness
          from search_words v where v.word % lower(unaccent(w.word))
          order by likeness desc, v.word limit 10) n
      ), '{}') as near
    from json_array_elements_text(${JSON.stringify(words)}::json) with ordinality as w(word, n)
    order by w.n`;

/** A search as SQL: per word, the terms that stand for it (the word, synonyms, corrections). */
export type SearchTerms = readonly (readonly string[])[];

const wordQuery = (terms: readonly string[]) =>
  sql`(${sql.join(
    terms.map((term) => tsquery(term)),
    sql` || `,
  )})`;

/** Every word (some term of each), or any of them. */
function matchQuery(search: SearchTerms, every: boolean): SQL {
  return sql.join(search.map(wordQuery), every ? sql` && ` : sql` || `);
}

/** Each word scores 3 in the name, 2 in the category, collections, options or SKUs, 1 in the description. */
function fieldScore(terms: SearchTerms): SQL {
  return sql.join(
    terms.map((word) => {
      const query = wordQuery(word);
      return sql`(case when s.name_vector @@ ${query} then 3
        when s.facet_vector @@ ${query} then 2
        when s.text_vector @@ ${query} then 1 else 0 end)`;
    }),
    sql` + `,
  );
}

/** A name that holds the whole search as typed, stop words included ('love yourself'): 1 more. */
const phraseScore = (phrase: string | undefined) =>
  phrase
    ? sql` + (case when to_tsvector('simple', p.name) @@ phraseto_tsquery('simple', ${phrase}) then 1 else 0 end)`
    : sql``;

export interface SearchFilter {
  terms: SearchTerms;
  /** Products with every word, or with any. */
  every: boolean;
  categories?: readonly string[] | undefined;
  /** The search's words as typed, when several: a name that holds them in a row ranks higher. */
  phrase?: string | undefined;
}

/**
 * The published products that match, as `m` (with its `score` when asked) joined to `p` and its
 * stock `k`. The search rows are scored and dropped in a subquery of their own (`offset 0` keeps
 * the planner from merging it): their vectors are wide, and the joins and the sort above need
 * only the ids.
 */
function matchingProducts(filter: SearchFilter, scored: boolean): SQL {
  const inCategories = filter.categories?.length
    ? sql` and p.category in (${sql.join(
        filter.categories.map((category) => sql`${category}`),
        sql`, `,
      )})`
    : sql``;
  return sql`from (select s.product_id${scored ? sql`, ${fieldScore(filter.terms)} as score` : sql``}
        from product_search s
        where s.document @@ (${matchQuery(filter.terms, filter.every)}) offset 0) m
      join products p on p.id = m.product_id
      left join product_in_stock k on k.product_id = p.id
    where p.status = 'published'${inCategories}`;
}

export const countMatchesSql = (filter: SearchFilter) =>
  sql`select count(*)::int as total ${matchingProducts(filter, false)}`;

export async function countMatches(db: Executor, filter: SearchFilter): Promise<number> {
  const result = await db.execute(countMatchesSql(filter));
  return rowsOf<{ total: number }>(result)[0]?.total ?? 0;
}

/**
 * A page of the matching products' ids, best first: by score, then those that can be bought,
 * then the newest.
 */
export async function findRankedIds(
  db: Executor,
  filter: SearchFilter,
  page: { limit: number; offset: number },
): Promise<string[]> {
  const result = await db.execute(rankedIdsSql(filter, page));
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

export const rankedIdsSql = (filter: SearchFilter, page: { limit: number; offset: number }) => sql`
    select p.id ${matchingProducts(filter, true)}
    order by m.score${phraseScore(filter.phrase)} desc, coalesce(k.in_stock, false) desc,
      p.created_at desc, p.id
    limit ${page.limit} offset ${page.offset}`;

/** The shop's words closest to these (that some published product still has), most alike first. */
export async function findClosestWords(
  db: Executor,
  words: readonly string[],
  limit: number,
): Promise<string[]> {
  if (!words.length) return [];
  const result = await db.execute(sql`
    select v.word, max(similarity(v.word, lower(unaccent(w.word)))) as likeness
    from json_array_elements_text(${JSON.stringify(words)}::json) as w(word)
      join search_words v on v.word % lower(unaccent(w.word))
    where ${publishedMatch(tsquery(sql`v.word`))}
    group by v.word
    order by likeness desc, v.word
    limit ${limit}`);
  return rowsOf<{ word: string }>(result).map((row) => row.word);
}

/* The owner's synonyms. */

export async function findSynonymGroups(db: Executor): Promise<string[][]> {
  const rows = await db
    .select({ terms: searchSynonyms.terms })
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.id));
  return rows.map((row) => row.terms);
}

/** Replaces the whole list (the caller's transaction); two replacements at once queue. */
export async function replaceSynonymGroups(
  tx: Executor,
  groups: readonly (readonly string[])[],
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop:search-synonyms'))`);
  await tx.delete(searchSynonyms);
  if (groups.length)
    await tx.insert(searchSynonyms).values(groups.map((terms) => ({ terms: [...terms] })));
}

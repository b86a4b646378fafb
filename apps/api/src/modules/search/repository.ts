import { asc, lt, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { searchQueryDays, searchSynonyms } from '../../db/schema';

/*
 * The storefront search's SQL (decision 050): the same statements on PGlite and PostgreSQL. Every
 * word of a search becomes a tsquery in `shop_search` (English stems, accents folded): the word
 * itself OR its synonyms OR its typo corrections. The GIN index of the three fields together finds
 * the matches; the three fields rank them.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * A search row's three fields as one vector (`s`): what the GIN index `product_search_document_idx`
 * is built on, so a match must be asked in these very words (decision 064).
 */
const SEARCH_DOCUMENT = sql`(s.name_vector || s.facet_vector || s.text_vector)`;

/** What the database knows of one word of a search. */
export interface WordReading {
  word: string;
  /** Only a stop word ('the', 'and'): no word at all for the search. */
  stop: boolean;
  /**
   * Some published product's text has it (as it is, stemmed, accents folded); null when that was
   * not asked, as it could change nothing: the word has synonyms, or the shop has no other word
   * like it to correct it to. Asking costs a walk over every match of a common word (decision 065).
   */
  known: boolean | null;
  /** The other terms of the owner's synonym groups that hold it. */
  synonyms: string[];
  /** Words of the vocabulary that look like it (trigram similarity), most alike first. */
  near: string[];
}

/** A published product's search row matches `query`. */
const publishedMatch = (query: SQL) => sql`exists (
  select 1 from product_search s join products p on p.id = s.product_id
  where p.status = 'published' and ${SEARCH_DOCUMENT} @@ ${query})`;

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
      case when cardinality(syn.synonyms) = 0
        and exists (select 1 from unnest(nr.near) as c(word) where c.word <> w.word)
        then ${publishedMatch(tsquery(sql`w.word`))} end as known,
      syn.synonyms,
      nr.near
    from json_array_elements_text(${JSON.stringify(words)}::json) with ordinality as w(word, n)
    cross join lateral (select coalesce((
        select array_agg(distinct t.term) from search_synonyms g, unnest(g.terms) as t(term)
        where t.term <> w.word and exists (
          select 1 from unnest(g.terms) as m(term)
          where ${tsquery(sql`m.term`)}::text = ${tsquery(sql`w.word`)}::text)
      ), '{}') as synonyms) syn
    cross join lateral (select coalesce((
        select array_agg(v.word order by v.likeness desc, v.word) from (
          select v.word, similarity(v.word, lower(unaccent(w.word))) as likeness
          from search_words v where v.word % lower(unaccent(w.word))
          order by likeness desc, v.word limit 10) v
      ), '{}') as near) nr
    order by w.n`;

/**
 * A term of a search: a word, or the start of one still being typed (suggestions): every word
 * that begins with it, as stemmed ('hoodi' of 'hoodie' finds 'hoodies').
 */
export type SearchTerm = string | { prefix: string } | { all: SearchTerms };
/** A search as SQL: per word, the terms that stand for it (the word, synonyms, corrections). */
export type SearchTerms = readonly (readonly SearchTerm[])[];

/**
 * A word's query; a prefix's from letters and digits only (nothing of tsquery's syntax), else the
 * prefix as a word; several words' (a phrase's), every one of them.
 */
function termQuery(term: SearchTerm): SQL {
  if (typeof term === 'string') return tsquery(term);
  if ('all' in term) return sql`(${matchQuery(term.all, true)})`;
  return /^[\p{L}\p{N}]+$/u.test(term.prefix)
    ? sql`to_tsquery('shop_search', ${`'${term.prefix}':*`})`
    : tsquery(term.prefix);
}

const wordQuery = (terms: readonly SearchTerm[]) =>
  sql`(${sql.join(
    terms.map((term) => termQuery(term)),
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

/** A search row (`s`) matches the search: over the GIN index of its three fields. */
const matchesSearch = (filter: SearchFilter) =>
  sql`${SEARCH_DOCUMENT} @@ (${matchQuery(filter.terms, filter.every)})`;

/**
 * The search rows that match, with their `score` when asked, as a subquery to join as `m`. They
 * are scored and dropped in a subquery of their own (`offset 0` keeps the planner from merging
 * it): their vectors are wide, and the joins and the sort above need only the ids.
 */
export const searchMatchesSql = (filter: SearchFilter, scored = true): SQL =>
  sql`(select s.product_id${scored ? sql`, ${fieldScore(filter.terms)} as score` : sql``}
        from product_search s
        where ${matchesSearch(filter)} offset 0)`;

/**
 * The numbers (`products.number`) of the products a search matches, published or not (decision
 * 061 counts them). One text of numbers apart by commas: a broad word matches tens of thousands,
 * and pg's parser of an array of their ids took 20 ms of the API's thread for 16,667 of them;
 * looking the ids up took as much again (decision 064).
 */
export async function findSearchMatchNumbers(
  db: Executor,
  filter: SearchFilter,
): Promise<number[]> {
  const [row] = rowsOf<{ numbers: string | null }>(
    await db.execute(
      sql`select string_agg(s.product_number::text, ',') as numbers from product_search s
        where ${matchesSearch(filter)}`,
    ),
  );
  return row?.numbers ? row.numbers.split(',').map(Number) : [];
}

/**
 * Each text's `plainto_tsquery` as PostgreSQL prints it: the listing index matches a search's
 * words itself, stemmed and folded here as the search rows were (decision 068).
 */
export async function findPlainQueries(
  db: Executor,
  texts: readonly string[],
): Promise<Map<string, string>> {
  if (!texts.length) return new Map();
  const result = await db.execute(sql`
    select t.text, ${tsquery(sql`t.text`)}::text as query
    from json_array_elements_text(${JSON.stringify(texts)}::json) as t(text)`);
  return new Map(
    rowsOf<{ text: string; query: string }>(result).map((row) => [row.text, row.query]),
  );
}

/** A match's rank over `m` (searchMatchesSql) and its product `p`: best highest. */
export const searchScoreSql = (filter: SearchFilter): SQL =>
  sql`(m.score${phraseScore(filter.phrase)})`;

/**
 * Whether a product (`p`) has the search's top score, as a condition: a one-word search (no
 * phrase to add to the score) scores highest with the word in the name. Undefined for several
 * words. Over the search's index too, so the planner may read the matches from it.
 */
export const searchTopScoreSql = (filter: SearchFilter): SQL | undefined => {
  if (filter.phrase || filter.terms.length !== 1) return undefined;
  const query = matchQuery(filter.terms, true);
  return sql`exists (select 1 from product_search s where s.product_id = p.id
    and ${SEARCH_DOCUMENT} @@ (${query}) and s.name_vector @@ (${query}))`;
};

/** The published products that match, as `m` joined to `p` and its stock `k`. */
function matchingProducts(filter: SearchFilter, scored: boolean): SQL {
  const inCategories = filter.categories?.length
    ? sql` and p.category in (${sql.join(
        filter.categories.map((category) => sql`${category}`),
        sql`, `,
      )})`
    : sql``;
  return sql`from ${searchMatchesSql(filter, scored)} m
      join products p on p.id = m.product_id
      left join product_in_stock k on k.product_id = p.id
    where p.status = 'published'${inCategories}`;
}

/** `columns` of the matching products' page, best first. */
const rankedSql = (
  columns: SQL,
  filter: SearchFilter,
  page: { limit: number; offset: number },
) => sql`
    select ${columns} ${matchingProducts(filter, true)}
    order by ${searchScoreSql(filter)} desc, coalesce(k.in_stock, false) desc,
      p.created_at desc, p.id
    limit ${page.limit} offset ${page.offset}`;

/* Suggestions as the shopper types. */

/** A suggested product as the database has it. */
export interface SuggestedProductRow {
  id: string;
  handle: string;
  name: string;
  image: string;
  priceCents: number;
}

const SUGGESTED_COLUMNS = sql`p.id, p.handle, p.name, p.image, p.price_cents as "priceCents"`;

export const suggestedProductsSql = (filter: SearchFilter, limit: number) =>
  rankedSql(SUGGESTED_COLUMNS, filter, { limit, offset: 0 });

/**
 * The products with every word in their name, in stock (`inStock`) or not, newest first: the
 * ranking's top score, in its order, without scoring every match. In stock apart, so a broad
 * start ('hodi') can walk the newest published products (the listing's index) and stop at
 * `limit`; a narrow one reads its few matches from the search index.
 */
export const namedProductsSql = (filter: SearchFilter, inStock: boolean, limit: number) => {
  const query = matchQuery(filter.terms, true);
  return sql`select ${SUGGESTED_COLUMNS}
    from products p
      join product_search s on s.product_id = p.id
      left join product_in_stock k on k.product_id = p.id
    where p.status = 'published' and ${SEARCH_DOCUMENT} @@ (${query}) and s.name_vector @@ (${query})
      and coalesce(k.in_stock, false) = ${inStock}
    order by p.created_at desc, p.id
    limit ${limit}`;
};

/**
 * The first `limit` matching products, ranked as the search ranks them, with what a suggestion
 * shows. Every word in the name is the top score, ranked in stock first, then newest: when
 * `limit` products have it, they are the first `limit` (found in stock first, then sold out);
 * else every match is scored.
 */
export async function findSuggestedProducts(
  db: Executor,
  filter: SearchFilter,
  limit: number,
): Promise<SuggestedProductRow[]> {
  if (filter.every && !filter.phrase && !filter.categories?.length) {
    const named = rowsOf<SuggestedProductRow>(
      await db.execute(namedProductsSql(filter, true, limit)),
    );
    if (named.length < limit)
      named.push(
        ...rowsOf<SuggestedProductRow>(
          await db.execute(namedProductsSql(filter, false, limit - named.length)),
        ),
      );
    if (named.length === limit) return named;
  }
  return rowsOf<SuggestedProductRow>(await db.execute(suggestedProductsSql(filter, limit)));
}

/**
 * Of the candidate words `c` (each with its `query`), those some published product has, asked
 * once per stem: 'hoodie' and 'hoodies' are one question, and each reads the index's whole list
 * of the stem's products (16,667 at 100,000 products).
 */
const PUBLISHED_CANDIDATE = sql`c.query in (select q.query from (select distinct query from c) q
      where ${publishedMatch(sql`q.query`)})`;

/**
 * The vocabulary's words that a word being typed may become, that some published product still
 * has: of the words with its first letter, those that start with it first, then the most alike
 * to its start (`word_similarity`), shorter first. A dozen at most; the shared rules choose.
 */
export const prefixCandidatesSql = (prefix: string) => sql`
    with c as materialized (
      select v.word, starts_with(v.word, t.typed) as starting,
        word_similarity(t.typed, v.word) as likeness, ${tsquery(sql`v.word`)} as query
      from search_words v, (select lower(unaccent(${prefix})) as typed) t
      where v.word like left(t.typed, 1) || '%'
      order by starting desc, likeness desc, length(v.word), v.word
      limit 12)
    select c.word from c where ${PUBLISHED_CANDIDATE}
    order by c.starting desc, c.likeness desc, length(c.word), c.word`;

export async function findPrefixCandidates(db: Executor, prefix: string): Promise<string[]> {
  const result = await db.execute(prefixCandidatesSql(prefix));
  return rowsOf<{ word: string }>(result).map((row) => row.word);
}

/** The shop's words closest to these (that some published product still has), most alike first. */
export async function findClosestWords(
  db: Executor,
  words: readonly string[],
  limit: number,
): Promise<string[]> {
  if (!words.length) return [];
  const result = await db.execute(sql`
    with c as materialized (
      select v.word, max(similarity(v.word, lower(unaccent(w.word)))) as likeness,
        ${tsquery(sql`v.word`)} as query
      from json_array_elements_text(${JSON.stringify(words)}::json) as w(word)
        join search_words v on v.word % lower(unaccent(w.word))
      group by v.word)
    select c.word from c where ${PUBLISHED_CANDIDATE}
    order by c.likeness desc, c.word
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

/* The Searches report (decision 056): counts per day and query, nothing of who searched. */

/** A day's counts of one query, as a batch of the search log adds them. */
export interface SearchDayCounts {
  day: string;
  query: string;
  searches: number;
  /** The products its latest search found (only read when `searches` > 0). */
  results: number;
  productViews: number;
}

/**
 * Adds a batch in one transaction: searched queries are upserted (their latest results replace
 * the row's); views of queries not searched in the batch only add to rows that exist already, so
 * a view never creates a row.
 */
export async function addSearchDayCounts(
  db: Database,
  batch: readonly SearchDayCounts[],
): Promise<void> {
  const searched = batch.filter((counts) => counts.searches > 0);
  const viewsOnly = batch.filter((counts) => counts.searches === 0 && counts.productViews > 0);
  if (!searched.length && !viewsOnly.length) return;
  await db.transaction(async (tx) => {
    if (searched.length)
      await tx
        .insert(searchQueryDays)
        .values(searched.map((counts) => ({ ...counts })))
        .onConflictDoUpdate({
          target: [searchQueryDays.day, searchQueryDays.query],
          set: {
            searches: sql`${searchQueryDays.searches} + excluded.searches`,
            results: sql`excluded.results`,
            productViews: sql`${searchQueryDays.productViews} + excluded.product_views`,
          },
        });
    if (viewsOnly.length)
      await tx.execute(sql`
        update search_query_days d set product_views = d.product_views + v.views
        from json_to_recordset(${JSON.stringify(
          viewsOnly.map(({ day, query, productViews }) => ({ day, query, views: productViews })),
        )}::json) as v(day date, query text, views int)
        where d.day = v.day and d.query = v.query`);
  });
}

/** Deletes the days before `firstDay` (the report's window has moved past them). */
export async function deleteSearchDaysBefore(db: Executor, firstDay: string): Promise<void> {
  await db.delete(searchQueryDays).where(lt(searchQueryDays.day, firstDay));
}

/** The days `from`…`to` (inclusive) as one row per query: their sums and the latest day's results. */
const queriesOfDays = (from: string, to: string) => sql`
  select query, sum(searches)::int as searches,
    (array_agg(results order by day desc))[1] as results,
    sum(least(product_views, searches))::int as "productViews"
  from search_query_days
  where day between ${from}::date and ${to}::date
  group by query`;

export interface SearchQueryRow {
  query: string;
  searches: number;
  results: number;
  productViews: number;
}

/** The most searched queries of the days, most first (then A to Z). */
export async function findTopSearchQueries(
  db: Executor,
  days: { from: string; to: string },
  limit: number,
): Promise<SearchQueryRow[]> {
  const result = await db.execute(sql`
    select * from (${queriesOfDays(days.from, days.to)}) q
    order by q.searches desc, q.query limit ${limit}`);
  return rowsOf<SearchQueryRow>(result);
}

/** The most searched queries whose latest search found nothing. */
export async function findNoResultQueries(
  db: Executor,
  days: { from: string; to: string },
  limit: number,
): Promise<SearchQueryRow[]> {
  const result = await db.execute(sql`
    select * from (${queriesOfDays(days.from, days.to)}) q where q.results = 0
    order by q.searches desc, q.query limit ${limit}`);
  return rowsOf<SearchQueryRow>(result);
}

/** All searches of the days, those of a day whose latest search found nothing, those viewed. */
export async function sumSearchDays(
  db: Executor,
  days: { from: string; to: string },
): Promise<{ searches: number; noResults: number; ledToView: number }> {
  const result = await db.execute(sql`
    select coalesce(sum(searches), 0)::int as searches,
      coalesce(sum(searches) filter (where results = 0), 0)::int as "noResults",
      coalesce(sum(least(product_views, searches)), 0)::int as "ledToView"
    from search_query_days
    where day between ${days.from}::date and ${days.to}::date`);
  return rowsOf<{ searches: number; noResults: number; ledToView: number }>(result)[0]!;
}

import { sql, type SQL } from 'drizzle-orm';
import type { Category } from '@shop/shared/catalog';
import type { ListingFilters, ListingSort } from '@shop/shared/listing';
import type { Executor } from '../../db/client';

/*
 * The storefront's listings with sort and filters (decision 057): one scope (published products,
 * a category page's categories, a collection, a search's matches), the shopper's filters over it,
 * and the facets that count what each filter would leave. Two statements: the facets with the
 * total, then the page's ids (inside the one that reads the page's products, decision 063); the
 * same SQL on PGlite and PostgreSQL.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** What the listing is before the shopper's filters. */
export interface ListingScope {
  categories?: readonly Category[] | undefined;
  collectionId?: string | undefined;
  /** A search's matches as a subquery of `product_id` and `score` (modules/search). */
  matches?: SQL | undefined;
  /** The search's rank of a match (over `m` and `p`), best highest. */
  score?: SQL | undefined;
  /**
   * Whether a product (`p`) has the search's top score, when one condition can say it (a
   * one-word search: the word in the name). The search's best page is then read without scoring
   * every match (`topScorePageSql`).
   */
  topScore?: SQL | undefined;
}

export interface ListingQuery {
  scope: ListingScope;
  filters: ListingFilters;
  /** Whether a product (`p`) is on sale now: a compare-at price or an automatic discount. */
  onSale: SQL;
  /** The price a product's (`p`) card shows now, in cents: its sale price under a percentage off. */
  cardPrice: SQL;
  sort: ListingSort;
  /** The first day 'Best selling' counts (UTC, YYYY-MM-DD). */
  bestSellingFrom: string;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
const textArray = (values: readonly string[]) => sql`array[${list(values)}]::text[]`;

function scopeFrom(scope: ListingScope, extra: SQL = sql``): SQL {
  return sql`from products p
    ${scope.matches ? sql`join ${scope.matches} m on m.product_id = p.id` : sql``}
    ${scope.collectionId ? sql`join collection_products cp on cp.product_id = p.id and cp.collection_id = ${scope.collectionId}` : sql``}
    left join product_in_stock k on k.product_id = p.id ${extra}
    where p.status = 'published'${
      scope.categories?.length ? sql` and p.category in (${list(scope.categories)})` : sql``
    }`;
}

/** A chosen option's values as facets: `array['size=L', 'size=XL']`. */
const facetsOf = (option: ListingFilters['options'][number]) =>
  textArray(option.values.map((value) => `${option.param}=${value}`));

/** A variant (`v`) has one of the chosen values of each option filter but `except`'s. */
function variantMatches(filters: ListingFilters, except?: string): SQL {
  const groups = filters.options.filter((option) => option.param !== except);
  if (!groups.length) return sql`true`;
  return sql.join(
    groups.map((option) => sql`v.facets && ${facetsOf(option)}`),
    sql` and `,
  );
}

/** The separator of a product's pairs of option values (U+001E, in no option value). */
const PAIR = '\x1e';

/** Every pair of a chosen value of `a` and one of `b`, as a product's `stock_pairs` holds them. */
const pairsOf = (a: ListingFilters['options'][number], b: ListingFilters['options'][number]) =>
  textArray(a.values.flatMap((x) => b.values.map((y) => `${a.param}=${x}${PAIR}${b.param}=${y}`)));

/**
 * The options: one variant that can be bought has a chosen value of each ('L' and 'Sand'). The
 * product's lists say it without reading a variant (decisions 058 and 060): its values in stock
 * for one option, its pairs of values in stock for two. Three or more read the variants of the
 * products the lists leave.
 */
function optionsFilter(filters: ListingFilters): SQL {
  const chosen = filters.options;
  if (!chosen.length) return sql`true`;
  const lists = sql.join(
    chosen.map((option) => sql`coalesce(k.stock_facets, '{}') && ${facetsOf(option)}`),
    sql` and `,
  );
  if (chosen.length === 1) return lists;
  if (chosen.length === 2)
    return sql`coalesce(k.stock_pairs, '{}') && ${pairsOf(chosen[0]!, chosen[1]!)}`;
  return sql`(${lists} and exists (select 1 from variants v
    where v.product_id = p.id and v.available > 0 and ${variantMatches(filters)} offset 0))`;
}

/** Each filter as a condition over `p` and `k`; `true` when the shopper did not choose it. */
function predicates(query: ListingQuery) {
  const { filters } = query;
  return {
    type: filters.types.length ? sql`p.category in (${list(filters.types)})` : sql`true`,
    collection: filters.collections.length
      ? sql`exists (select 1 from collection_products fc join collections c on c.id = fc.collection_id
          where fc.product_id = p.id and c.status = 'published' and c.handle in (${list(filters.collections)}))`
      : sql`true`,
    price: filters.price
      ? sql.join(
          [
            filters.price.minCents === null
              ? sql`true`
              : sql`${query.cardPrice} >= ${filters.price.minCents}`,
            filters.price.maxCents === null
              ? sql`true`
              : sql`${query.cardPrice} < ${filters.price.maxCents}`,
          ],
          sql` and `,
        )
      : sql`true`,
    stock: filters.inStock ? sql`coalesce(k.in_stock, false)` : sql`true`,
    sale: filters.onSale ? query.onSale : sql`true`,
    // The options: one variant that can be bought has a chosen value of each ('L' and 'Sand').
    options: optionsFilter(filters),
  };
}
type FilterName = keyof ReturnType<typeof predicates>;
const FILTERS: FilterName[] = ['type', 'collection', 'price', 'stock', 'sale', 'options'];
/** The columns of the facets' CTE: every filter's own outcome but `except`'s, all true. */
const allBut = (...except: FilterName[]) =>
  sql.raw(
    FILTERS.filter((name) => !except.includes(name))
      .map((name) => `s.f_${name}`)
      .join(' and '),
  );

/** A facet's count as the database answers it. */
export interface FacetRow {
  facet: 'scope' | 'total' | 'type' | 'collection' | 'price' | 'in-stock' | 'on-sale' | 'option';
  value: string;
  label: string;
  count: number;
  /** The value's first place in a product's list of facets (its option's, then its own). */
  optionOrder: number;
  valueOrder: number;
}

export const listingFacetsSql = (query: ListingQuery) => {
  const where = predicates(query);
  const optionCase = query.filters.options.length
    ? sql`case split_part(f.facet, '=', 1) ${sql.join(
        query.filters.options.map(
          (option) => sql`when ${option.param} then ${variantMatches(query.filters, option.param)}`,
        ),
        sql` `,
      )} else ${variantMatches(query.filters)} end`
    : sql`true`;
  return sql`
    with s as materialized (
      select p.id, p.category, ${query.cardPrice} as price_cents, coalesce(k.in_stock, false) as in_stock,
        k.facets, k.stock_facets, k.stock_pairs, coalesce(k.option_count, 0) as option_count,
        ${query.onSale} as on_sale,
        ${sql.join(
          FILTERS.map((name) => sql`${where[name]} as ${sql.raw(`f_${name}`)}`),
          sql`, `,
        )}
      ${scopeFrom(query.scope)}
    )
    select 'scope' as facet, '' as value, '' as label, count(*)::int as count,
      0 as "optionOrder", 0 as "valueOrder" from s
    union all
    select 'total', '', '', count(*) filter (where ${allBut()})::int, 0, 0 from s
    union all
    select 'type', s.category, '', count(*) filter (where ${allBut('type')})::int, 0, 0
      from s group by s.category
    union all
    select 'price', (s.price_cents / 100)::text, '', count(*) filter (where ${allBut('price')})::int, 0, 0
      from s group by s.price_cents / 100
    union all
    select 'in-stock', '', '', count(*) filter (where ${allBut('stock')} and s.in_stock)::int, 0, 0 from s
    union all
    select 'on-sale', '', '', count(*) filter (where ${allBut('sale')} and s.on_sale)::int, 0, 0 from s
    ${
      query.scope.collectionId
        ? sql``
        : sql`union all
    select 'collection', c.handle, c.name, count(*) filter (where ${allBut('collection')})::int, 0, 0
      from s join collection_products fc on fc.product_id = s.id
        join collections c on c.id = fc.collection_id and c.status = 'published'
      group by c.handle, c.name`
    }
    union all
    ${query.filters.options.length ? optionsOfVariants(query.filters, optionCase) : optionsOfProducts}`;
};

/**
 * With no option chosen, each value counts the products with a variant of it that can be bought:
 * read from the products' lists (decision 058), one row per product and value, no variant read.
 * The order is the value's first place in any product's list.
 */
const optionsOfProducts = sql`select 'option', f.facet, '',
      count(*) filter (where ${allBut('options')} and f.facet = any (s.stock_facets))::int,
      min(f.n)::int, min(f.n)::int
      from s cross join unnest(s.facets) with ordinality as f(facet, n)
      group by f.facet`;

/**
 * With options chosen, a value counts the products with one variant that can be bought in it and
 * in a chosen value of each other option. With one option chosen, or two and a product with no
 * third, the product's lists say it (decision 060): a value of the one chosen option counts when
 * in stock; any other value when paired with a chosen value of the other option. Otherwise only
 * the variants can say: each product's variants in stock are read by its id (an index scan, not a
 * join of every variant), and only for products the other filters leave whose lists hold a
 * chosen value of all options but one at most (a product without two of them counts for no
 * value). The values and their order come from the products' lists, as with no option chosen.
 */
const optionsOfVariants = (filters: ListingFilters, optionCase: SQL) => {
  const chosen = filters.options;
  const holds = chosen.map((option) => sql`(s.stock_facets && ${facetsOf(option)})::int`);
  const partner = sql`split_part(l.pair, ${PAIR}, 2)`;
  const ofLists =
    chosen.length === 1
      ? sql`select l.facet from unnest(s.stock_facets) as l(facet)
            where split_part(l.facet, '=', 1) = ${chosen[0]!.param}
            union
            select split_part(l.pair, ${PAIR}, 1) from unnest(s.stock_pairs) as l(pair)
            where ${partner} = any (${facetsOf(chosen[0]!)})`
      : sql`select split_part(l.pair, ${PAIR}, 1) as facet from unnest(s.stock_pairs) as l(pair)
            where case split_part(l.pair, '=', 1)
              when ${chosen[0]!.param} then ${partner} = any (${facetsOf(chosen[1]!)})
              when ${chosen[1]!.param} then ${partner} = any (${facetsOf(chosen[0]!)}) end`;
  const listsSay = chosen.length === 1 ? sql`true` : sql`s.option_count <= 2`;
  const counted = (lateral: SQL, where: SQL) => sql`select c.facet, count(*), null::bigint
          from s cross join lateral (${lateral}) c(facet)
          where ${allBut('options')} and ${where}
          group by c.facet`;
  const ofVariants = sql`select distinct f.facet from variants v cross join unnest(v.facets) as f(facet)
            where v.product_id = s.id and v.available > 0 and ${optionCase}`;
  return sql`select 'option', x.facet, '', sum(x.count)::int, min(x.n)::int, min(x.n)::int from (
        select f.facet, 0::bigint as count, f.n
          from s cross join unnest(s.facets) with ordinality as f(facet, n)
        ${chosen.length <= 2 ? sql`union all ${counted(sql`select distinct facet from (${ofLists}) d`, listsSay)}` : sql``}
        ${
          chosen.length >= 2
            ? sql`union all ${counted(
                ofVariants,
                sql`${chosen.length === 2 ? sql`not ${listsSay} and ` : sql``}${sql.join(holds, sql` + `)} >= ${holds.length - 1}`,
              )}`
            : sql``
        }
      ) x
      group by x.facet`;
};

export async function findListingFacets(db: Executor, query: ListingQuery): Promise<FacetRow[]> {
  return rowsOf<FacetRow>(await db.execute(listingFacetsSql(query)));
}

/** A count the database keeps for the listings with no filter chosen, or 'In stock only' (059). */
export interface KeptFacetRow {
  facet:
    'total' | 'type' | 'price' | 'in-stock' | 'on-sale' | 'collection' | 'option-at' | 'option';
  /** A category, a price in cents, a published collection's handle, a facet ('size=L'). */
  value: string;
  /** A collection's name. */
  label: string;
  /** An option value's place in a product's list ('option-at'); 0 for the rest. */
  position: number;
  count: number;
  /** Counted among the products in stock only (a '+in-stock' scope). */
  inStockOnly: boolean;
}

/**
 * The kept scopes that make up a listing's scope: a collection's, each of its categories' (a
 * product has one category, so they add up), or the whole catalog's; none for a search.
 */
export function keptScopesOf(scope: ListingScope): string[] | undefined {
  if (scope.matches) return undefined;
  if (scope.collectionId) {
    // A collection page's categories narrow nothing today; kept counts cover a collection whole.
    return scope.categories?.length ? undefined : [`collection:${scope.collectionId}`];
  }
  return scope.categories?.length
    ? scope.categories.map((category) => `category:${category}`)
    : ['all'];
}

/**
 * The kept counts of these scopes and, when asked, of their products in stock ('+in-stock'):
 * the folded counts and the deltas not yet folded, summed in one statement (one snapshot: a fold
 * moves deltas into counts atomically). Collections that are not published are left out, as the
 * live facets leave them.
 */
export async function findKeptFacets(
  db: Executor,
  bases: readonly string[],
  inStockToo: boolean,
): Promise<KeptFacetRow[]> {
  const scopes = inStockToo ? [...bases, ...bases.map((scope) => `${scope}+in-stock`)] : bases;
  return rowsOf<KeptFacetRow>(
    await db.execute(sql`
      select x.facet, coalesce(c.handle, x.value) as value, coalesce(c.name, '') as label,
        x.position, sum(x.count)::int as count, x.scope like '%+in-stock' as "inStockOnly"
      from (
        select scope, facet, value, position, count from listing_facet_counts where scope in (${list(scopes)})
        union all
        select scope, facet, value, position, delta from listing_facet_deltas where scope in (${list(scopes)})
      ) x
      left join collections c on x.facet = 'collection' and c.id::text = x.value
      where x.facet <> 'collection' or c.status = 'published'
      group by x.facet, x.value, c.handle, c.name, x.position, x.scope like '%+in-stock'
      having sum(x.count) > 0`),
  );
}

/** Folds the kept counts' deltas into them; answers how many it folded (0 while another folds). */
export async function foldKeptFacets(db: Executor): Promise<number> {
  const [row] = rowsOf<{ folded: number }>(
    await db.execute(sql`select listing_facets_fold() as folded`),
  );
  return row?.folded ?? 0;
}

/** One key of a listing's order: ascending or not, nulls after the rest or before. */
interface SortKey {
  expr: SQL;
  desc?: boolean;
  nullsFirst?: boolean;
}

const newestKeys: SortKey[] = [
  { expr: sql`p.created_at`, desc: true },
  { expr: sql`p.name` },
  { expr: sql`p.id` },
];

function sortKeysOf(query: ListingQuery): SortKey[] {
  switch (query.sort) {
    case 'relevance':
      return query.scope.score
        ? [
            { expr: query.scope.score, desc: true },
            { expr: sql`coalesce(k.in_stock, false)`, desc: true },
            ...newestKeys,
          ]
        : newestKeys;
    case 'featured':
      return query.scope.collectionId
        ? [{ expr: sql`cp.position` }, { expr: sql`p.id` }]
        : newestKeys;
    case 'price-asc':
      return [{ expr: query.cardPrice }, ...newestKeys];
    case 'price-desc':
      return [{ expr: query.cardPrice, desc: true }, ...newestKeys];
    case 'best-selling':
      return [{ expr: sql`coalesce(b.units, 0)`, desc: true }, ...newestKeys];
    case 'top-rated':
      return [
        {
          expr: sql`(case when p.num_reviews > 0 then p.rating_total::numeric / p.num_reviews end)`,
          desc: true,
          nullsFirst: false,
        },
        { expr: sql`p.num_reviews`, desc: true },
        ...newestKeys,
      ];
    default:
      return newestKeys;
  }
}

/**
 * The listing's order, or its exact reverse: every key turned round, nulls too (PostgreSQL puts
 * nulls first in a descending order unless told), so an index walked forward serves one and walked
 * backward the other.
 */
function orderBy(keys: readonly SortKey[], reversed: boolean): SQL {
  return sql.join(
    keys.map(({ expr, desc = false, nullsFirst = desc }) => {
      const down = desc !== reversed;
      const first = nullsFirst !== reversed;
      return sql`${expr} ${sql.raw(down ? 'desc' : 'asc')} ${sql.raw(first ? 'nulls first' : 'nulls last')}`;
    }),
    sql`, `,
  );
}

/** Which rows of a listing's order a page reads: from the start, or from the end reversed. */
export interface PageWindow {
  limit: number;
  offset: number;
  /** Read in the reverse order (the caller turns the rows round). */
  reversed?: boolean;
}

/**
 * Page `offset / limit` of `total` rows, read from whichever end is nearer: an offset walks (and
 * throws away) every row before it, so a page near the end of 100,000 products is read as a page
 * near the start of the reverse order (issue 23). The middle page still walks half of them.
 */
export function pageWindowOf(total: number, page: { limit: number; offset: number }): PageWindow {
  const after = total - page.offset - page.limit;
  if (page.offset >= total || after >= page.offset) return page;
  return {
    limit: Math.min(page.limit, total - page.offset),
    offset: Math.max(0, after),
    reversed: true,
  };
}

/** The select of a page of the listing's product ids, in its sort (reversed when `page` says). */
export const listingPageSql = (query: ListingQuery, page: PageWindow) => {
  const where = predicates(query);
  const sold =
    query.sort === 'best-selling'
      ? sql`left join (select d.product_id, sum(d.units) as units from product_sales_days d
          where d.day >= ${query.bestSellingFrom}::date group by d.product_id) b on b.product_id = p.id`
      : sql``;
  return sql`
    select p.id ${scopeFrom(query.scope, sold)}
      and ${sql.join(
        FILTERS.map((name) => where[name]),
        sql` and `,
      )}
    order by ${orderBy(sortKeysOf(query), page.reversed ?? false)}
    limit ${page.limit} offset ${page.offset}`;
};

/**
 * The select of a relevance-sorted search's page read from its best-ranked products alone: the
 * top score, in stock, newest first, as the ranking's keys order them. When it fills the page,
 * that is the page (nothing ranks above them). The planner walks the newest products (the
 * listing's index) and looks each one up in the search's, or reads the matches from the search's
 * index and sorts them, whichever costs less, instead of scoring every match: a broad word
 * (`hoodie` at 100,000 products) matches a sixth of the catalog (issue 22). Undefined for a
 * search without such a score, another sort, and a page read from the end.
 */
export function topScorePageSql(query: ListingQuery, page: PageWindow): SQL | undefined {
  const { topScore, categories, collectionId } = query.scope;
  if (!topScore || query.sort !== 'relevance' || page.reversed) return undefined;
  const where = predicates(query);
  return sql`
    select p.id ${scopeFrom({ categories, collectionId })}
      and ${topScore} and coalesce(k.in_stock, false)
      and ${sql.join(
        FILTERS.map((name) => where[name]),
        sql` and `,
      )}
    order by ${orderBy(newestKeys, false)}
    limit ${page.limit} offset ${page.offset}`;
}

interface SaleTarget {
  productIds: readonly string[];
  variantIds: readonly string[];
  collectionIds: readonly string[];
}

/**
 * The price a product's (`p`) card shows: its price less the largest percentage off among these
 * automatic discounts that cover the product as a whole (a whole-shop one, its own, one of its
 * collections'; a variant's does not: `salePriceOf` with no variant), rounded half up as
 * `percentOf` rounds. Price sorts, bands and the price filter read it, so they agree with the cards.
 */
export function cardPriceSql(
  rules: readonly { percent: number | null; target: SaleTarget | null }[],
): SQL {
  const percents = rules.flatMap(({ percent, target }) => {
    if (!percent) return [];
    if (!target) return [sql`${percent}::int`];
    const covers: SQL[] = [];
    if (target.productIds.length) covers.push(sql`p.id in (${list(target.productIds)})`);
    if (target.collectionIds.length)
      covers.push(
        sql`exists (select 1 from collection_products pc where pc.product_id = p.id
          and pc.collection_id in (${list(target.collectionIds)}))`,
      );
    return covers.length
      ? [sql`case when ${sql.join(covers, sql` or `)} then ${percent}::int else 0 end`]
      : [];
  });
  if (!percents.length) return sql`p.price_cents`;
  return sql`(p.price_cents - (p.price_cents::bigint * greatest(${sql.join(percents, sql`, `)}) + 50) / 100)::int`;
}

/**
 * Whether one of these automatic discounts' targets covers a product (`p`): the product, one of
 * its variants, one of its collections. Undefined when they name nothing.
 */
function coveredSql(targets: readonly SaleTarget[]): SQL | undefined {
  const productIds = targets.flatMap((target) => target.productIds);
  const variantIds = targets.flatMap((target) => target.variantIds);
  const collectionIds = targets.flatMap((target) => target.collectionIds);
  const covered: SQL[] = [];
  if (productIds.length) covered.push(sql`p.id in (${list(productIds)})`);
  if (variantIds.length)
    covered.push(
      sql`exists (select 1 from variants sv where sv.product_id = p.id and sv.id in (${list(variantIds)}))`,
    );
  if (collectionIds.length)
    covered.push(
      sql`exists (select 1 from collection_products sc where sc.product_id = p.id
        and sc.collection_id in (${list(collectionIds)}))`,
    );
  return covered.length ? sql`(${sql.join(covered, sql` or `)})` : undefined;
}

/**
 * Whether a product (`p`, its kept facts `k`) is on sale: a variant priced under its compare-at
 * price (kept by the database with its stock flag, decision 059: no variant read per product), or
 * covered by one of these automatic discounts' targets (all of them when one is for the whole shop).
 */
export function onSaleSql(targets: readonly (SaleTarget | null)[]): SQL {
  const compareAt = sql`coalesce(k.compare_at_sale, false)`;
  if (targets.some((target) => target === null)) return sql`true`;
  const covered = coveredSql(targets.filter((target) => target !== null));
  return covered ? sql`(${compareAt} or ${covered})` : compareAt;
}

/** A listed product a sale on some products or collections covers, as the kept counts differ. */
export interface SaleTargetRow {
  /** Its list price, as the kept counts have it. */
  listCents: number;
  /** The price its card shows under the sales running now. */
  cardCents: number;
  /** Whether the kept counts have it on sale already (a compare-at price). */
  compareAtSale: boolean;
  inStock: boolean;
}

/**
 * The products of a listing's scope that these targets cover, with their list and card prices
 * (decision 059): what the kept counts must be corrected by while such a sale runs. As many rows
 * as the sale covers in the scope, not as the scope holds.
 */
export async function findSaleTargets(
  db: Executor,
  query: ListingQuery,
  targets: readonly SaleTarget[],
): Promise<SaleTargetRow[]> {
  const covered = coveredSql(targets);
  if (!covered) return [];
  return rowsOf<SaleTargetRow>(
    await db.execute(sql`
      select p.price_cents as "listCents", ${query.cardPrice} as "cardCents",
        coalesce(k.compare_at_sale, false) as "compareAtSale", coalesce(k.in_stock, false) as "inStock"
      ${scopeFrom(query.scope)} and ${covered}`),
  );
}

/** A product's kept facts as the listing index holds them (decision 061). */
export interface ListingFactsRow {
  id: string;
  listed: boolean;
  category: string | null;
  priceCents: number | null;
  inStock: boolean;
  compareAtSale: boolean;
  /*
   * The lists each as one string, parted by U+001F (in no id or option value): a whole read
   * makes one string a list, not one a value, and most rows' lists are another row's already.
   * The values in stock and the pairs in stock are places in `facets` (from 1): '2,5' and
   * '2.5,5.2', a fifth of the pairs' text.
   */
  collectionIds: string;
  facets: string;
  stockFacets: string;
  stockPairs: string;
  optionCount: number;
  /** The product's number (`products.number`): how a search's matches name it. */
  number: number;
  /**
   * The words (lexemes) of its search row's three fields, as a search matches them, parted by
   * U+001F (in no lexeme: the text search parser makes none of control characters); null when it
   * has none yet (decision 068).
   */
  words: string | null;
}

/** What parts the items of a `ListingFactsRow` list. */
export const FACTS_LIST_SEPARATOR = '\x1f';

/** What was written since a transaction, read in one snapshot (decision 061). */
export interface ListingFactsChanges {
  /** The oldest transaction this snapshot could not see: where the next read starts. */
  xmin: string;
  rows: ListingFactsRow[];
  /** Products whose facts were deleted. */
  gone: string[];
  /** Products whose search rows were written: their words, as `ListingFactsRow.words`. */
  words: { id: string; words: string | null }[];
  /** Every published collection: its handle and name by id. */
  collections: { id: string; handle: string; name: string }[];
}

type FactsUnionRow = Partial<ListingFactsRow> & {
  kind: 'row' | 'gone' | 'words' | 'collection' | 'xmin';
  handle: string | null;
  name: string | null;
  xmin: string | null;
};

/** A search row's (`s`) words: every lexeme of its three fields, without positions or weights. */
const WORDS_OF_SEARCH_ROW = sql`array_to_string(
  tsvector_to_array(s.name_vector || s.facet_vector || s.text_vector), E'\x1f')`;

const FACTS_COLUMNS = sql`k.product_id as id, k.listed, k.category, k.price_cents as "priceCents",
  k.in_stock as "inStock", k.compare_at_sale as "compareAtSale",
  array_to_string(k.collection_ids, E'\x1f') as "collectionIds",
  array_to_string(k.facets, E'\x1f') as facets,
  array_to_string(array(select array_position(k.facets, f) from unnest(k.stock_facets) f), ',')
    as "stockFacets",
  array_to_string(array(select array_position(k.facets, split_part(p, E'\x1e', 1)) || '.' ||
    array_position(k.facets, split_part(p, E'\x1e', 2)) from unnest(k.stock_pairs) p), ',')
    as "stockPairs",
  k.option_count::int as "optionCount",
  (select p.number from products p where p.id = k.product_id) as number,
  (select ${WORDS_OF_SEARCH_ROW} from product_search s where s.product_id = k.product_id) as words`;

/**
 * The kept facts written by transactions from `since` on (none when undefined), the deletions,
 * the search rows' words written since then, the published collections and this snapshot's xmin, in one statement: one snapshot, so a write
 * is either in this read or made by a transaction at or after the xmin the next read starts from.
 */
export async function findListingFactsSince(
  db: Executor,
  since: string | undefined,
): Promise<ListingFactsChanges> {
  const written = since === undefined ? sql`false` : sql`k.changed >= ${since}::xid8`;
  const deleted = since === undefined ? sql`false` : sql`g.changed >= ${since}::xid8`;
  const searched = since === undefined ? sql`false` : sql`s.changed >= ${since}::xid8`;
  const rows = rowsOf<FactsUnionRow>(
    await db.execute(sql`
      with x as (select pg_snapshot_xmin(pg_current_snapshot())::text as xmin)
      select 'row' as kind, ${FACTS_COLUMNS}, null::text as handle, null::text as name,
        null::text as xmin
        from product_in_stock k where ${written}
      union all
      select 'gone', g.product_id, null, null, null, null, null, null, null, null, null, null,
        null, null, null, null, null
        from product_in_stock_gone g where ${deleted}
      union all
      select 'words', s.product_id, null, null, null, null, null, null, null, null, null, null,
        null, ${WORDS_OF_SEARCH_ROW}, null, null, null
        from product_search s where ${searched}
      union all
      select 'collection', c.id, null, null, null, null, null, null, null, null, null, null,
        null, null, c.handle, c.name, null
        from collections c where c.status = 'published'
      union all
      select 'xmin', null, null, null, null, null, null, null, null, null, null, null,
        null, null, null, null, x.xmin from x`),
  );
  const changes: ListingFactsChanges = {
    xmin: '0',
    rows: [],
    gone: [],
    words: [],
    collections: [],
  };
  for (const row of rows) {
    if (row.kind === 'row') changes.rows.push(row as ListingFactsRow);
    else if (row.kind === 'gone') changes.gone.push(row.id!);
    else if (row.kind === 'words') changes.words.push({ id: row.id!, words: row.words ?? null });
    else if (row.kind === 'collection')
      changes.collections.push({ id: row.id!, handle: row.handle!, name: row.name! });
    else changes.xmin = row.xmin!;
  }
  return changes;
}

/** Every product's kept facts, `limit` at a time in id order after `after` (a whole read). */
export async function findListingFactsPage(
  db: Executor,
  after: string | undefined,
  limit: number,
): Promise<ListingFactsRow[]> {
  return rowsOf<ListingFactsRow>(
    await db.execute(sql`select ${FACTS_COLUMNS} from product_in_stock k
      ${after === undefined ? sql`` : sql`where k.product_id > ${after}`}
      order by k.product_id limit ${limit}`),
  );
}

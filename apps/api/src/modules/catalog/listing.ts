import { CATEGORIES, type Category } from '@shop/shared/catalog';
import {
  BEST_SELLING_DAYS,
  CATEGORY_LABELS,
  priceBands,
  sortsOf,
  type ListingFacets,
  type ListingFilters,
  type ListingKind,
  type ListingSort,
} from '@shop/shared/listing';
import type { DiscountRule } from '@shop/shared/discounts';
import type { SearchOutcome } from '@shop/shared/search';
import type { Database } from '../../db/client';
import { productSaleRules } from '../discounts/service';
import { didYouMean, searchAttempts, searchMatchesOf, searchScopeOf } from '../search/service';
import type { SearchMatches } from '../search/text-query';
import {
  findListingFacets,
  listingPageSql,
  onSaleSql,
  pageWindowOf,
  cardPriceSql,
  topScorePageSql,
  type PageWindow,
  type FacetRow,
  type ListingQuery,
  type ListingScope,
} from './listing-repository';
import { keptFacetsOf } from './kept-facets';
import { listingIndexOf } from './listing-index';
import { findProductsOfPage, type ProductWithStock } from './repository';

/** A listing as the storefront asks for it (decision 057). */
export interface ListingRequest {
  keyword?: string;
  /** A category page's categories (its scope, not a filter). */
  categories?: Category[];
  /** A collection page's collection. */
  collectionId?: string;
  page: number;
  filters: ListingFilters;
}

export interface ListingPage {
  /** The page's products, in the listing's sort. */
  products: ProductWithStock[];
  total: number;
  facets: ListingFacets;
  /** A keyword search's outcome (decision 050). */
  search?: SearchOutcome;
  /** The automatic discounts products show now, read once: the cards are priced with them too. */
  saleRules: readonly DiscountRule[];
}

const kindOf = (request: ListingRequest): ListingKind =>
  request.keyword ? 'search' : request.collectionId ? 'collection' : 'catalog';

/** The sort a listing uses: the one asked for when the listing offers it, else its default. */
export function sortOfListing(request: ListingRequest): ListingSort {
  const sorts = sortsOf(kindOf(request));
  const asked = request.filters.sort;
  return asked && sorts.includes(asked) ? asked : sorts[0]!;
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

export const NO_FACETS: ListingFacets = {
  total: 0,
  types: [],
  collections: [],
  options: [],
  prices: [],
  inStock: 0,
  onSale: 0,
};

/**
 * One page of a listing with its facets: the scope (a search tries every word, then any), the
 * filters, the sort. Three statements for a listing, one or two more for a search.
 */
export async function readListing(
  db: Database,
  request: ListingRequest,
  pageSize: number,
  now: Date,
): Promise<ListingPage> {
  const rules = await productSaleRules(db, now);
  const base = {
    filters: request.filters,
    onSale: onSaleSql(rules.map((rule) => rule.target)),
    cardPrice: cardPriceSql(rules),
    sort: sortOfListing(request),
    bestSellingFrom: utcDay(new Date(now.getTime() - (BEST_SELLING_DAYS - 1) * 86_400_000)),
  };
  const scope: ListingScope = {
    categories: request.categories,
    collectionId: request.collectionId,
  };
  const window = { limit: pageSize, offset: (request.page - 1) * pageSize };
  const pageOf = async (query: ListingQuery, rows: FacetRow[], search?: SearchOutcome) => {
    const total = countOf(rows, 'total');
    const page = pageWindowOf(total, window);
    const products = window.offset < total ? await pageProducts(query, page) : [];
    return {
      products,
      total,
      facets: facetsOf(rows),
      saleRules: rules,
      ...(search ? { search } : {}),
    };
  };

  const pageProducts = async (query: ListingQuery, page: PageWindow) => {
    const top = topScorePageSql(query, page);
    if (top) {
      const best = await findProductsOfPage(db, top, false);
      if (best.length === page.limit) return best;
    }
    return findProductsOfPage(db, listingPageSql(query, page), page.reversed ?? false);
  };

  // Counted by the listing index when it can say, else by the database (decision 061).
  const index = listingIndexOf(db);
  const counted =
    (matches?: () => Promise<SearchMatches>) =>
    async (known: ListingQuery): Promise<FacetRow[]> => {
      const indexed = await index.facets({
        scope: {
          categories: scope.categories,
          collectionId: scope.collectionId,
          searchMatches: matches,
        },
        filters: known.filters,
        rules,
      });
      return indexed ?? findListingFacets(db, known);
    };

  if (!request.keyword) {
    const query = { ...base, scope };
    const kept = await keptFacetsOf(db, query, rules);
    return kept ? pageOf(query, kept) : pageOf(...(await facetsOfKnownOptions(query, counted())));
  }
  const { words, attempts } = await searchAttempts(db, request.keyword);
  for (const filter of attempts) {
    const query = {
      ...base,
      scope: { ...scope, ...searchScopeOf(filter) },
    };
    let matched: Promise<SearchMatches> | undefined;
    const matches = () => (matched ??= searchMatchesOf(db, filter));
    const [known, rows] = await facetsOfKnownOptions(query, counted(matches));
    if (countOf(rows, 'scope') > 0)
      return pageOf(known, rows, { matched: filter.every ? 'all' : 'some', didYouMean: [] });
  }
  return {
    products: [],
    total: 0,
    facets: NO_FACETS,
    saleRules: rules,
    search: { matched: 'none', didYouMean: await didYouMean(db, words) },
  };
}

/**
 * The facets of a listing whose option filters name options its products have: a key that names
 * none (a cache buster, a tag some other site adds) is no filter, and the listing is read again
 * without it rather than answered empty.
 */
async function facetsOfKnownOptions(
  query: ListingQuery,
  count: (query: ListingQuery) => Promise<FacetRow[]>,
): Promise<[ListingQuery, FacetRow[]]> {
  const rows = await count(query);
  const params = new Set(
    rows.filter((row) => row.facet === 'option').map((row) => row.value.split('=', 1)[0]),
  );
  const options = query.filters.options.filter((option) => params.has(option.param));
  if (options.length === query.filters.options.length) return [query, rows];
  const known = { ...query, filters: { ...query.filters, options } };
  return [known, await count(known)];
}

const countOf = (rows: readonly FacetRow[], facet: FacetRow['facet']) =>
  rows.find((row) => row.facet === facet)?.count ?? 0;

/** 'size' is shown as 'Size'. */
const optionNameOf = (param: string) => param.charAt(0).toUpperCase() + param.slice(1);

/** The facets of a listing from its rows: categories in the shop's order, options in the products'. */
function facetsOf(rows: readonly FacetRow[]): ListingFacets {
  const of = (facet: FacetRow['facet']) => rows.filter((row) => row.facet === facet);
  const options = new Map<string, { order: number; values: FacetRow[] }>();
  for (const row of of('option')) {
    const split = row.value.indexOf('=');
    const param = row.value.slice(0, split);
    const group = options.get(param) ?? { order: row.optionOrder, values: [] };
    group.order = Math.min(group.order, row.optionOrder);
    group.values.push({ ...row, value: row.value.slice(split + 1) });
    options.set(param, group);
  }
  return {
    total: countOf(rows, 'total'),
    types: of('type')
      .sort(
        (a, b) => CATEGORIES.indexOf(a.value as Category) - CATEGORIES.indexOf(b.value as Category),
      )
      .map((row) => ({
        value: row.value,
        label: CATEGORY_LABELS[row.value as Category] ?? row.value,
        count: row.count,
      })),
    collections: of('collection')
      .sort((a, b) => a.label.localeCompare(b.label))
      .map(({ value, label, count }) => ({ value, label, count })),
    options: [...options.entries()]
      .sort(([a, x], [b, y]) => x.order - y.order || a.localeCompare(b))
      .map(([param, group]) => ({
        name: optionNameOf(param),
        param,
        values: group.values
          .sort((a, b) => a.valueOrder - b.valueOrder || a.value.localeCompare(b.value))
          .map(({ value, count }) => ({ value, label: value, count })),
      })),
    prices: priceBands(
      of('price').map((row) => ({ dollars: Number(row.value), count: row.count })),
    ),
    inStock: countOf(rows, 'in-stock'),
    onSale: countOf(rows, 'on-sale'),
  };
}

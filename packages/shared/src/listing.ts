import * as z from 'zod/mini';
import { CATEGORIES, type Category } from './catalog-constants';

/*
 * A listing's sort and filters (issue 22, decision 057): what the storefront keeps in the address
 * (`?sort=price-asc&size=L&price=20-40`) and the API takes as query parameters, read by one set
 * of rules on both sides. Pure; the API turns the filters into SQL and answers their facets.
 */

export const LISTING_SORTS = [
  'relevance',
  'featured',
  'newest',
  'price-asc',
  'price-desc',
  'best-selling',
  'top-rated',
] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export const SORT_LABELS: Record<ListingSort, string> = {
  relevance: 'Relevance',
  featured: 'Featured',
  newest: 'Newest',
  'price-asc': 'Price, low to high',
  'price-desc': 'Price, high to low',
  'best-selling': 'Best selling',
  'top-rated': 'Top rated',
};

/** How the storefront names the categories in the 'Type' filter. */
export const CATEGORY_LABELS: Record<Category, string> = {
  totes: 'Totes',
  flower_totes: 'Flower totes',
  belts: 'Straps',
  hoodies: 'Hoodies',
  selflove_women_tshirts: 'Women’s tees',
  selflove_men_tshirts: 'Men’s tees',
};

/** Best selling counts the units paid in this many days, today included. */
export const BEST_SELLING_DAYS = 90;

/**
 * The sorts a listing offers, its default first: a search ranks by relevance, a collection keeps
 * the owner's order ('Featured'), every other listing shows the newest first.
 */
export type ListingKind = 'search' | 'collection' | 'catalog';
export function sortsOf(kind: ListingKind): ListingSort[] {
  const common: ListingSort[] = ['price-asc', 'price-desc', 'best-selling', 'top-rated'];
  if (kind === 'search') return ['relevance', 'newest', ...common];
  if (kind === 'collection') return ['featured', 'newest', ...common];
  return ['newest', ...common];
}

/** The query keys of a listing's filters; any other key names a product option (`size=L`). */
export const FILTER_PARAMS = {
  sort: 'sort',
  type: 'type',
  collection: 'collection',
  price: 'price',
  inStock: 'in-stock',
  onSale: 'on-sale',
} as const;

/** Keys that are never an option's: the filters', and those the listings had before them. */
const RESERVED_PARAMS: ReadonlySet<string> = new Set([
  ...Object.values(FILTER_PARAMS),
  'keyword',
  'pageNumber',
  'page',
  'category',
  'limit',
]);

/**
 * Keys that links from elsewhere add (campaign tags, click ids) or other pages read: never an
 * option filter, or a listing shared with `?utm_source=news` would list nothing.
 */
const FOREIGN_PARAM =
  /^(utm_.*|fbclid|gclid|gbraid|wbraid|dclid|msclkid|mc_cid|mc_eid|_ga|_gl|ref|redirect|token|q|variant)$/;

/** An option's key in an address: its name in lower case ('Size' is `size`). */
export const optionParamOf = (name: string) => name.trim().toLowerCase();

const MAX_OPTION_FILTERS = 6;
const MAX_VALUES_PER_FILTER = 30;
const MAX_VALUE_LENGTH = 100;
/** Whole dollars up to this; a range is `20-40`, `-40` (under) or `20-` (and over). */
const MAX_PRICE_DOLLARS = 1_000_000;

/** [minCents, maxCents): a price of at least min and under max; null for an open end. */
export interface PriceRange {
  minCents: number | null;
  maxCents: number | null;
}

export interface ListingFilters {
  sort?: ListingSort;
  /** Chosen categories (the facet 'Type'); a category page's own are its scope, not these. */
  types: Category[];
  /** Chosen collections, by handle. */
  collections: string[];
  /** Chosen option values by option key (`size`), an in-stock variant having one of each. */
  options: { param: string; values: string[] }[];
  price?: PriceRange;
  inStock: boolean;
  onSale: boolean;
}

export const NO_FILTERS: ListingFilters = {
  types: [],
  collections: [],
  options: [],
  inStock: false,
  onSale: false,
};

/** A query as a server or URLSearchParams gives it: a key once, several times, or not at all. */
export type ListingParams = Readonly<Record<string, string | readonly string[] | undefined>>;

const valuesOf = (value: string | readonly string[] | undefined): string[] => {
  const list = value === undefined ? [] : typeof value === 'string' ? [value] : value;
  return [...new Set(list.map((item) => item.trim()).filter(Boolean))];
};

const isOn = (value: string | readonly string[] | undefined) =>
  valuesOf(value).some((item) => ['1', 'true', 'on', 'yes'].includes(item.toLowerCase()));

/** `20-40`, `-40`, `20-` in whole dollars; undefined when it is none of these. */
export function readPriceRange(text: string): PriceRange | undefined {
  const match = /^(\d{1,7})?-(\d{1,7})?$/.exec(text.trim());
  if (!match || (match[1] === undefined && match[2] === undefined)) return undefined;
  const min = match[1] === undefined ? null : Number(match[1]);
  const max = match[2] === undefined ? null : Number(match[2]);
  if ((min ?? 0) > MAX_PRICE_DOLLARS || (max ?? 0) > MAX_PRICE_DOLLARS) return undefined;
  if (min !== null && max !== null && max <= min) return undefined;
  return { minCents: min === null ? null : min * 100, maxCents: max === null ? null : max * 100 };
}

export const priceParamOf = ({ minCents, maxCents }: PriceRange) =>
  `${minCents === null ? '' : minCents / 100}-${maxCents === null ? '' : maxCents / 100}`;

export interface ListingFiltersReading {
  filters: ListingFilters;
  /** What could not be read, in the words the API answers 400 with; the storefront ignores it. */
  problems: string[];
}

/**
 * A listing's filters from its query. The API refuses a query with problems; the storefront reads
 * what it can of an address (a link from elsewhere may carry anything) and leaves out the rest.
 */
export function readListingFilters(params: ListingParams): ListingFiltersReading {
  const problems: string[] = [];
  const filters: ListingFilters = { ...NO_FILTERS, types: [], collections: [], options: [] };

  const [sort] = valuesOf(params[FILTER_PARAMS.sort]);
  if (sort !== undefined) {
    if ((LISTING_SORTS as readonly string[]).includes(sort)) filters.sort = sort as ListingSort;
    else problems.push(`Unknown sort: ${sort.slice(0, 40)}`);
  }
  for (const type of valuesOf(params[FILTER_PARAMS.type])) {
    if ((CATEGORIES as readonly string[]).includes(type)) filters.types.push(type as Category);
    else problems.push(`Unknown type: ${type.slice(0, 40)}`);
  }
  filters.collections = valuesOf(params[FILTER_PARAMS.collection])
    .filter((handle) => /^[a-z0-9-]{1,100}$/.test(handle) || !problems.push('Unknown collection'))
    .slice(0, MAX_VALUES_PER_FILTER);
  const [price] = valuesOf(params[FILTER_PARAMS.price]);
  if (price !== undefined) {
    const range = readPriceRange(price);
    if (range) filters.price = range;
    else problems.push('Price must be a range in whole dollars, such as 20-40, -40 or 20-');
  }
  filters.inStock = isOn(params[FILTER_PARAMS.inStock]);
  filters.onSale = isOn(params[FILTER_PARAMS.onSale]);

  for (const [key, value] of Object.entries(params)) {
    const param = optionParamOf(key);
    if (RESERVED_PARAMS.has(key) || RESERVED_PARAMS.has(param) || FOREIGN_PARAM.test(param))
      continue;
    const values = valuesOf(value);
    if (!values.length) continue;
    if (!param || param.length > MAX_VALUE_LENGTH) {
      problems.push('Unknown filter');
      continue;
    }
    if (values.length > MAX_VALUES_PER_FILTER || values.some((v) => v.length > MAX_VALUE_LENGTH)) {
      problems.push(`Too many or too long values for ${param.slice(0, 40)}`);
      continue;
    }
    const existing = filters.options.find((option) => option.param === param);
    if (existing) existing.values = [...new Set([...existing.values, ...values])];
    else filters.options.push({ param, values });
  }
  if (filters.options.length > MAX_OPTION_FILTERS) {
    problems.push(`At most ${MAX_OPTION_FILTERS} options can be filtered at once`);
    filters.options = filters.options.slice(0, MAX_OPTION_FILTERS);
  }
  filters.options.sort((a, b) => a.param.localeCompare(b.param));
  filters.types.sort();
  filters.collections.sort();
  for (const option of filters.options) option.values.sort();
  return { filters, problems };
}

/** Whether anything narrows the listing (its sort does not). */
export const isFiltered = (filters: ListingFilters) =>
  filters.types.length > 0 ||
  filters.collections.length > 0 ||
  filters.options.length > 0 ||
  filters.price !== undefined ||
  filters.inStock ||
  filters.onSale;

/**
 * The filters as query pairs, in one order (an address, a cache key, the API's query): the sort
 * when it is not the listing's default, then the filters.
 */
export function listingParamsOf(
  filters: ListingFilters,
  defaultSort?: ListingSort,
): [string, string][] {
  const pairs: [string, string][] = [];
  if (filters.sort && filters.sort !== defaultSort) pairs.push([FILTER_PARAMS.sort, filters.sort]);
  for (const type of filters.types) pairs.push([FILTER_PARAMS.type, type]);
  for (const handle of filters.collections) pairs.push([FILTER_PARAMS.collection, handle]);
  for (const option of filters.options)
    for (const value of option.values) pairs.push([option.param, value]);
  if (filters.price) pairs.push([FILTER_PARAMS.price, priceParamOf(filters.price)]);
  if (filters.inStock) pairs.push([FILTER_PARAMS.inStock, '1']);
  if (filters.onSale) pairs.push([FILTER_PARAMS.onSale, '1']);
  return pairs;
}

/* Price bands: the price facet's choices, from the prices present. */

/** Band widths in whole dollars, smallest first: a listing gets the first that makes at most 4. */
const BAND_STEPS = [5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000];
const MAX_BANDS = 4;

export interface PriceBand {
  /** The band's range as an address names it: `20-40`, `60-` for the last. */
  value: string;
  label: string;
  count: number;
}

const dollars = (n: number) => `$${n.toLocaleString('en-US')}`;

/**
 * The price facet's bands from a histogram of whole-dollar prices (`dollars` 34 holds $34.00 to
 * $34.99): `present` are the prices in the listing before its filters, which fix the bands;
 * `count` the products there after the other filters, which the bands sum. The first band of a
 * listing that starts under the step reads 'Under $20', the last '$60 and over'.
 */
export function priceBands(histogram: readonly { dollars: number; count: number }[]): PriceBand[] {
  if (!histogram.length) return [];
  const low = Math.min(...histogram.map((bar) => bar.dollars));
  const high = Math.max(...histogram.map((bar) => bar.dollars)) + 1;
  const step =
    BAND_STEPS.find((size) => Math.ceil(high / size) - Math.floor(low / size) <= MAX_BANDS) ??
    Math.ceil(high / MAX_BANDS);
  const first = Math.floor(low / step);
  const last = Math.ceil(high / step) - 1;
  const bands: PriceBand[] = [];
  for (let index = first; index <= last; index++) {
    const from = index * step;
    const to = (index + 1) * step;
    const open = index === last && index > first;
    const count = histogram
      .filter((bar) => bar.dollars >= from && (open || bar.dollars < to))
      .reduce((sum, bar) => sum + bar.count, 0);
    const label = open
      ? `${dollars(from)} and over`
      : from === 0
        ? `Under ${dollars(to)}`
        : `${dollars(from)} – ${dollars(to)}`;
    bands.push({ value: open ? `${from}-` : `${from}-${to}`, label, count });
  }
  return bands;
}

/* The facets a listing answers beside its page. */

const count = z.int().check(z.nonnegative());
const facetValue = z.object({ value: z.string(), label: z.string(), count });

export const listingFacetsSchema = z.object({
  /** The products the listing has with its filters, on all its pages. */
  total: count,
  /** The categories of the listing ('Type'), each with the products the other filters leave. */
  types: z.array(facetValue),
  collections: z.array(facetValue),
  /** Each option of the listing's products: its values with the products that have one in stock. */
  options: z.array(z.object({ name: z.string(), param: z.string(), values: z.array(facetValue) })),
  prices: z.array(facetValue),
  inStock: count,
  onSale: count,
});
export type ListingFacets = z.infer<typeof listingFacetsSchema>;
export type FacetValue = z.infer<typeof facetValue>;

/** Query parameters beyond a listing's own: a key once or repeated (`size=L&size=XL`). */
export const filterParamValueSchema = z.union([
  z.string().check(z.maxLength(200)),
  z.array(z.string().check(z.maxLength(200))).check(z.maxLength(MAX_VALUES_PER_FILTER)),
]);

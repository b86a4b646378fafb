import {
  isFiltered,
  listingParamsOf,
  readListingFilters,
  type ListingFilters,
  type ListingSort,
} from '@shop/shared/listing';

/*
 * A listing's sort and filters in its address (decision 057): `?sort=price-asc&size=L&price=20-40`.
 * An address from elsewhere may carry anything: what the shared rules cannot read is left out,
 * never an error page.
 */

/** The filters of an address's query (a key given twice is two values). */
export function filtersOfAddress(searchParams: URLSearchParams): ListingFilters {
  const params: Record<string, string[]> = {};
  for (const [key, value] of searchParams) (params[key] ??= []).push(value);
  return readListingFilters(params).filters;
}

/** `?…` of these filters (the sort when not the listing's default) and `extra`; '' for none. */
export function listingSearchOf(
  filters: ListingFilters | undefined,
  defaultSort: ListingSort,
  extra: [string, string][] = [],
): string {
  const pairs = [...extra, ...(filters ? listingParamsOf(filters, defaultSort) : [])];
  return pairs.length ? `?${new URLSearchParams(pairs).toString()}` : '';
}

/** Whether the address narrows or reorders its listing: such a page stays out of search engines. */
export const isRefined = (filters: ListingFilters, defaultSort: ListingSort) =>
  isFiltered(filters) || (filters.sort !== undefined && filters.sort !== defaultSort);

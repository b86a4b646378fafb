import type { Params } from 'react-router';
import { filtersOfAddress, parsePageNumber } from '../catalog';
import type { CollectionPageQuery } from './api/collections-api';

/** What a collection's page asks for: its handle, page, sort and filters (the address's). */
export const collectionPageQueryOf = (
  params: Params,
  searchParams: URLSearchParams,
): CollectionPageQuery => ({
  handle: params.handle ?? '',
  pageNumber: parsePageNumber(params.pageNumber),
  filters: filtersOfAddress(searchParams),
});

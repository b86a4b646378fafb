import type { CollectionMenu, CollectionPage } from '@shop/shared/collections';
import { listingParamsOf, type ListingFilters } from '@shop/shared/listing';
import { api } from '../../../lib/api';
import { lazyAnswerSchema } from '../../../lib/lazy-contract';

export type CollectionPageQuery = { handle: string; pageNumber: number; filters?: ListingFilters };

export const collectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCollectionPage: build.query<CollectionPage, CollectionPageQuery>({
      query: ({ handle, pageNumber, filters }) => {
        const params = new URLSearchParams([
          ...(pageNumber > 1 ? [['pageNumber', String(pageNumber)] as [string, string]] : []),
          ...(filters ? listingParamsOf(filters) : []),
        ]).toString();
        return `/collections/${encodeURIComponent(handle)}${params ? `?${params}` : ''}`;
      },
      responseSchema: lazyAnswerSchema('collectionPage'),
      providesTags: ['ProductList'],
    }),
    /** The collections the owner shows in the header's menus. */
    getCollectionMenu: build.query<CollectionMenu, void>({
      query: () => '/collections/menu',
      responseSchema: lazyAnswerSchema('collectionMenu'),
      // The back office's collection writes invalidate the storefront's lists: the menu with them.
      providesTags: ['ProductList'],
    }),
  }),
});

export const { useGetCollectionPageQuery, useGetCollectionMenuQuery } = collectionsApi;

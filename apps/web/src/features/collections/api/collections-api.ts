import type { CollectionMenu, CollectionPage } from '@shop/shared/collections';
import { api } from '../../../lib/api';
import { lazyAnswerSchema } from '../../../lib/lazy-contract';

export type CollectionPageQuery = { handle: string; pageNumber: number };

export const collectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCollectionPage: build.query<CollectionPage, CollectionPageQuery>({
      query: ({ handle, pageNumber }) => ({
        url: `/collections/${encodeURIComponent(handle)}`,
        params: pageNumber > 1 ? { pageNumber: String(pageNumber) } : {},
      }),
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

import { adminCollectionListSchema, adminCollectionSchema } from '@shop/shared/admin-collections';
import type {
  AdminCollection,
  AdminCollectionList,
  CollectionWrite,
} from '@shop/shared/admin-collections';
import { BACK_OFFICE_TAG, adminApi, backOffice, withBackOfficeToken } from './admin-api';

/** The back office's collections (decision 034). */

const collectionPath = (id: string) => `/admin/collections/${encodeURIComponent(id)}`;

const tagged = adminApi.enhanceEndpoints({
  addTagTypes: ['AdminCollection', 'AdminCollectionList'],
});

/** A write changes the collection, the list, and what the storefront shows. */
const changed = (id: string) => [
  { type: 'AdminCollection' as const, id },
  'AdminCollectionList' as const,
  'ProductList' as const,
];

export const collectionsAdminApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    getAdminCollections: build.query<AdminCollectionList, void>({
      query: () => withBackOfficeToken({ url: '/admin/collections' }),
      responseSchema: adminCollectionListSchema,
      providesTags: [BACK_OFFICE_TAG, 'AdminCollectionList'],
      ...backOffice,
    }),
    getAdminCollection: build.query<AdminCollection, string>({
      query: (id) => withBackOfficeToken({ url: collectionPath(id) }),
      responseSchema: adminCollectionSchema,
      providesTags: (_result, _error, id) => [BACK_OFFICE_TAG, { type: 'AdminCollection', id }],
      ...backOffice,
    }),
    createCollection: build.mutation<AdminCollection, CollectionWrite>({
      query: (body) => withBackOfficeToken({ url: '/admin/collections', method: 'POST', body }),
      responseSchema: adminCollectionSchema,
      invalidatesTags: ['AdminCollectionList'],
      ...backOffice,
    }),
    updateCollection: build.mutation<AdminCollection, { id: string; collection: CollectionWrite }>({
      query: ({ id, collection }) =>
        withBackOfficeToken({ url: collectionPath(id), method: 'PUT', body: collection }),
      responseSchema: adminCollectionSchema,
      invalidatesTags: (_result, error, { id }) => (error ? [] : changed(id)),
      ...backOffice,
    }),
    setCollectionProducts: build.mutation<AdminCollection, { id: string; productIds: string[] }>({
      query: ({ id, productIds }) =>
        withBackOfficeToken({
          url: `${collectionPath(id)}/products`,
          method: 'PUT',
          body: { productIds },
        }),
      responseSchema: adminCollectionSchema,
      // The answer is the collection as stored: it replaces the cached one at once.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(collectionsAdminApi.util.upsertQueryData('getAdminCollection', id, data));
        } catch {
          // The page shows the failure.
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : ['AdminCollectionList', 'ProductList']),
      ...backOffice,
    }),
    deleteCollection: build.mutation<void, string>({
      query: (id) => withBackOfficeToken({ url: collectionPath(id), method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminCollectionList', 'ProductList']),
      ...backOffice,
    }),
  }),
});

export const {
  useGetAdminCollectionsQuery,
  useGetAdminCollectionQuery,
  useCreateCollectionMutation,
  useUpdateCollectionMutation,
  useSetCollectionProductsMutation,
  useDeleteCollectionMutation,
} = collectionsAdminApi;

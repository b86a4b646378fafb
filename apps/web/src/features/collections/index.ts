// features/collections' public entry: what other features and the app may use (decision 034).
export {
  collectionsApi,
  useGetCollectionMenuQuery,
  useGetCollectionPageQuery,
} from './api/collections-api';
export { collectionPath, collectionTitle, paragraphsOf } from './collection-path';
export { collectionPageQueryOf } from './collection-query';

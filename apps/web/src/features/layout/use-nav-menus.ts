import { collectionPath, useGetCollectionMenuQuery } from '../collections';
import { NAV_MENUS, withCollections } from './nav-menus';

/** The header's menus: the categories, then the collections the owner shows there. */
export function useNavMenus() {
  const { data } = useGetCollectionMenuQuery();
  return withCollections(NAV_MENUS, data?.collections, collectionPath);
}

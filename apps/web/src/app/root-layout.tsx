import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useLogoutSettled } from '../features/account';
import { useCartStockWatch, useLoweredLinesNotice } from '../features/cart';
import { collectionsApi } from '../features/collections';
import type { PageRequests } from '../lib/page-data';
import { AppFrame } from './app-frame';

/** What the frame renders with on every page: the collections the header's menus show. */
export const frameRequests: PageRequests = (dispatch) => [
  dispatch(collectionsApi.endpoints.getCollectionMenu.initiate()),
];

/**
 * The layout of every route: the frame, the cart's stock watch (and its notice of lines lowered
 * to the per-line limit), the end of a logout's way home, and a bar while a page loads.
 */
export function RootLayout() {
  useCartStockWatch();
  useLoweredLinesNotice();
  useLogoutSettled();
  const navigation = useNavigation();
  return (
    <AppFrame>
      {navigation.state === 'loading' && (
        <div
          aria-hidden="true"
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-terracotta-600 motion-reduce:animate-none"
        />
      )}
      <Outlet />
      <ScrollRestoration />
    </AppFrame>
  );
}

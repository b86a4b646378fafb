import { matchPath } from 'react-router';
import { productsApi } from '../features/catalog/api/products-api';
import { parsePageNumber } from '../features/catalog/page-number';
import type { AppStore } from './store';

/**
 * Starts the API requests the first page makes at once, while its code is still loading, so the
 * page does not wait for its code and then for its data. Each request is exactly the one the page's
 * own query makes (same endpoint and arguments), so the page finds it under way or answered.
 * A page without an entry here simply fetches when it renders, as any page does.
 */
export function prefetchFirstPage(store: AppStore, pathname: string): void {
  const prefetch = (...args: Parameters<typeof productsApi.util.prefetch>) =>
    store.dispatch(productsApi.util.prefetch(...args));

  const home = matchPath('/', pathname) ?? matchPath('/page/:pagenumber', pathname);
  if (home) {
    // The two collection carousels and the product list (features/home/components/home-page).
    prefetch('getProducts', { categories: ['belts'] }, {});
    prefetch('getProducts', { categories: ['flower_totes'] }, {});
    prefetch('getProducts', { pageNumber: parsePageNumber(home.params.pagenumber) }, {});
    return;
  }
  const product = matchPath('/products/:productId', pathname);
  if (product) prefetch('getProduct', product.params.productId ?? '', {});
}

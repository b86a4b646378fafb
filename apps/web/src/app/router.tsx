import { createBrowserRouter, matchRoutes } from 'react-router';
import type { DOMRouterOpts, HydrationState, RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { pageLoader } from '../lib/page-data';
import type { PageRequests } from '../lib/page-data';
import { BrowserOnly } from './browser-only';
import type { LegalPage } from './legal-route';
import { RootErrorBoundary, RouteErrorBoundary } from './error-boundaries';
import { PageLoading } from './page-loading';
import { RequireUser } from './require-user';
import { RootLayout, frameRequests } from './root-layout';

/** A page's module: its component and, for a page the server renders with data, its requests. */
type PageModule = { default: ComponentType; pageRequests?: PageRequests };

/** The id of the routes the back office's routes are added under. */
const SHOP_ROUTES = 'shop';

/**
 * A route whose code is loaded when it is first visited; a page with requests gets a loader that
 * starts them (and on the server waits for them: lib/page-data.ts).
 */
const page = (load: () => Promise<PageModule>) => async () => {
  const { default: Component, pageRequests } = await load();
  return pageRequests ? { Component, loader: pageLoader(pageRequests) } : { Component };
};

type SkeletonName =
  | 'FormPageSkeleton'
  | 'CartPageSkeleton'
  | 'CheckoutPageSkeleton'
  | 'AccountPageSkeleton'
  | 'OrderPageSkeleton';

/**
 * A page that lives on browser storage or a token (cart, account, checkout, order): the server
 * renders the frame and the page's skeleton, the browser the page once hydrated.
 */
const browserPage = (load: () => Promise<PageModule>, skeleton: SkeletonName) => async () => {
  const [{ default: Page }, skeletons] = await Promise.all([
    load(),
    import('../components/ui/page-skeletons'),
  ]);
  const Skeleton: ComponentType = skeletons[skeleton];
  return {
    element: (
      <BrowserOnly fallback={<Skeleton />}>
        <Page />
      </BrowserOnly>
    ),
  };
};

/** A category listing: one page component, given the categories it lists. */
const category = (slug: 'tshirts' | 'belts' | 'totes' | 'hoodies') => async () => {
  const { default: CategoryPage, categoryPageRequests } =
    await import('../features/catalog/components/category-page');
  return { element: <CategoryPage slug={slug} />, loader: pageLoader(categoryPageRequests(slug)) };
};

// Globbed rather than imported: the legal pages are written in parallel, and the build must
// not depend on their being there yet (a missing page is a 404, not a broken build).
const legalModules = import.meta.glob<{ default: LegalPage }>('../features/legal/*-page.tsx');

const legal = (file: string, title: string) => async () => {
  const load = legalModules[`../features/legal/${file}.tsx`];
  if (!load) return { Component: (await import('./not-found-page')).default };
  // The frame (and its shop config query) loads with the page, not with the first page.
  const [{ default: Page }, { LegalRoute, legalPageRequests }] = await Promise.all([
    load(),
    import('./legal-route'),
  ]);
  return {
    element: <LegalRoute page={Page} title={title} />,
    loader: pageLoader(legalPageRequests),
  };
};

const home = page(() => import('../features/home/components/home-page'));
const search = page(() => import('../features/search/components/search-page'));
const collection = page(() => import('../features/collections/components/collection-page'));

/** Guarded pages also answer on any deeper path (the spec's wildcard variants). */
const guarded = (
  path: string,
  load: () => Promise<PageModule>,
  skeleton: SkeletonName,
): RouteObject[] => [
  { path, lazy: browserPage(load, skeleton) },
  { path: `${path}/*`, lazy: browserPage(load, skeleton) },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    // The header's collections menu, on every page the server renders.
    loader: pageLoader(frameRequests),
    errorElement: <RootErrorBoundary />,
    children: [
      {
        id: SHOP_ROUTES,
        errorElement: <RouteErrorBoundary />,
        // While the first page's code loads, the layout is already there around a spinner.
        HydrateFallback: PageLoading,
        children: [
          { index: true, lazy: home },
          { path: 'page/:pagenumber', lazy: home },
          { path: 'search/:keyword', lazy: search },
          { path: 'search/:keyword/page/:pageNumber', lazy: search },
          {
            path: 'products/:productId',
            lazy: page(() => import('../features/catalog/components/product-page')),
          },
          { path: 'tshirts', lazy: category('tshirts') },
          { path: 'belts', lazy: category('belts') },
          { path: 'totes', lazy: category('totes') },
          { path: 'hoodies', lazy: category('hoodies') },
          { path: 'collections/:handle', lazy: collection },
          { path: 'collections/:handle/page/:pageNumber', lazy: collection },
          {
            path: 'cart/:productId?',
            lazy: browserPage(
              () => import('../features/cart/components/cart-page'),
              'CartPageSkeleton',
            ),
          },
          {
            path: 'login',
            lazy: browserPage(
              () => import('../features/account/components/login-page'),
              'FormPageSkeleton',
            ),
          },
          {
            path: 'register',
            lazy: browserPage(
              () => import('../features/account/components/register-page'),
              'FormPageSkeleton',
            ),
          },
          {
            path: 'pending',
            lazy: browserPage(
              () => import('../features/account/components/pending-page'),
              'FormPageSkeleton',
            ),
          },
          {
            path: 'verify/:userId/:uniqueString',
            lazy: browserPage(
              () => import('../features/account/components/verify-page'),
              'FormPageSkeleton',
            ),
          },
          {
            path: 'forgot-password',
            lazy: browserPage(
              () => import('../features/account/components/forgot-password-page'),
              'FormPageSkeleton',
            ),
          },
          {
            path: 'reset-password/:token',
            lazy: browserPage(
              () => import('../features/account/components/reset-password-page'),
              'FormPageSkeleton',
            ),
          },
          {
            // The link mailed to a new e-mail address; works without signing in.
            path: 'confirm-email/:token',
            lazy: browserPage(
              () => import('../features/account/components/confirm-email-page'),
              'FormPageSkeleton',
            ),
          },
          {
            path: 'guest-checkout',
            lazy: browserPage(
              () => import('../features/checkout/components/guest-checkout-page'),
              'FormPageSkeleton',
            ),
          },
          {
            path: 'successfulorder',
            lazy: browserPage(
              () => import('../features/orders/components/successful-order-page'),
              'OrderPageSkeleton',
            ),
          },
          { path: 'privacypolicy', lazy: legal('privacy-policy-page', 'Privacy Policy') },
          { path: 'terms', lazy: legal('terms-page', 'Terms and Conditions') },
          { path: 'refundpolicy', lazy: legal('refund-policy-page', 'Refund Policy') },
          {
            Component: RequireUser,
            children: [
              ...guarded(
                'profile',
                () => import('../features/account/components/profile-page'),
                'AccountPageSkeleton',
              ),
              ...guarded(
                'shipping',
                () => import('../features/checkout/components/shipping-page'),
                'CheckoutPageSkeleton',
              ),
              ...guarded(
                'payment',
                () => import('../features/checkout/components/payment-page'),
                'CheckoutPageSkeleton',
              ),
              ...guarded(
                'placeorder',
                () => import('../features/checkout/components/place-order-page'),
                'CheckoutPageSkeleton',
              ),
              ...guarded(
                'order/:id',
                () => import('../features/orders/components/order-page'),
                'OrderPageSkeleton',
              ),
            ],
          },
          { path: '*', lazy: page(() => import('./not-found-page')) },
        ],
      },
    ],
  },
];

/**
 * The back office's routes join the table on the first visit to /admin (before the splat route
 * answers 404): neither they nor their code are on the shop's first page.
 */
export const routerOptions: Pick<DOMRouterOpts, 'patchRoutesOnNavigation'> = {
  async patchRoutesOnNavigation({ path, patch, matches }) {
    if (!/^\/admin(\/|$)/.test(path) || matches.some((match) => match.route.path === 'admin'))
      return;
    const { adminRoutes } = await import('../features/admin/admin-routes');
    patch(SHOP_ROUTES, adminRoutes);
  },
};

/**
 * Loads the code of the routes `pathname` matches before the browser hydrates the server's HTML:
 * the first render must be the page itself, not the fallback shown while a route's code loads.
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

/**
 * The browser's router. `hydrationData`: the loaders' data of the page the server rendered (from
 * its data block), so that they do not run again while the browser hydrates it.
 */
export function createRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, { ...routerOptions, hydrationData });
}

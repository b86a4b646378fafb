import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import NotFoundPage from './not-found-page';
import type * as AdminScreens from '../features/admin/admin-screens';
import type { LegalPage } from './legal-route';
import { PageLoading } from './page-loading';
import { RequireUser } from './require-user';
import { RootError } from './root-error';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

type PageModule = { default: ComponentType };

/** A route whose code is loaded when it is first visited. */
const page = (load: () => Promise<PageModule>) => async () => ({
  Component: (await load()).default,
});

/** A category listing: one page component, given the categories it lists. */
const category = (slug: 'tshirts' | 'belts' | 'totes' | 'hoodies') => async () => {
  const { default: CategoryPage } = await import('../features/catalog/components/category-page');
  return { element: <CategoryPage slug={slug} /> };
};

// Globbed rather than imported: the legal pages are written in parallel, and the build must
// not depend on their being there yet (a missing page is a 404, not a broken build).
const legalModules = import.meta.glob<{ default: LegalPage }>('../features/legal/*-page.tsx');

const legal = (file: string, title: string) => async () => {
  const load = legalModules[`../features/legal/${file}.tsx`];
  if (!load) return { Component: NotFoundPage };
  // The frame (and its shop config query) loads with the page, not with the first page.
  const [{ default: Page }, { LegalRoute }] = await Promise.all([load(), import('./legal-route')]);
  return { element: <LegalRoute page={Page} title={title} /> };
};

/** A back-office screen: all of them come in one module, a single lazy import here. */
const admin = (screen: keyof typeof AdminScreens) => async () => ({
  Component: (await import('../features/admin/admin-screens'))[screen],
});

const home = page(() => import('../features/home/components/home-page'));
const search = page(() => import('../features/catalog/components/search-page'));

/** Guarded pages also answer on any deeper path (the spec's wildcard variants). */
const guarded = (path: string, load: () => Promise<PageModule>): RouteObject[] => [
  { path, lazy: page(load) },
  { path: `${path}/*`, lazy: page(load) },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RootError />,
    children: [
      {
        errorElement: <RouteError />,
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
          {
            path: 'cart/:productId?',
            lazy: page(() => import('../features/cart/components/cart-page')),
          },
          { path: 'login', lazy: page(() => import('../features/account/components/login-page')) },
          {
            path: 'register',
            lazy: page(() => import('../features/account/components/register-page')),
          },
          {
            path: 'pending',
            lazy: page(() => import('../features/account/components/pending-page')),
          },
          {
            path: 'verify/:userId/:uniqueString',
            lazy: page(() => import('../features/account/components/verify-page')),
          },
          {
            path: 'forgot-password',
            lazy: page(() => import('../features/account/components/forgot-password-page')),
          },
          {
            path: 'reset-password/:token',
            lazy: page(() => import('../features/account/components/reset-password-page')),
          },
          {
            // The link mailed to a new e-mail address; works without signing in.
            path: 'confirm-email/:token',
            lazy: page(() => import('../features/account/components/confirm-email-page')),
          },
          {
            path: 'guest-checkout',
            lazy: page(() => import('../features/checkout/components/guest-checkout-page')),
          },
          {
            path: 'successfulorder',
            lazy: page(() => import('../features/orders/components/successful-order-page')),
          },
          { path: 'privacypolicy', lazy: legal('privacy-policy-page', 'Privacy Policy') },
          { path: 'terms', lazy: legal('terms-page', 'Terms and Conditions') },
          { path: 'refundpolicy', lazy: legal('refund-policy-page', 'Refund Policy') },
          {
            Component: RequireUser,
            children: [
              ...guarded('profile', () => import('../features/account/components/profile-page')),
              ...guarded('shipping', () => import('../features/checkout/components/shipping-page')),
              ...guarded('payment', () => import('../features/checkout/components/payment-page')),
              ...guarded(
                'placeorder',
                () => import('../features/checkout/components/place-order-page'),
              ),
              ...guarded('order/:id', () => import('../features/orders/components/order-page')),
            ],
          },
          {
            // The back office: its code loads only here, never with the shop's first page.
            path: 'admin',
            children: [
              { path: 'setup', lazy: admin('SetupPage') },
              {
                lazy: admin('AdminLayout'),
                children: [
                  { index: true, lazy: admin('SummaryPage') },
                  { path: 'orders', lazy: admin('OrdersPage') },
                  { path: 'orders/:id', lazy: admin('OrderDetailPage') },
                  { path: 'customers', lazy: admin('CustomersPage') },
                  { path: 'staff', lazy: admin('StaffPage') },
                  { path: 'audit', lazy: admin('AuditPage') },
                  { path: '*', Component: NotFoundPage },
                ],
              },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

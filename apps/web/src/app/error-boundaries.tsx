import { Suspense, lazy } from 'react';

// The error screens load when an error happens, not with the first page: almost no visit needs them.
const RootError = lazy(() => import('./root-error').then((m) => ({ default: m.RootError })));
const RouteError = lazy(() => import('./route-error').then((m) => ({ default: m.RouteError })));

/** The router's error element of the layout route (see root-error.tsx). */
export function RootErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <RootError />
    </Suspense>
  );
}

/** The router's error element of the shop's routes (see route-error.tsx). */
export function RouteErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <RouteError />
    </Suspense>
  );
}

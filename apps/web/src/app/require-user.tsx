import { Navigate, Outlet, matchPath, useLocation } from 'react-router';
import { useHydrated } from '../lib/use-hydrated';
import { useAppSelector } from '../stores/hooks';

/** The order mail's signed link (/order/:id?token=…) opens the order without a sign-in. */
function isSignedOrderLink(pathname: string, search: string): boolean {
  return (
    matchPath('/order/:id', pathname) !== null && Boolean(new URLSearchParams(search).get('token'))
  );
}

/**
 * Sends visitors without stored userInfo to /login?redirect={where they were going}. The server
 * and the hydrating browser do not know the user yet: the page's skeleton shows (see BrowserOnly).
 */
export function RequireUser() {
  const userInfo = useAppSelector((state) => state.account.userInfo);
  const signingOut = useAppSelector((state) => state.account.signingOut === true);
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  // A logout goes home (spec section 4), never to /login: both ways lead to the same page.
  if (hydrated && !userInfo && signingOut) return <Navigate to="/" replace />;
  if (hydrated && !userInfo && !isSignedOrderLink(pathname, search)) {
    return <Navigate to={`/login?redirect=${encodeURIComponent(pathname + search)}`} replace />;
  }
  return <Outlet />;
}

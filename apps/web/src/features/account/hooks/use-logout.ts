import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../stores/hooks';
import { api } from '../../../lib/api';
import { endBackOfficeSession } from '../../../lib/back-office-session';
import { loggedOut, signedOutHome } from '../../../stores/account-slice';
import { logoutApi } from '../api/logout-api';

/**
 * Forgets the signed-in user on this device and goes home: the store and localStorage forget
 * userInfo (and the back office its session, marker and cookie), and the cached user details, own orders and every other answer fetched with the token
 * are dropped (resetting the API state also aborts every request under way). `onHome` runs once
 * the home page has been asked for.
 *
 * On a page behind the sign-in guard, forgetting the user would make the guard redirect to
 * /login?redirect=…: the store says a logout is under way (`signingOut`) until the home page has
 * been reached (useLogoutSettled), and the guard sends the shopper home as well meanwhile. (Pages' loaders make navigations take a
 * while, so a redirect of the guard could otherwise land after the way home and win.)
 */
export function useForgetSignedInUser(): (onHome?: () => void) => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    (onHome?: () => void) => {
      dispatch(loggedOut());
      endBackOfficeSession();
      dispatch(api.util.resetApiState());
      window.setTimeout(() => {
        void Promise.resolve(navigate('/')).then(onHome);
      }, 0);
    },
    [dispatch, navigate],
  );
}

/**
 * Logs out (spec section 4): forgets the user as above and tells the server to stop accepting the
 * token (POST /api/users/logout).
 *
 * The shopper never waits for the server: the local state is cleared at once, whatever the call
 * answers or however long it takes (offline, 401 for a token that had expired already). The call
 * is started after the API state is reset, and carries the token it ends; its own answer changes
 * nothing here (the API client only ends the current session on a token failure, and there is
 * none by then).
 */
export function useLogout(): () => void {
  const dispatch = useAppDispatch();
  const forget = useForgetSignedInUser();
  const token = useAppSelector((state) => state.account.userInfo?.token);
  return useCallback(() => {
    forget();
    if (token) void dispatch(logoutApi.endpoints.logout.initiate(token, { track: false }));
  }, [dispatch, forget, token]);
}

/**
 * Ends a logout's `signingOut` once the home page is reached (by the logout's navigation or the
 * guard's, whichever lands first); from then on the guard sends signed-out visitors to /login.
 * Used once, by the root layout.
 */
export function useLogoutSettled(): void {
  const dispatch = useAppDispatch();
  const signingOut = useAppSelector((state) => state.account.signingOut === true);
  const { pathname } = useLocation();
  useEffect(() => {
    if (signingOut && pathname === '/') dispatch(signedOutHome());
  }, [dispatch, signingOut, pathname]);
}

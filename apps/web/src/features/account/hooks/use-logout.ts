import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { api } from '../../../lib/api';
import { clearBackOfficeSession } from '../../../lib/back-office-session';
import { loggedOut } from '../account-slice';
import { logoutApi } from '../api/logout-api';

/**
 * Logs out (spec section 4): the store and localStorage forget userInfo (and sessionStorage the
 * back-office token), the cached user details,
 * own orders and every other answer fetched with the token are dropped, and the shopper lands on
 * the home page. The server is told to stop accepting the token (POST /api/users/logout).
 *
 * The shopper never waits for the server: the local state is cleared at once, whatever the call
 * answers or however long it takes (offline, 401 for a token that had expired already). The call
 * is started after the API state is reset, which aborts every request under way, and carries the
 * token it ends; its own answer changes nothing here (the API client only ends the current
 * session on a token failure, and there is none by then).
 *
 * On a page behind the sign-in guard, forgetting the user makes the guard redirect to
 * /login?redirect=…; the home page is therefore requested after that (a later navigation
 * replaces an earlier one), not before: the router shows pages in a React transition, so
 * waiting for its navigation to finish would not guarantee that the guarded page is gone.
 */
export function useLogout(): () => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const token = useAppSelector((state) => state.account.userInfo?.token);
  return useCallback(() => {
    dispatch(loggedOut());
    clearBackOfficeSession();
    dispatch(api.util.resetApiState());
    if (token) void dispatch(logoutApi.endpoints.logout.initiate(token, { track: false }));
    window.setTimeout(() => void navigate('/'), 0);
  }, [dispatch, navigate, token]);
}

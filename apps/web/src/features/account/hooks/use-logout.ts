import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { api } from '../../../lib/api';
import { loggedOut } from '../account-slice';

/**
 * Logs out (spec section 4): the store and localStorage forget userInfo, the cached user details,
 * own orders and every other answer fetched with the token are dropped, and the shopper lands on
 * the home page.
 *
 * On a page behind the sign-in guard, forgetting the user makes the guard redirect to
 * /login?redirect=…; the home page is therefore requested after that (a later navigation
 * replaces an earlier one), not before: the router shows pages in a React transition, so
 * waiting for its navigation to finish would not guarantee that the guarded page is gone.
 */
export function useLogout(): () => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
    window.setTimeout(() => void navigate('/'), 0);
  }, [dispatch, navigate]);
}

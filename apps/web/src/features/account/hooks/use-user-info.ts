import { useAppSelector } from '../../../stores/hooks';
import { useHydrated } from '../../../lib/use-hydrated';

/**
 * The signed-in user, for what the header and the sidebar show: null on the server and during
 * hydration (the server does not know the user, so the first render is a signed-out visitor's),
 * the stored user after.
 */
export function useUserInfo() {
  const userInfo = useAppSelector((state) => state.account.userInfo);
  return useHydrated() ? userInfo : null;
}

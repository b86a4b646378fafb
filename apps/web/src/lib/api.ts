import { createAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import { errorBodyShape } from './contract';
import { safeParse } from './shape';

/** The server said the stored token is no longer valid: the account slice logs out on it. */
export const sessionExpired = createAction('api/sessionExpired');

type StateWithToken = { account: { userInfo: { token: string } | null } };

const fetchFromApi = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as StateWithToken).account.userInfo?.token;
    // A call that names its token itself (the logout's) keeps it.
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  queryApi,
  extraOptions,
) => {
  const result = await fetchFromApi(args, queryApi, extraOptions);
  if (result.error) {
    const body = safeParse(errorBodyShape, result.error.data);
    if (body.success && body.data.message === ACCOUNT_MESSAGES.tokenFailed) {
      // Only the token of the current session ends it: a failure of an older token (the logout's
      // own call, a request sent before the shopper logged out and in again) changes nothing.
      const current = (queryApi.getState() as StateWithToken).account.userInfo?.token;
      const sent = result.meta?.request.headers.get('Authorization');
      if (current && sent === `Bearer ${current}`) {
        // As on logout: no user details or orders of the expired session stay in the cache.
        queryApi.dispatch(sessionExpired());
        queryApi.dispatch(api.util.resetApiState());
      }
    }
  }
  return result;
};

/** The one RTK Query API of the storefront; features add their endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Product', 'ProductList', 'ShopConfig'],
  // An answer that breaks the shared contract becomes an ordinary error with a generic text.
  catchSchemaFailure: (error) => ({
    status: 'CUSTOM_ERROR' as const,
    error: `Unexpected answer from the server: ${error.message}`,
  }),
  endpoints: () => ({}),
});

import { createAction } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type {
  BaseQueryFn,
  FetchArgs,
  FetchBaseQueryError,
  FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { TOKEN_FAILED_MESSAGE } from '@shop/shared/session';
import { errorBodyMessage } from './api-error';

/** The server said the stored token is no longer valid: the account slice logs out on it. */
export const sessionExpired = createAction('api/sessionExpired');

/**
 * The API state the server rendered the page with (its queries' answers), handed to the browser's
 * store before hydration (start.tsx), so the first render finds every answer the server had.
 */
export const hydrateFromServer = createAction<unknown>('api/hydrateFromServer');

type StateWithToken = { account: { userInfo: { token: string } | null } };

type ApiRequest = BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
>;

/** How a store's requests reach the API: its thunk extra argument (see createServerStore). */
export type ApiTransport = { fetchFromApi: ApiRequest };

/** Requests to `baseUrl` through `fetchFn`. */
export function apiTransport(baseUrl: string, fetchFn: typeof fetch): ApiTransport {
  return {
    fetchFromApi: fetchBaseQuery({
      baseUrl,
      fetchFn,
      prepareHeaders: (headers, { getState }) => {
        const token = (getState() as StateWithToken).account.userInfo?.token;
        // A call that names its token itself (the logout's) keeps it.
        if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
        return headers;
      },
    }),
  };
}

/** The browser's: this origin's /api, through the fetch of the moment (tests replace it). */
const browserTransport = apiTransport('/api', (...args) => fetch(...args));

/**
 * A store made with a transport (the server renderer's: in-process, under an absolute URL) asks
 * through it; the browser's store, and a test's, through the browser's fetch.
 */
const transportOf = (extra: unknown): ApiTransport =>
  typeof extra === 'object' && extra !== null && 'fetchFromApi' in extra
    ? (extra as ApiTransport)
    : browserTransport;

const baseQuery: ApiRequest = async (args, queryApi, extraOptions) => {
  const result = await transportOf(queryApi.extra).fetchFromApi(args, queryApi, extraOptions);
  if (result.error) {
    if (errorBodyMessage(result.error.data) === TOKEN_FAILED_MESSAGE) {
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
  extractRehydrationInfo: (action) =>
    // The payload is this API's own state, serialized by the server renderer.
    hydrateFromServer.match(action) ? (action.payload as never) : undefined,
});

import { createAction } from '@reduxjs/toolkit';
import {
  buildCreateApi,
  coreModule,
  fetchBaseQuery,
  reactHooksModule,
} from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { TOKEN_FAILED_MESSAGE } from '@shop/shared/session';
import { errorBodySchema } from '@shop/shared/catalog';

/** The server said the stored token is no longer valid: the account slice logs out on it. */
export const sessionExpired = createAction('api/sessionExpired');

/**
 * The API state the server rendered the page with (its queries' answers), handed to the browser's
 * store before hydration (main.tsx), so the first render finds every answer the server had.
 */
export const hydrateFromServer = createAction<unknown>('api/hydrateFromServer');

type StateWithToken = { account: { userInfo: { token: string } | null } };

/**
 * Where the API is asked. In the browser: this origin's /api with the browser's fetch. The server
 * renderer (entry-server.tsx) answers the same requests in-process (see setServerFetch).
 */
let apiBaseUrl = '/api';
let apiFetch: typeof fetch = (...args) => fetch(...args);

/** Server rendering only: requests go to `fetchFn` under an absolute base URL (Node has no origin). */
export function setServerFetch(origin: string, fetchFn: typeof fetch): void {
  apiBaseUrl = `${origin}/api`;
  apiFetch = fetchFn;
}

/** On the server an endpoint's path is made absolute (fetchBaseQuery keeps an absolute URL as is). */
function onServer(args: string | FetchArgs): string | FetchArgs {
  if (apiBaseUrl === '/api') return args;
  const request = typeof args === 'string' ? { url: args } : args;
  return { ...request, url: `${apiBaseUrl}/${request.url.replace(/^\//, '')}` };
}

const fetchFromApi = fetchBaseQuery({
  baseUrl: '/api',
  fetchFn: (...args) => apiFetch(...args),
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
  const result = await fetchFromApi(onServer(args), queryApi, extraOptions);
  if (result.error) {
    const body = errorBodySchema.safeParse(result.error.data);
    if (body.success && body.data.message === TOKEN_FAILED_MESSAGE) {
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

/**
 * On the server, a query hook starts its request while rendering (there are no effects there): the
 * renderer renders, waits for the requests the page started, and renders again with their answers.
 */
const createApi = buildCreateApi(
  coreModule(),
  reactHooksModule({ unstable__sideEffectsInRender: import.meta.env.SSR }),
);

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

import type { MessageResponse } from '@shop/shared/accounts';
import { api } from '../../../lib/api';
import { lazyAnswerSchema } from '../../../lib/lazy-contract';

export const logoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/users/logout: the server stops accepting the token (it answers 401 'Not
     * authorized, token failed' afterwards). The token is the argument, not the stored one: the
     * call is made after the store has forgotten the user (see useLogout). `keepalive` lets it
     * finish even when the shopper closes the page at once.
     */
    logout: build.mutation<MessageResponse, string>({
      query: (token) => ({
        url: '/users/logout',
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        keepalive: true,
      }),
      responseSchema: lazyAnswerSchema('message'),
    }),
  }),
});

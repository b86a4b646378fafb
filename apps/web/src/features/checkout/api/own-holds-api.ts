import type { CheckoutProof, OwnHoldsResponse } from '@shop/shared/orders';
import { api } from '../../../lib/api';
import { lazyAnswerSchema } from '../../../lib/lazy-contract';

/**
 * POST /api/orders/own-holds: what the shopper's own open checkouts hold (the signed-in account's,
 * and those this browser keeps the proofs of), so the cart's stock re-check counts them as theirs.
 */
export const ownHoldsApi = api.injectEndpoints({
  endpoints: (build) => ({
    ownHolds: build.mutation<OwnHoldsResponse, { checkouts: CheckoutProof[] }>({
      query: (body) => ({ url: '/orders/own-holds', method: 'POST', body }),
      responseSchema: lazyAnswerSchema('ownHolds'),
    }),
  }),
});

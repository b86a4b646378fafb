import type { ReviewRequest } from '@shop/shared/orders';
import { api } from '../../../lib/api';

export const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/products/:id/review (spec: rating, comment, userEmail; bearer when signed in). */
    createReview: build.mutation<{ message: string }, ReviewRequest & { productId: string }>({
      query: ({ productId, ...body }) => ({
        url: `/products/${encodeURIComponent(productId)}/review`,
        method: 'POST',
        body,
      }),
      // Success reloads the product (its reviews and rating) and the listings' ratings.
      invalidatesTags: (_result, error, { productId }) =>
        error ? [] : [{ type: 'Product', id: productId }, 'ProductList'],
    }),
  }),
});

export const { useCreateReviewMutation } = reviewsApi;

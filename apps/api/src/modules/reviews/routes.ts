import { z } from 'zod';
import { addressKeyOf } from '../../lib/address-key';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORDER_MESSAGES, reviewRequestSchema } from '@shop/shared/orders';
import { messageResponseSchema } from '@shop/shared/accounts';
import { responses } from '@shop/shared/responses';
import { singleLineText } from '@shop/shared/text';
import type { Authenticator } from '../accounts/authenticator';
import type { ActionLimiter } from '../rate-limits/service';
import { addReview, type ReviewsContext } from './service';

const REVIEW_LIMIT = { action: 'review', max: 20, windowMs: 60 * 60_000 };

export const reviewRoutes: FastifyPluginAsyncZod<{
  ctx: ReviewsContext;
  auth: Authenticator;
  limit: ActionLimiter;
  onReviewAdded(): void;
}> = async (app, { ctx, auth, limit, onReviewAdded }) => {
  app.post(
    '/api/products/:id/review',
    {
      schema: {
        params: z.object({ id: singleLineText('Product id').check(z.maxLength(100)) }),
        body: reviewRequestSchema,
        response: responses({ 201: messageResponseSchema }),
      },
    },
    async (request, reply) => {
      // Proof of the purchase: this bearer, or the order link's token in the body (the service).
      const user = await auth.optionalUser(request);
      await limit(REVIEW_LIMIT, addressKeyOf(request.ip));
      await addReview(ctx, request.params.id, request.body, user);
      onReviewAdded();
      return reply.code(201).send({ message: ORDER_MESSAGES.reviewAdded });
    },
  );
};

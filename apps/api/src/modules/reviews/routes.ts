import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORDER_MESSAGES, reviewRequestSchema } from '@shop/shared/orders';
import { singleLineText } from '@shop/shared/text';
import type { Database } from '../../db/client';
import type { Authenticator } from '../accounts/authenticator';
import type { ActionLimiter } from '../rate-limits/service';
import { addReview } from './service';

const REVIEW_LIMIT = { action: 'review', max: 20, windowMs: 60 * 60_000 };

export const reviewRoutes: FastifyPluginAsyncZod<{
  db: Database;
  auth: Authenticator;
  limit: ActionLimiter;
  onReviewAdded(): void;
}> = async (app, { db, auth, limit, onReviewAdded }) => {
  app.post(
    '/api/products/:id/review',
    {
      schema: {
        params: z.object({ id: singleLineText('Product id').max(100) }),
        body: reviewRequestSchema,
      },
    },
    async (request, reply) => {
      const user = await auth.optionalUser(request);
      await limit(REVIEW_LIMIT, request.ip);
      await addReview(db, request.params.id, request.body, user);
      onReviewAdded();
      return reply.code(201).send({ message: ORDER_MESSAGES.reviewAdded });
    },
  );
};

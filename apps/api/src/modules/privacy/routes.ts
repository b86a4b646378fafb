import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressKeyOf } from '../../lib/address-key';
import { messageResponseSchema } from '@shop/shared/accounts';
import { responses } from '@shop/shared/responses';
import { PRIVACY_MESSAGES, deleteAccountRequestSchema, exportFileName } from '@shop/shared/privacy';
import type { Authenticator } from '../accounts/authenticator';
import type { ActionLimit, ActionLimiter } from '../rate-limits/service';
import { deleteAccount, exportAccountData, type PrivacyContext } from '../../flows/privacy';

/** A copy of one's data is a few queries; a dozen an hour per account is plenty for a person. */
export const DATA_EXPORT_LIMIT: ActionLimit = {
  action: 'data-export',
  max: 12,
  windowMs: 60 * 60_000,
};

export const privacyRoutes: FastifyPluginAsyncZod<{
  ctx: PrivacyContext;
  auth: Authenticator;
  limit: ActionLimiter;
}> = async (app, { ctx, auth, limit }) => {
  app.get('/api/users/profile/export', async (request, reply) => {
    const user = await auth.requireUser(request);
    await limit(DATA_EXPORT_LIMIT, user.id);
    const data = await exportAccountData(ctx, user);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(new Date())}"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(data, null, 2));
  });

  app.delete(
    '/api/users/profile',
    {
      schema: {
        body: deleteAccountRequestSchema,
        response: responses({ 200: messageResponseSchema }),
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      await deleteAccount(ctx, user, request.body.password, addressKeyOf(request.ip));
      return { message: PRIVACY_MESSAGES.deleted };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devOutboxSchema } from '@shop/shared/mail-responses';
import { responses } from '@shop/shared/responses';
import type { Database } from '../../db/client';
import { listOutboxNewestFirst } from './outbox-repository';

/** GET /api/dev/outbox: the mails the shop wrote, newest first. Never registered in production. */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/dev/outbox',
    { schema: { response: responses({ 200: devOutboxSchema }) } },
    async () => {
      const rows = await listOutboxNewestFirst(db, 100);
      return rows.map((row) => ({
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  );
};

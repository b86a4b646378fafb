import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/client';
import { livenessSchema, readinessSchema } from '@shop/shared/health-responses';
import { responses } from '@shop/shared/responses';
import { AppError } from '../../errors';
import { withDeadline } from '../../lib/deadline';

export const healthRoutes: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  /** Readiness answers within this, whatever the database does (DB_READY_TIMEOUT_MS). */
  readyTimeoutMs: number;
}> = async (app, { database, readyTimeoutMs }) => {
  // Liveness: the process answers. Never touches the database, so a slow database does not get us restarted.
  app.get(
    '/api/health',
    { config: { rateLimit: false }, schema: { response: responses({ 200: livenessSchema }) } },
    async () => ({ status: 'ok' }),
  );

  // Readiness: the database answers, so a load balancer sends traffic here. A stalled database
  // must read as 'not ready' quickly, not as a check that hangs.
  app.get(
    '/api/ready',
    { config: { rateLimit: false }, schema: { response: responses({ 200: readinessSchema }) } },
    async (request) => {
      try {
        await withDeadline(database.ping(), readyTimeoutMs, 'readiness check');
      } catch (error) {
        request.log.error({ err: error }, 'readiness check: database did not answer');
        throw new AppError('unavailable', 'Database unavailable');
      }
      return { status: 'ready', database: database.kind };
    },
  );
};

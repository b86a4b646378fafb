import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../errors';

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  // Liveness: the process answers. Never touches the database, so a slow database does not get us restarted.
  app.get('/api/health', { config: { rateLimit: false } }, async () => ({ status: 'ok' }));

  // Readiness: the database answers, so a load balancer sends traffic here.
  app.get('/api/ready', { config: { rateLimit: false } }, async (request) => {
    try {
      await database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'readiness check: database did not answer');
      throw new AppError('unavailable', 'Database unavailable');
    }
    return { status: 'ready', database: database.kind };
  });
};

import * as z from 'zod/mini';

/** GET /api/health: the process answers. */
export const livenessSchema = z.object({ status: z.string() });

/** GET /api/ready: the database answers. */
export const readinessSchema = z.object({
  status: z.string(),
  database: z.enum(['postgres', 'pglite']),
});

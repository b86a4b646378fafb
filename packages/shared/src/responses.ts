import * as z from 'zod/mini';
import { errorBodySchema } from './catalog';

/**
 * The error answers every API route can give: the error handler answers any 4xx or 5xx with
 * `{ message }` (and `errors` for a refused request), whatever the route.
 */
const errorResponses = { '4xx': errorBodySchema, '5xx': errorBodySchema } as const;

/** A 204's empty body. */
export const noContentSchema = z.undefined();

/**
 * A route's `schema.response`: its success answers by status, and the error answers. Fastify
 * serialises each answer with the schema of its status, so an answer that breaks it fails as a 500.
 */
export function responses<Success extends Record<number, z.core.$ZodType>>(success: Success) {
  return { ...success, ...errorResponses };
}

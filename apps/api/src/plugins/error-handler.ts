import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@shop/shared/catalog';
import {
  DATABASE_BUSY_MESSAGE,
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
} from '../db/database-errors';
import { AppError } from '../errors';
import { requestTarget } from '../lib/log-safety';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

function describeIssuePath(instancePath: string, context: string): string {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field ? field : context;
}

/**
 * One mapping from failures to `{ message }` answers; a 5xx never shows internals. Its log line
 * has the request id (every request's logger carries it), method, route, status and the error as
 * lib/log-safety.ts has it: codes and frames, never the values of a failing query.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const logFailure = (err: unknown, statusCode: number, message: string) =>
      request.log.error(
        { method: request.method, ...requestTarget(request), statusCode, err },
        message,
      );

    if (error instanceof AppError) {
      if (error.statusCode >= 500)
        logFailure(error.cause ?? error, error.statusCode, error.message);
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ message: error.message } satisfies ErrorBody);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: describeIssuePath(issue.instancePath, error.validationContext ?? 'request'),
        message: issue.message ?? 'is invalid',
      }));
      const first = errors[0];
      // Our schemas carry messages written for people (the spec's, word for word); zod's own
      // defaults ('Invalid input: …') need the field's name to make sense.
      const message = !first
        ? 'Invalid request'
        : first.message.startsWith('Invalid input') || first.message.startsWith('Too ')
          ? `${first.path}: ${first.message}`
          : first.message;
      return reply.code(400).send({ message, errors } satisfies ErrorBody);
    }

    if (isDatabaseUnavailable(error)) {
      // A database that timed out or went away is a passing condition, not a fault: say when to retry.
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: DATABASE_BUSY_MESSAGE } satisfies ErrorBody);
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large, rate limit) are safe to show.
      return reply.code(status).send({ message: error.message } satisfies ErrorBody);
    }

    logFailure(error, 500, 'unexpected error');
    return reply.code(500).send({ message: INTERNAL_MESSAGE } satisfies ErrorBody);
  });
}

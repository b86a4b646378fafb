import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestTarget } from '../lib/log-safety';

/** A read slower than this is worth a line at info level. */
export const SLOW_REQUEST_MS = 250;

/**
 * One line per request. Writes, failures and slow requests are logged at info (or above);
 * fast successful reads only at debug, since they are the bulk of the traffic and the
 * proxy's access log has them (see docs/decisions/004-catalog-micro-cache.md).
 * The line names the route's pattern, not the URL: URLs carry the tokens of reset, verification
 * and order links.
 */
export function logRequest(request: FastifyRequest, reply: FastifyReply) {
  const ms = Math.round(reply.elapsedTime * 10) / 10;
  const line = {
    method: request.method,
    ...requestTarget(request),
    statusCode: reply.statusCode,
    ms,
  };
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  if (reply.statusCode >= 500) request.log.error(line, 'request failed');
  else if (isRead && reply.statusCode < 400 && ms < SLOW_REQUEST_MS)
    request.log.debug(line, 'request');
  else request.log.info(line, 'request');
}

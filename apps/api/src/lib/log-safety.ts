import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * What the log may keep of requests and errors. A failing query's error carries the query text
 * and its parameters (e-mail addresses, password hashes, shipping addresses) in its fields and in
 * its message, and a database's messages quote values too; URLs carry the tokens of mailed links
 * and order links. The log keeps codes, names and routes instead, never values.
 */

/** An error as logged: its kind, codes and the frames it was thrown from; never its own message or values. */
export type LoggedError = {
  type: string;
  /** A SQLSTATE, a Fastify code (FST_ERR_…), a system code (ECONNREFUSED), a mail code. */
  code?: string;
  /**
   * Our own AppError's message, written for people and holding no values; for any other error
   * only its type and code (its own message may quote the values it failed on).
   */
  message: string;
  /** Where in the database a constraint or column failed: names of the schema, never values. */
  schema?: string;
  table?: string;
  column?: string;
  constraint?: string;
  dataType?: string;
  routine?: string;
  /** An SMTP reply code. */
  responseCode?: number;
  /** The frames of the stack, without its first line (which repeats the message); '' if unknown. */
  stack: string;
  cause?: LoggedError;
};

const MAX_FRAMES = 15;
const MAX_CAUSES = 3;
const FRAME = /^\s+at /;
/** Fields of a PostgreSQL (pg or PGlite) error that name things rather than quote values. */
const NAME_FIELDS = ['schema', 'table', 'column', 'constraint', 'dataType', 'routine'] as const;
/** What a code looks like: SQLSTATE 23505, FST_ERR_CTP_INVALID_JSON, ECONNREFUSED, EENVELOPE. */
const CODE = /^[A-Za-z0-9_.-]{1,64}$/;
const IDENTIFIER = /^[A-Za-z0-9_. -]{1,128}$/;

/** The frames of a stack trace, with the message (which may quote values, over several lines) cut off. */
function framesOf(error: Error): string | undefined {
  const { stack, message } = error;
  if (typeof stack !== 'string') return undefined;
  let rest = stack;
  if (message) {
    const at = stack.indexOf(message);
    // A message changed after the stack was taken cannot be told apart from the frames: drop both.
    if (at < 0) return undefined;
    rest = stack.slice(at + message.length);
  }
  const frames = rest
    .split('\n')
    .filter((line) => FRAME.test(line))
    .slice(0, MAX_FRAMES)
    .map((line) => line.trim());
  return frames.length ? frames.join('\n') : undefined;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The error's class; a server's error report is a DatabaseError whichever driver (some minified) made it. */
function typeOf(error: Error, fields: Record<string, unknown>): string {
  if (typeof fields.severity === 'string' && SQLSTATE.test(String(fields.code))) {
    return 'DatabaseError';
  }
  const constructorName = error.constructor?.name;
  return constructorName && constructorName !== 'Error' ? constructorName : error.name || 'Error';
}

/**
 * Pino's serializer for `err`: every `log.x({ err }, …)` of the app goes through it, so no error
 * (nor its cause) brings its message, query, parameters or detail into the log.
 */
export function loggableError(value: unknown, depth = 0): LoggedError {
  if (!(value instanceof Error)) {
    const type = value === null ? 'null' : typeof value;
    return { type, message: `(a thrown ${type})`, stack: '' };
  }
  const fields = value as unknown as Record<string, unknown>;
  const type = typeOf(value, fields);
  const code = fields.code;
  const safeCode =
    (typeof code === 'string' || typeof code === 'number') && CODE.test(String(code))
      ? String(code)
      : undefined;
  const logged: LoggedError = {
    type,
    message: value instanceof AppError ? value.message : [type, safeCode].filter(Boolean).join(' '),
    stack: framesOf(value) ?? '',
  };
  if (safeCode) logged.code = safeCode;
  for (const name of NAME_FIELDS) {
    const field = fields[name];
    if (typeof field === 'string' && IDENTIFIER.test(field)) logged[name] = field;
  }
  if (typeof fields.responseCode === 'number') logged.responseCode = fields.responseCode;
  if (value.cause !== undefined && depth < MAX_CAUSES) {
    logged.cause = loggableError(value.cause, depth + 1);
    // The database's code is the useful one; the query error that wraps it has none of its own.
    if (!logged.code && logged.cause.code) logged.code = logged.cause.code;
  }
  return logged;
}

/** A path segment kept as it is: a plain word such as `reset-password` or `favicon.ico`. */
const PLAIN_SEGMENT = /^[A-Za-z][A-Za-z._-]{0,23}$/;

/**
 * A path for the log when no route matched (the storefront's pages, unknown paths): no query
 * string, and every segment that could be a token or an id (digits, escapes, long) as `:value`.
 */
export function redactedPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return path
    .split('/')
    .map((segment) => (segment === '' || PLAIN_SEGMENT.test(segment) ? segment : ':value'))
    .join('/');
}

/** What a proxy's request id looks like (a UUID, a trace id); anything else is not copied into the log. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The id of a request for its log lines: the proxy's X-Request-Id when it is a plain id, else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

/** Which request a log line is about: the route's pattern, never the URL with its values. */
export function requestTarget(request: FastifyRequest): { route: string } | { path: string } {
  const route = request.routeOptions.url;
  return route !== undefined && !request.is404 ? { route } : { path: redactedPath(request.url) };
}

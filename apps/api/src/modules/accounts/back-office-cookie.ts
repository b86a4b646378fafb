import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { BACK_OFFICE_MESSAGES } from '@shop/shared/back-office';

/**
 * The back-office token as a cookie (decision 044): HttpOnly so no script reads it, SameSite=Strict
 * and scoped to /api/admin so it travels only with the back office's own calls, Secure outside
 * localhost. Writes it carries must come from the shop's own origin (the CSRF check below).
 */
export const BACK_OFFICE_COOKIE = 'shop_back_office';
const COOKIE_PATH = '/api/admin';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SessionCookie {
  /** Sets the cookie to `token` for `maxAgeMs`. */
  set(reply: FastifyReply, token: string, maxAgeMs: number): void;
  /** Clears it (sign-out). */
  clear(reply: FastifyReply): void;
}

/** The cookie of a public origin: Secure unless the shop runs on this machine. */
export function createSessionCookie(publicUrl: string): SessionCookie {
  const { hostname } = new URL(publicUrl);
  const secure = !LOCAL_HOSTS.has(hostname);
  const attributes = (maxAgeSeconds: number) =>
    [
      `Path=${COOKIE_PATH}`,
      `Max-Age=${maxAgeSeconds}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(secure ? ['Secure'] : []),
    ].join('; ');
  return {
    set(reply, token, maxAgeMs) {
      reply.header(
        'set-cookie',
        `${BACK_OFFICE_COOKIE}=${token}; ${attributes(Math.floor(maxAgeMs / 1000))}`,
      );
    },
    clear(reply) {
      reply.header('set-cookie', `${BACK_OFFICE_COOKIE}=; ${attributes(0)}`);
    },
  };
}

/** The back-office cookie's token on a request, if it carries one. */
export function backOfficeCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === BACK_OFFICE_COOKIE) {
      const value = part.slice(at + 1).trim();
      return value || undefined;
    }
  }
  return undefined;
}

/**
 * The CSRF check of a call the cookie signs in: a write must come from the shop's public origin
 * or the host it addressed, as its `Origin` says (browsers send it on every write; without one
 * it is refused). Reads pass: they change nothing.
 */
export function requireSameOrigin(request: FastifyRequest, publicOrigin: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin && (origin === publicOrigin || hostOf(origin) === request.host)) return;
  throw new AppError('forbidden', BACK_OFFICE_MESSAGES.crossSiteRefused);
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

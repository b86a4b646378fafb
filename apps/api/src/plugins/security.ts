import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env';
import { addressKeyOf } from '../lib/address-key';

/** Strict CSP: everything from our own origin, no inline script or style, never framed (the terms forbid iframes). */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/** The wallet provider's script, its calls and its payment window: allowed only when it is configured. */
function walletDirectives(origin: string) {
  return {
    scriptSrc: ["'self'", origin],
    connectSrc: ["'self'", origin],
    frameSrc: [origin],
    imgSrc: ["'self'", 'data:', origin],
  };
}

export async function registerSecurity(app: FastifyInstance, env: Env) {
  // Built once: @fastify/helmet rebuilt this middleware, parsing the CSP again, on every request
  // (about 8% of the CPU of a catalog request under load).
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CONTENT_SECURITY_POLICY,
        ...(env.PAYPAL_CLIENT_ID ? walletDirectives(env.PAYPAL_SCRIPT_ORIGIN) : {}),
        // Only over https: a plain-http localhost must not be told to upgrade.
        upgradeInsecureRequests: env.APP_URL?.startsWith('https:') ? [] : null,
      },
    },
    strictTransportSecurity:
      env.NODE_ENV === 'production' && env.APP_URL?.startsWith('https:') ? undefined : false,
    crossOriginEmbedderPolicy: false,
    // Addresses can carry tokens (a guest's order link, its 'Write a review' links): never send
    // them on to another site, nor even to our own pages, as a Referer. (Helmet's default, stated.)
    referrerPolicy: { policy: 'no-referrer' },
  });
  // Helmet 8 throws its errors rather than passing them on, so `next` only ever continues.
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, () => done());
  });

  await app.register(rateLimit, {
    max: env.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // Per client address as every other per-address limit counts it (IPv6 by its /64).
    keyGenerator: (request) => addressKeyOf(request.ip),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
}

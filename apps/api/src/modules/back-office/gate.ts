import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { Authenticator } from '../accounts/authenticator';

/**
 * The back office's door: every /api/admin route checks its caller in `onRequest`, before Fastify
 * reads the body, so an anonymous or non-staff request is refused with its body unread (590
 * anonymous 5 MB imports were each read in full before their 401). The handlers still ask for
 * what they need (the owner, the session's user); the authenticator answers that from this
 * request's first check.
 */

/** The /api/admin routes that come before a back-office session: all others need one. */
const BEFORE_BACK_OFFICE: Record<string, 'anyone' | 'signed-in'> = {
  // The one-time owner set-up: its token is in the body, and there is no account yet.
  '/api/admin/setup': 'anyone',
  // Signed in with a password, proving the second factor.
  '/api/admin/mfa/enroll': 'signed-in',
  '/api/admin/session': 'signed-in',
  // Sign-out clears the back-office cookie, even once the sign-in has expired.
  'DELETE /api/admin/session': 'anyone',
};

/** Adds the check to every /api/admin route declared after it (call before the routes). */
export function guardBackOfficeRoutes(app: FastifyInstance, auth: Authenticator): void {
  const signedIn: onRequestAsyncHookHandler = async (request) => {
    await auth.requireSession(request);
  };
  const backOffice: onRequestAsyncHookHandler = async (request) => {
    await auth.requireBackOffice(request);
  };
  app.addHook('onRoute', (route) => {
    if (!/^\/api\/admin(\/|\.|$)/.test(route.url)) return;
    const need =
      BEFORE_BACK_OFFICE[`${String(route.method)} ${route.url}`] ??
      BEFORE_BACK_OFFICE[route.url] ??
      'back-office';
    if (need === 'anyone') return;
    // After the route's own hooks (the flood guard's among them), before the body.
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...own, need === 'signed-in' ? signedIn : backOffice];
  });
}

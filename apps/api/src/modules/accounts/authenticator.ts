import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { BACK_OFFICE_MESSAGES } from '@shop/shared/back-office';
import { isBackOfficeRole } from '@shop/shared/roles';
import type { SessionKind, UserRow } from './repository';
import { findActiveUser, roleOf } from './service';
import { readSessionToken } from './tokens';
import { backOfficeCookieOf, requireSameOrigin } from './back-office-cookie';

/**
 * Reads the bearer token of a request: 'no token' when there is none, 'token failed' when it is
 * bad. Back-office calls may also carry their token in the back-office cookie (decision 044):
 * writes signed in by it must come from `publicOrigin`.
 */
export function createAuthenticator(db: Database, jwtSecret: Uint8Array, publicOrigin: string) {
  type Session = { user: UserRow; sessionId: string; kind: SessionKind; expiresAt: Date };
  // A request's session is read once: the back-office gate checks it before the body is read,
  // and the handler asks again for the user.
  const sessions = new WeakMap<FastifyRequest, Promise<Session>>();
  const backOfficeSessions = new WeakMap<FastifyRequest, Promise<Session>>();

  /** The signed-in user and the session their token belongs to. */
  function requireSession(request: FastifyRequest): Promise<Session> {
    let session = sessions.get(request);
    if (!session) {
      session = readSession(request);
      sessions.set(request, session);
    }
    return session;
  }

  const hasBearer = (request: FastifyRequest) =>
    /^Bearer\s+\S/i.test(request.headers.authorization ?? '');

  async function readSession(request: FastifyRequest): Promise<Session> {
    const header = request.headers.authorization;
    if (!header || !hasBearer(request))
      throw new AppError('unauthorized', ACCOUNT_MESSAGES.noToken);
    return sessionOfToken(header.replace(/^Bearer\s+/i, '').trim());
  }

  async function sessionOfToken(token: string): Promise<Session> {
    const claims = await readSessionToken(jwtSecret, token);
    const found =
      claims && isUuid(claims.userId) && isUuid(claims.sessionId)
        ? await findActiveUser(db, claims)
        : undefined;
    if (!found || !claims) throw new AppError('unauthorized', ACCOUNT_MESSAGES.tokenFailed);
    return { ...found, sessionId: claims.sessionId };
  }

  /**
   * A back-office call: 401 without a (valid) token; 403 for a customer, for a staff or owner
   * login that has not proved its second factor, and for staff where `owner` is asked.
   */
  async function requireBackOffice(
    request: FastifyRequest,
    need: { owner?: boolean } = {},
  ): Promise<{ user: UserRow; sessionId: string }> {
    let session = backOfficeSessions.get(request);
    if (!session) {
      session = readBackOfficeSession(request);
      backOfficeSessions.set(request, session);
    }
    return checkBackOffice(await session, need);
  }

  /**
   * The session a back-office call acts in: a back-office bearer token (scripts) first; else the
   * back-office cookie, when it belongs to the bearer's user (the browser sends its sign-in's
   * token too) or comes alone, and the call passes the CSRF check; else the bearer's session
   * (then refused below for want of the second factor).
   */
  async function readBackOfficeSession(request: FastifyRequest): Promise<Session> {
    const cookie = backOfficeCookieOf(request);
    if (!cookie) return requireSession(request);
    if (!hasBearer(request)) {
      const alone = await sessionOfToken(cookie);
      requireSameOrigin(request, publicOrigin);
      return alone;
    }
    const bearer = await requireSession(request);
    if (bearer.kind === 'back_office') return bearer;
    const fromCookie = await sessionOfToken(cookie).catch(() => undefined);
    if (!fromCookie || fromCookie.user.id !== bearer.user.id) return bearer;
    requireSameOrigin(request, publicOrigin);
    return fromCookie;
  }

  function checkBackOffice(session: Session, need: { owner?: boolean }) {
    const role = roleOf(session.user);
    if (!isBackOfficeRole(role))
      throw new AppError('forbidden', BACK_OFFICE_MESSAGES.notBackOffice);
    if (session.kind !== 'back_office')
      throw new AppError('forbidden', BACK_OFFICE_MESSAGES.needsSecondFactor);
    if (need.owner && role !== 'owner')
      throw new AppError('forbidden', BACK_OFFICE_MESSAGES.ownerOnly);
    return session;
  }

  async function requireUser(request: FastifyRequest): Promise<UserRow> {
    return (await requireSession(request)).user;
  }

  return {
    requireSession,
    requireUser,
    requireBackOffice,
    /** For calls where signing in is optional ('bearer where used'): a bad token still fails. */
    async optionalUser(request: FastifyRequest): Promise<UserRow | undefined> {
      return request.headers.authorization ? requireUser(request) : undefined;
    },
  };
}
export type Authenticator = ReturnType<typeof createAuthenticator>;

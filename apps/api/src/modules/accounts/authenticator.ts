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

/** Reads the bearer token of a request: 'no token' when there is none, 'token failed' when it is bad. */
export function createAuthenticator(db: Database, jwtSecret: Uint8Array) {
  type Session = { user: UserRow; sessionId: string; kind: SessionKind; expiresAt: Date };
  // A request's session is read once: the back-office gate checks it before the body is read,
  // and the handler asks again for the user.
  const sessions = new WeakMap<FastifyRequest, Promise<Session>>();

  /** The signed-in user and the session their token belongs to. */
  function requireSession(request: FastifyRequest): Promise<Session> {
    let session = sessions.get(request);
    if (!session) {
      session = readSession(request);
      sessions.set(request, session);
    }
    return session;
  }

  async function readSession(request: FastifyRequest): Promise<Session> {
    const header = request.headers.authorization;
    if (!header || !/^Bearer\s+\S/i.test(header))
      throw new AppError('unauthorized', ACCOUNT_MESSAGES.noToken);
    const claims = await readSessionToken(jwtSecret, header.replace(/^Bearer\s+/i, '').trim());
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
    const session = await requireSession(request);
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

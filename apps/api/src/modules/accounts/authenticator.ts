import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../lib/uuid';
import type { UserRow } from './repository';
import { findActiveUser } from './service';
import { readSessionToken } from './tokens';

/** Reads the bearer token of a request: 'no token' when there is none, 'token failed' when it is bad. */
export function createAuthenticator(db: Database, jwtSecret: Uint8Array) {
  /** The signed-in user and the session their token belongs to. */
  async function requireSession(
    request: FastifyRequest,
  ): Promise<{ user: UserRow; sessionId: string }> {
    const header = request.headers.authorization;
    if (!header || !/^Bearer\s+\S/i.test(header))
      throw new AppError('unauthorized', ACCOUNT_MESSAGES.noToken);
    const claims = await readSessionToken(jwtSecret, header.replace(/^Bearer\s+/i, '').trim());
    const user =
      claims && isUuid(claims.userId) && isUuid(claims.sessionId)
        ? await findActiveUser(db, claims)
        : undefined;
    if (!user || !claims) throw new AppError('unauthorized', ACCOUNT_MESSAGES.tokenFailed);
    return { user, sessionId: claims.sessionId };
  }

  async function requireUser(request: FastifyRequest): Promise<UserRow> {
    return (await requireSession(request)).user;
  }

  return {
    requireSession,
    requireUser,
    /** For calls where signing in is optional ('bearer where used'): a bad token still fails. */
    async optionalUser(request: FastifyRequest): Promise<UserRow | undefined> {
      return request.headers.authorization ? requireUser(request) : undefined;
    },
  };
}
export type Authenticator = ReturnType<typeof createAuthenticator>;

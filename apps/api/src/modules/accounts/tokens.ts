import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** How long a sign-in lasts (the token and its session row end together). */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60_000;

export interface SessionClaims {
  userId: string;
  /** users.token_version when the token was issued; a later password change raises it. */
  tokenVersion: number;
  /** sessions.id: a logout ends this one token on the server. */
  sessionId: string;
}

export async function signSessionToken(
  secret: Uint8Array,
  claims: SessionClaims,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({ ver: claims.tokenVersion, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
}

/** Answers the claims of a valid, unexpired token signed by us, or null. */
export async function readSessionToken(
  secret: Uint8Array,
  token: string,
): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    const { sub, ver, sid } = payload;
    if (typeof sub !== 'string' || typeof ver !== 'number' || typeof sid !== 'string') return null;
    return { userId: sub, tokenVersion: ver, sessionId: sid };
  } catch {
    return null;
  }
}

/** A token for a mailed link: 32 random bytes; only its SHA-256 is stored. */
export function createMailedToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashMailedToken(token) };
}

export const hashMailedToken = (token: string) => createHash('sha256').update(token).digest('hex');

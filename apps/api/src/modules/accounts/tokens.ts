import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const SESSION_LIFETIME = '7d';

export interface SessionClaims {
  userId: string;
  /** users.token_version when the token was issued; a later password change raises it. */
  tokenVersion: number;
}

export async function signSessionToken(secret: Uint8Array, claims: SessionClaims): Promise<string> {
  return new SignJWT({ ver: claims.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(SESSION_LIFETIME)
    .sign(secret);
}

/** Answers the claims of a valid, unexpired token signed by us, or null. */
export async function readSessionToken(
  secret: Uint8Array,
  token: string,
): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
    return { userId: payload.sub, tokenVersion: payload.ver };
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

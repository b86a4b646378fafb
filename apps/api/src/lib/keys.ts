import { createHmac } from 'node:crypto';

/** A key of its own for each use of the one secret, so a token for one purpose never passes for another. */
export function deriveKey(secret: Uint8Array, purpose: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', secret).update(`shop:${purpose}`).digest());
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOTP } from '@shop/shared/back-office';
import { SHOP_NAME } from '@shop/shared/shop';

/** One-time passwords: HOTP (RFC 4226) and TOTP (RFC 6238) with SHA-1, as authenticator apps do. */

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Reads base32 (case, spaces and padding ignored); throws on other characters. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** HOTP (RFC 4226): HMAC-SHA-1 of the 8-byte counter, dynamically truncated to `digits`. */
export function hotp(key: Uint8Array, counter: number, digits: number = TOTP.digits): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The TOTP time step of a moment (Unix epoch, 30-second steps). */
export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP.periodSeconds);

/** The TOTP code of a moment (RFC 6238). */
export const totp = (key: Uint8Array, nowMs: number, digits: number = TOTP.digits) =>
  hotp(key, totpStep(nowMs), digits);

/**
 * The time step a code belongs to, within the allowed drift of `nowMs` (one step either way),
 * or undefined. Every candidate is compared in constant time.
 */
export function matchingStep(key: Uint8Array, code: string, nowMs: number): number | undefined {
  if (!new RegExp(`^\\d{${TOTP.digits}}$`).test(code)) return undefined;
  const current = totpStep(nowMs);
  let found: number | undefined;
  for (let step = current - TOTP.driftSteps; step <= current + TOTP.driftSteps; step += 1) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code)) && found === undefined)
      found = step;
  }
  return found;
}

/** A new secret: 20 random bytes (the SHA-1 block RFC 4226 recommends), base32 for the app. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

/** The otpauth:// URL an authenticator app reads from a QR code. */
export function otpauthUrl(secret: string, accountEmail: string): string {
  const issuer = encodeURIComponent(SHOP_NAME);
  const params = `secret=${secret}&issuer=${issuer}&algorithm=${TOTP.algorithm}&digits=${TOTP.digits}&period=${TOTP.periodSeconds}`;
  return `otpauth://totp/${issuer}:${encodeURIComponent(accountEmail)}?${params}`;
}

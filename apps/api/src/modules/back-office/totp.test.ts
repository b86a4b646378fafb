import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { open, seal } from './secret-box';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchingStep,
  newTotpSecret,
  otpauthUrl,
  totp,
} from './totp';

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII string "12345678901234567890".
const RFC_SEED = Buffer.from('12345678901234567890', 'ascii');
const RFC_SHA1_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238, SHA-1)', () => {
  it.each(RFC_SHA1_VECTORS)('at %i s the 8-digit code is %s', (seconds, code) => {
    expect(totp(RFC_SEED, seconds * 1000, 8)).toBe(code);
  });

  it('truncates to 6 digits as the last 6 of the 8-digit code (the same dynamic truncation)', () => {
    for (const [seconds, code] of RFC_SHA1_VECTORS)
      expect(totp(RFC_SEED, seconds * 1000)).toBe(code.slice(2));
  });

  it('matches HOTP (RFC 4226 Appendix D) for counters 0 and 9', () => {
    expect(hotp(RFC_SEED, 0)).toBe('755224');
    expect(hotp(RFC_SEED, 9)).toBe('520489');
  });

  it('accepts one step of drift either way and no more', () => {
    const now = 1_700_000_015_000; // the middle of a step
    const at = (offsetSteps: number) => totp(RFC_SEED, now + offsetSteps * 30_000);
    const step = Math.floor(now / 30_000);
    expect(matchingStep(RFC_SEED, at(0), now)).toBe(step);
    expect(matchingStep(RFC_SEED, at(-1), now)).toBe(step - 1);
    expect(matchingStep(RFC_SEED, at(1), now)).toBe(step + 1);
    expect(matchingStep(RFC_SEED, at(-2), now)).toBeUndefined();
    expect(matchingStep(RFC_SEED, at(2), now)).toBeUndefined();
    expect(matchingStep(RFC_SEED, '12345', now)).toBeUndefined();
    expect(matchingStep(RFC_SEED, 'abcdef', now)).toBeUndefined();
  });
});

describe('secrets', () => {
  it('base32 (RFC 4648 test vectors, without padding) reads back what it writes', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Encode(Buffer.from('fo'))).toBe('MZXQ');
    expect(base32Decode('mzxw6ytboi').toString()).toBe('foobar');
    const bytes = randomBytes(20);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
  });

  it('a new secret is 20 random bytes in base32 without padding', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('the otpauth URL names the shop as issuer and the account', () => {
    expect(otpauthUrl('ABC234', 'sam@shop.test')).toBe(
      'otpauth://totp/Sadu%20Sands:sam%40shop.test?secret=ABC234&issuer=Sadu%20Sands&algorithm=SHA1&digits=6&period=30',
    );
  });

  it('sealed secrets open with the key only, and a changed ciphertext does not open', () => {
    const key = randomBytes(32);
    const sealed = seal(key, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(open(key, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => open(randomBytes(32), sealed)).toThrow();
    const tampered = Buffer.from(sealed, 'base64url');
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 1) ^ 1, tampered.length - 1);
    expect(() => open(key, tampered.toString('base64url'))).toThrow();
  });
});

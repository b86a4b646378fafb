import { describe, expect, it } from 'vitest';
import {
  CREDENTIAL_MESSAGES,
  currentPasswordSchema,
  emailChangePendingMessage,
  maskEmail,
} from './credential-change';

describe('maskEmail', () => {
  it.each([
    ['nadia@example.com', 'n***@example.com'],
    ['a@b.co', 'a***@b.co'],
    ['first.last+tag@mail.example.org', 'f***@mail.example.org'],
    ['no-at-sign', '***'],
    ['@example.com', '***'],
  ])('masks %s as %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});

describe('currentPasswordSchema', () => {
  it('asks for the current password when it is missing or empty', () => {
    for (const value of [undefined, '', null, 42]) {
      const result = currentPasswordSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(CREDENTIAL_MESSAGES.currentPasswordRequired);
    }
  });

  it('takes any password, old ones that predate the policy included, up to the length limit', () => {
    expect(currentPasswordSchema.safeParse('weak').success).toBe(true);
    expect(currentPasswordSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });

  it('refuses control characters before anything hashes them', () => {
    const result = currentPasswordSchema.safeParse('Sunny-Dunes1\u0000');
    expect(result.error?.issues[0]?.message).toBe(
      'Current password contains characters that are not allowed',
    );
  });
});

it('names the new address in the pending message', () => {
  expect(emailChangePendingMessage('new@example.com')).toContain('new@example.com');
});

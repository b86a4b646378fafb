import { describe, it, expect } from 'vitest';
import {
  PASSWORDS_DO_NOT_MATCH,
  PASSWORD_EMPTY,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_WEAK,
  PROFILE_PASSWORD_TOO_WEAK,
  meetsPasswordPolicy,
  passwordProblem,
  passwordSchema,
  profilePasswordSchema,
} from './password';

const GOOD = 'Abcdef1!';

describe('messages and limits', () => {
  it('are the spec wording', () => {
    expect(PASSWORDS_DO_NOT_MATCH).toBe('Passwords do not match');
    expect(PASSWORD_EMPTY).toBe('Password cannot be empty');
    expect(PASSWORD_TOO_WEAK).toBe(
      'Password must be 8 characters long with at least one lowercase, one uppercase, one digit, and a special character.',
    );
    expect(PROFILE_PASSWORD_TOO_WEAK).toBe(
      'Password must be 8 characters long with at least one lowercase, one uppercase, and one digit.',
    );
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect(PASSWORD_TOO_LONG).toBe('Password must be at most 128 characters long.');
  });
});

describe('meetsPasswordPolicy', () => {
  it('accepts a password meeting every rule', () => {
    expect(meetsPasswordPolicy(GOOD)).toBe(true);
    expect(meetsPasswordPolicy('Zz9?Zz9?Zz9?')).toBe(true);
  });

  it('needs at least 8 characters', () => {
    expect(meetsPasswordPolicy('Abcde1!')).toBe(false);
    expect(meetsPasswordPolicy('Abcdef1!')).toBe(true);
  });

  it('needs a lowercase letter', () => {
    expect(meetsPasswordPolicy('ABCDEF1!')).toBe(false);
  });

  it('needs an uppercase letter', () => {
    expect(meetsPasswordPolicy('abcdef1!')).toBe(false);
  });

  it('needs a digit', () => {
    expect(meetsPasswordPolicy('Abcdefg!')).toBe(false);
  });

  it('needs a special character', () => {
    expect(meetsPasswordPolicy('Abcdefg1')).toBe(false);
  });

  it('accepts every special character of the set', () => {
    expect(PASSWORD_SPECIAL_CHARACTERS).toHaveLength(18);
    for (const special of PASSWORD_SPECIAL_CHARACTERS) {
      expect(meetsPasswordPolicy(`Abcdef1${special}`), special).toBe(true);
    }
  });

  it('refuses characters outside the set', () => {
    for (const outsider of [' ', '<', '>', "'", '"', '`', '\\', ',', ';', ':', '[', '{', '|']) {
      expect(meetsPasswordPolicy(`Abcdef1!${outsider}`), outsider).toBe(false);
    }
  });

  it('refuses non-ASCII letters, digits and control characters', () => {
    for (const outsider of ['é', 'ß', 'Ä', '٣', '😀', '\t', '\n', '\u00a0']) {
      expect(meetsPasswordPolicy(`Abcdef1!${outsider}`), outsider).toBe(false);
    }
  });

  it('does not count a non-ASCII letter as the lowercase or uppercase one', () => {
    expect(meetsPasswordPolicy('ABCDEF1!é')).toBe(false);
    expect(meetsPasswordPolicy('abcdef1!É')).toBe(false);
  });
});

describe('passwordProblem', () => {
  it('returns null for a good password that matches', () => {
    expect(passwordProblem(GOOD, GOOD)).toBeNull();
    expect(passwordProblem(GOOD)).toBeNull();
  });

  it('reports an empty password first', () => {
    expect(passwordProblem('', 'x')).toBe(PASSWORD_EMPTY);
    expect(passwordProblem('')).toBe(PASSWORD_EMPTY);
  });

  it('reports a mismatch before strength', () => {
    expect(passwordProblem('weak', 'other')).toBe(PASSWORDS_DO_NOT_MATCH);
    expect(passwordProblem(GOOD, `${GOOD}x`)).toBe(PASSWORDS_DO_NOT_MATCH);
  });

  it('skips the match check without a confirmation', () => {
    expect(passwordProblem('weak')).toBe(PASSWORD_TOO_WEAK);
  });

  it('reports weakness with the default or the given message', () => {
    expect(passwordProblem('weak', 'weak')).toBe(PASSWORD_TOO_WEAK);
    expect(passwordProblem('weak', 'weak', { message: PROFILE_PASSWORD_TOO_WEAK })).toBe(
      PROFILE_PASSWORD_TOO_WEAK,
    );
  });

  it('applies the full policy on the profile form too', () => {
    expect(passwordProblem('Abcdefg1', 'Abcdefg1', { message: PROFILE_PASSWORD_TOO_WEAK })).toBe(
      PROFILE_PASSWORD_TOO_WEAK,
    );
  });

  it('bounds the length at 128 characters', () => {
    const longest = `${GOOD}${'a'.repeat(PASSWORD_MAX_LENGTH - GOOD.length)}`;
    expect(passwordProblem(longest, longest)).toBeNull();
    expect(passwordProblem(`${longest}a`)).toBe(PASSWORD_TOO_LONG);
  });
});

describe('passwordSchema', () => {
  const firstMessage = (value: unknown) => {
    const result = passwordSchema.safeParse(value);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('accepts a good password', () => {
    expect(passwordSchema.parse(GOOD)).toBe(GOOD);
  });

  it('refuses with a single clear message', () => {
    expect(firstMessage('')).toBe(PASSWORD_EMPTY);
    expect(firstMessage('weak')).toBe(PASSWORD_TOO_WEAK);
    expect(firstMessage(`${GOOD}${'a'.repeat(200)}`)).toBe(PASSWORD_TOO_LONG);
    const result = passwordSchema.safeParse('');
    expect(result.success ? 0 : result.error.issues).toHaveLength(1);
  });

  it('refuses non-strings', () => {
    expect(passwordSchema.safeParse(12345678).success).toBe(false);
    expect(passwordSchema.safeParse(undefined).success).toBe(false);
  });

  it('has a profile variant with the profile message', () => {
    const result = profilePasswordSchema.safeParse('Abcdefg1');
    expect(result.success ? null : result.error.issues[0]?.message).toBe(PROFILE_PASSWORD_TOO_WEAK);
    expect(profilePasswordSchema.parse(GOOD)).toBe(GOOD);
  });
});

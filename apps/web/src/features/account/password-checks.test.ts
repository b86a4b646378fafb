import { describe, expect, it } from 'vitest';
import {
  PASSWORD_EMPTY,
  PASSWORD_TOO_WEAK,
  PASSWORDS_DO_NOT_MATCH,
  PROFILE_PASSWORD_TOO_WEAK,
} from '@shop/shared/password';
import { passwordPairProblem } from './password-checks';

describe('the password checks of the forms', () => {
  it('checks in the spec’s order: match, then empty, then strength', () => {
    expect(passwordPairProblem({ password: '', confirmPassword: 'x' })).toEqual({
      field: 'confirmPassword',
      message: PASSWORDS_DO_NOT_MATCH,
    });
    expect(passwordPairProblem({ password: '', confirmPassword: '' })).toEqual({
      field: 'password',
      message: PASSWORD_EMPTY,
    });
    expect(passwordPairProblem({ password: 'short', confirmPassword: 'short' })).toEqual({
      field: 'password',
      message: PASSWORD_TOO_WEAK,
    });
  });

  it.each(['sanddune1!', 'SANDDUNE1!', 'SandDune!!', 'SandDune1', 'Sand Dune1!', 'Sa1!'])(
    'refuses %j as too weak',
    (password) => {
      expect(passwordPairProblem({ password, confirmPassword: password })?.message).toBe(
        PASSWORD_TOO_WEAK,
      );
    },
  );

  it('uses the profile form’s own wording when asked', () => {
    expect(
      passwordPairProblem({ password: 'weak', confirmPassword: 'weak' }, PROFILE_PASSWORD_TOO_WEAK)
        ?.message,
    ).toBe(PROFILE_PASSWORD_TOO_WEAK);
  });

  it('accepts a strong password typed twice', () => {
    expect(passwordPairProblem({ password: 'Sand-Dune1', confirmPassword: 'Sand-Dune1' })).toBe(
      null,
    );
  });
});

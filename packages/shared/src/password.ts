import * as z from 'zod/mini';

export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound on what is handed to argon2, so a huge body cannot cost a huge hash. */
export const PASSWORD_MAX_LENGTH = 128;
/** The only symbols a password may contain (spec section 5); besides them, ASCII letters and digits. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()_-+=~./?';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_EMPTY = 'Password cannot be empty';
export const PASSWORD_TOO_WEAK =
  'Password must be 8 characters long with at least one lowercase, one uppercase, one digit, and a special character.';
/**
 * The profile form enforces the same full policy but shows this message: the spec gives the
 * profile form this exact wording, even though it omits the special character.
 */
export const PROFILE_PASSWORD_TOO_WEAK =
  'Password must be 8 characters long with at least one lowercase, one uppercase, and one digit.';
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;

const ALLOWED = /^[A-Za-z0-9!@#$%^&*()_\-+=~./?]*$/;
const SPECIAL = /[!@#$%^&*()_\-+=~./?]/;

/** The strength policy alone (allowed characters, minimum length, the four character kinds). */
export function meetsPasswordPolicy(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    ALLOWED.test(password) &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[0-9]/.test(password) &&
    SPECIAL.test(password)
  );
}

export type PasswordProblemOptions = {
  /** The strength message to show; the profile form passes PROFILE_PASSWORD_TOO_WEAK. */
  message?: string;
};

/** The first failing message in the forms' order (empty, mismatch, length, strength), or null. */
export function passwordProblem(
  password: string,
  confirm?: string,
  { message = PASSWORD_TOO_WEAK }: PasswordProblemOptions = {},
): string | null {
  if (password.length === 0) return PASSWORD_EMPTY;
  if (confirm !== undefined && confirm !== password) return PASSWORDS_DO_NOT_MATCH;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  if (!meetsPasswordPolicy(password)) return message;
  return null;
}

function passwordSchemaWith(message: string) {
  return z
    .string()
    .check(
      z.minLength(1, { error: PASSWORD_EMPTY, abort: true }),
      z.maxLength(PASSWORD_MAX_LENGTH, { error: PASSWORD_TOO_LONG, abort: true }),
      z.refine(meetsPasswordPolicy, { error: message }),
    );
}

/** A new password on register and reset (the server re-checks what the form checked). */
export const passwordSchema = passwordSchemaWith(PASSWORD_TOO_WEAK);
/** The same policy with the profile form's message. */
export const profilePasswordSchema = passwordSchemaWith(PROFILE_PASSWORD_TOO_WEAK);

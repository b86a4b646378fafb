import type * as z from 'zod/mini';
import {
  PASSWORD_EMPTY,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG,
  PASSWORD_SPECIAL_CHARACTERS,
  PASSWORD_TOO_WEAK,
  PASSWORDS_DO_NOT_MATCH,
  PROFILE_PASSWORD_TOO_WEAK,
  passwordProblem,
} from '@shop/shared/password';
import { toast } from 'sonner';
import { notify } from '../../lib/toast';

export type PasswordPair = { password: string; confirmPassword: string };
export type PasswordPairProblem = { field: keyof PasswordPair; message: string };

/**
 * The forms' password checks in the spec's order (section 8): 'Passwords do not match', then
 * 'Password cannot be empty', then the strength message (the shared policy; the profile form
 * passes its own wording). Null when the pair may be sent.
 */
export function passwordPairProblem(
  { password, confirmPassword }: PasswordPair,
  weakMessage: string = PASSWORD_TOO_WEAK,
): PasswordPairProblem | null {
  if (password !== confirmPassword)
    return { field: 'confirmPassword', message: PASSWORDS_DO_NOT_MATCH };
  const message = passwordProblem(password, undefined, { message: weakMessage });
  return message ? { field: 'password', message } : null;
}

/**
 * The same checks as a zod refinement of a form schema, run even when other fields are invalid
 * so that every problem shows at once.
 */
export function checkPasswordPair(weakMessage?: string) {
  return [
    (value: PasswordPair, ctx: z.core.$RefinementCtx<PasswordPair>) => {
      const problem = passwordPairProblem(value, weakMessage);
      if (problem)
        ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    },
    {
      when: ({ value }: { value: unknown }) =>
        typeof value === 'object' &&
        value !== null &&
        typeof (value as Partial<PasswordPair>).password === 'string' &&
        typeof (value as Partial<PasswordPair>).confirmPassword === 'string',
    },
  ] as const;
}

/** Shown under a new-password field, so the rule is known before the first try. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with a lowercase letter, an uppercase letter, a digit and one of ${PASSWORD_SPECIAL_CHARACTERS}`;

type PasswordFieldErrors = Partial<Record<keyof PasswordPair, { message?: string } | undefined>>;

/** The spec's toast for a failed password check (the field shows the same text). */
export function toastPasswordProblem(errors: PasswordFieldErrors): void {
  const message = errors.confirmPassword?.message ?? errors.password?.message;
  if (message) notify(message, 'error');
}

/** Once the passwords pass, an earlier complaint about them must not linger on screen. */
export function dismissPasswordToasts(): void {
  for (const message of [
    PASSWORDS_DO_NOT_MATCH,
    PASSWORD_EMPTY,
    PASSWORD_TOO_LONG,
    PASSWORD_TOO_WEAK,
    PROFILE_PASSWORD_TOO_WEAK,
  ])
    toast.dismiss(message);
}

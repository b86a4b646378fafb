import { errorBodySchema } from '@shop/shared/catalog';

export const REGISTRATION_FAILED = 'Registration failed';
export const REGISTRATION_NETWORK_ERROR = 'An error occurred during registration';

/**
 * The spec's texts for a failed registration: the server's message when it sent one, else
 * 'Registration failed'; no answer at all (network failure) is 'An error occurred during registration'.
 */
export function registrationErrorMessage(error: unknown): string {
  if (!error || typeof error !== 'object') return REGISTRATION_FAILED;
  if ('status' in error && error.status === 'FETCH_ERROR') return REGISTRATION_NETWORK_ERROR;
  if ('data' in error) {
    const body = errorBodySchema.safeParse(error.data);
    if (body.success && body.data.message) return body.data.message;
  }
  return REGISTRATION_FAILED;
}

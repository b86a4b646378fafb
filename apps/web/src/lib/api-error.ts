import { errorBodyShape } from './contract';
import { safeParse } from './shape';

export const GENERIC_ERROR = 'Something went wrong. Please try again.';

/**
 * The text to show for a failed request: the server's `message` when the answer carries one,
 * else a generic text (network failures, unexpected answers).
 */
export function errorMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'data' in error) {
    const body = safeParse(errorBodyShape, error.data);
    if (body.success) return body.data.message;
  }
  return GENERIC_ERROR;
}

/** True when a failed request was answered 404 (an unknown product, for example). */
export function isNotFound(error: unknown): boolean {
  return Boolean(error && typeof error === 'object' && 'status' in error && error.status === 404);
}

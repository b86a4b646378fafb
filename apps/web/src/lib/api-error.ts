import { errorBodySchema } from '@shop/shared/catalog';

export const GENERIC_ERROR = 'Something went wrong. Please try again.';

/**
 * The text to show for a failed request: the server's `message` when the answer carries one,
 * else a generic text (network failures, unexpected answers).
 */
export function errorMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'data' in error) {
    const body = errorBodySchema.safeParse(error.data);
    if (body.success) return body.data.message;
  }
  return GENERIC_ERROR;
}

/** The HTTP status of a failed request (a string such as 'FETCH_ERROR' when there was none). */
function statusOf(error: unknown): unknown {
  return error && typeof error === 'object' && 'status' in error ? error.status : undefined;
}

/** True when a failed request was answered 404 (an unknown product, for example). */
export function isNotFound(error: unknown): boolean {
  return statusOf(error) === 404;
}

/**
 * True when GET /api/products/:id found no product for the address: 404 for an unknown id, 400
 * for an id the API refuses to read (too long, control characters). Either way the link leads
 * nowhere: the page says 'Product not found' and the server answers it with status 404.
 */
export function isProductMissing(error: unknown): boolean {
  const status = statusOf(error);
  return status === 404 || status === 400;
}

export const GENERIC_ERROR = 'Something went wrong. Please try again.';

/**
 * The `message` of an error body (the shared errorBodySchema, which the API declares for every
 * 4xx and 5xx it answers), or undefined for anything else. Only this text is read here, on every
 * page, so the first page needs no schema code for it (docs/decisions/027); pages that read a
 * whole error body (a form's field errors) check it with the shared schema.
 */
export function errorBodyMessage(data: unknown): string | undefined {
  return data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
    ? data.message
    : undefined;
}

/**
 * The text to show for a failed request: the server's `message` when the answer carries one,
 * else a generic text (network failures, unexpected answers).
 */
export function errorMessage(error: unknown): string {
  const message =
    error && typeof error === 'object' && 'data' in error
      ? errorBodyMessage(error.data)
      : undefined;
  return message ?? GENERIC_ERROR;
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

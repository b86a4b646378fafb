/** The closed set of failures the API reports; each maps to one HTTP status in the error handler. */
export const ERROR_STATUS = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** The request's body (an upload) is larger than the endpoint takes. */
  too_large: 413,
  too_many: 429,
  /** A service the shop depends on (the payment provider) refused or failed. */
  bad_gateway: 502,
  unavailable: 503,
} as const;
export type ErrorKind = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
    /** What went wrong underneath, for the log; never shown to the client. */
    cause?: unknown,
  ) {
    super(message, { cause });
  }

  get statusCode(): number {
    return ERROR_STATUS[this.kind];
  }
}

export const notFound = (message: string) => new AppError('not_found', message);
export const invalid = (message: string) => new AppError('invalid', message);

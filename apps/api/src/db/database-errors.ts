/** What a shopper reads while the database does not answer: it passes, so it says to come back. */
export const DATABASE_BUSY_MESSAGE = 'The shop is busy. Please try again in a moment.';
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// pg and pg-pool give these as plain errors: timeouts, and connections lost or closed after one.
const DRIVER_MESSAGES = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'is not queryable',
];
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// SQLSTATEs: statement_timeout, lock_timeout, idle-in-transaction timeout, too many connections,
// server shutting down or starting up; class 08 is every connection exception.
const SERVER_CODES = new Set(['57014', '55P03', '25P03', '53300', '57P01', '57P02', '57P03']);

function isUnavailableCause(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
      return true;
  }
  return DRIVER_MESSAGES.some((text) => error.message.includes(text));
}

/**
 * Whether a failure means the database did not answer (timed out, unreachable, shutting down)
 * rather than a fault of ours. drizzle wraps driver errors, so the causes are looked through.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causesOf(error).some(isUnavailableCause);
}

/** Whether a write failed on a unique constraint (SQLSTATE 23505), through drizzle's wrapping. */
export function isUniqueViolation(error: unknown): boolean {
  return causesOf(error).some((cause) => (cause as { code?: unknown }).code === '23505');
}

/** The error and the causes it wraps, a few deep. */
function causesOf(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let current = error; chain.length < 5 && current instanceof Error; current = current.cause)
    chain.push(current);
  return chain;
}

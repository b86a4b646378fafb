import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { countAction } from './repository';

export interface ActionLimit {
  /** e.g. 'register' */
  action: string;
  max: number;
  windowMs: number;
}

/**
 * Refuses an action past `max` per window for a key (a client address, an e-mail), with
 * 429 and Retry-After. Counted in the database, so the limit holds across API processes.
 */
export async function enforceActionLimit(
  db: Executor,
  limit: ActionLimit,
  subject: string,
  now = Date.now(),
): Promise<void> {
  const { count, windowStart } = await countAction(
    db,
    `${limit.action}:${subject}`,
    limit.windowMs,
  );
  if (count <= limit.max) return;
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + limit.windowMs - now) / 1000));
  throw new AppError(
    'too_many',
    `Too many requests. Please try again in ${formatWait(retryAfter)}.`,
    {
      'retry-after': String(retryAfter),
    },
  );
}

function formatWait(seconds: number): string {
  if (seconds < 120) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** The limiter the routes use; `scale` multiplies every limit (ACTION_LIMIT_SCALE, for load and browser tests). */
export function createActionLimiter(db: Executor, scale: number) {
  return (limit: ActionLimit, subject: string) =>
    enforceActionLimit(db, { ...limit, max: limit.max * scale }, subject);
}
export type ActionLimiter = ReturnType<typeof createActionLimiter>;

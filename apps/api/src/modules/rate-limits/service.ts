import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { countAction, uncountAction } from './repository';

export interface ActionLimit {
  /** e.g. 'register' */
  action: string;
  max: number;
  windowMs: number;
}

/** A counted action that can be given back when it turns out not to count (a right password). */
export interface ClaimedAction {
  giveBack(): Promise<void>;
}

/**
 * Counts the action before it is done, in one statement, so parallel requests cannot all slip
 * under the limit; refuses past `max` per window for a key (a client address, an account) with
 * 429 and Retry-After. Counted in the database, so the limit holds across API processes.
 * `tooMany` words the refusal.
 */
export async function claimActionSlot(
  db: Executor,
  limit: ActionLimit,
  subject: string,
  now = Date.now(),
  tooMany = (wait: string) => `Too many requests. Please try again in ${wait}.`,
): Promise<ClaimedAction> {
  const key = `${limit.action}:${subject}`;
  const { count, windowStart, windowId } = await countAction(db, key, limit.windowMs);
  if (count <= limit.max) return { giveBack: () => uncountAction(db, key, windowId) };
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + limit.windowMs - now) / 1000));
  throw new AppError('too_many', tooMany(formatWait(retryAfter)), {
    'retry-after': String(retryAfter),
  });
}

function formatWait(seconds: number): string {
  if (seconds < 120) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** The limiter the routes use; `scale` multiplies every limit (ACTION_LIMIT_SCALE, for load and browser tests). */
export function createActionLimiter(db: Executor, scale: number) {
  const scaled = (limit: ActionLimit): ActionLimit => ({ ...limit, max: limit.max * scale });
  return Object.assign(
    async (limit: ActionLimit, subject: string): Promise<void> => {
      await claimActionSlot(db, scaled(limit), subject);
    },
    {
      /** Counts now; the caller may give the action back (see claimActionSlot). */
      claim: (limit: ActionLimit, subject: string, tooMany?: (wait: string) => string) =>
        claimActionSlot(db, scaled(limit), subject, Date.now(), tooMany),
    },
  );
}
export type ActionLimiter = ReturnType<typeof createActionLimiter>;

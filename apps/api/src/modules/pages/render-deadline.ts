import { AsyncLocalStorage } from 'node:async_hooks';
import { isDatabaseUnavailable } from '../../db/database-errors';
import { DeadlineExceeded, withDeadline } from '../../lib/deadline';

/** A page could not be rendered in time because the database did not answer: the 'busy' page. */
export class PageBusyError extends Error {
  override name = 'PageBusyError';
}

type Budget = { endsAt: number; unavailable: boolean };
/** The render a read belongs to: renders run at once, each with its own deadline. */
const budgets = new AsyncLocalStorage<Budget>();

const isNoAnswer = (error: unknown) =>
  error instanceof DeadlineExceeded || isDatabaseUnavailable(error);

/**
 * Runs a render within `ms`, as a request must answer within them. A render that runs out of
 * time, or one of whose reads the database did not answer (the renderer catches failed reads and
 * would render an error screen), rejects with PageBusyError.
 */
export async function renderWithin<T>(ms: number, render: () => Promise<T>): Promise<T> {
  const budget: Budget = { endsAt: Date.now() + ms, unavailable: false };
  let result: T;
  try {
    result = await withDeadline(budgets.run(budget, render), ms, 'page render');
  } catch (error) {
    if (budget.unavailable || isNoAnswer(error))
      throw new PageBusyError('the database did not answer the render in time', { cause: error });
    throw error;
  }
  if (budget.unavailable)
    throw new PageBusyError('the database did not answer a read of the render');
  return result;
}

/** A read of the render in progress, within what is left of its time (no limit outside a render). */
export async function renderRead<T>(read: () => Promise<T>): Promise<T> {
  const budget = budgets.getStore();
  if (!budget) return read();
  try {
    return await withDeadline(read(), Math.max(0, budget.endsAt - Date.now()), 'page read');
  } catch (error) {
    if (isNoAnswer(error)) budget.unavailable = true;
    throw error;
  }
}

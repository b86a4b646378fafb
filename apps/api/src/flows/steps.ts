/**
 * A step of a flow that reaches outside the database (the payment provider): what it does, and
 * how the flow's committed work before it is undone when it fails (Medusa's core-flows call this
 * a compensation). Work inside the database needs none: a flow does it in one transaction, which
 * rolls back whole. Steps that are retried instead of undone say so where they are: a refund left
 * pending is asked again by the recovery sweep (flows/refund-recovery.ts), and mail queued in a
 * transaction is sent after its commit by the mail worker, which retries it.
 */
export interface OutsideStep<T> {
  /** What the step does; may throw. */
  run(): Promise<T>;
  /** Undoes what the flow committed before this step, once, when `run` threw. */
  compensate(error: unknown): Promise<void>;
}

/** Runs the step; when it fails, compensates and throws its error on (or the compensation's own). */
export async function runOutsideStep<T>(step: OutsideStep<T>): Promise<T> {
  try {
    return await step.run();
  } catch (error) {
    await step.compensate(error);
    throw error;
  }
}

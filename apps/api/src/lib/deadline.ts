/** What withDeadline rejects with when the time is up. */
export class DeadlineExceeded extends Error {
  override name = 'DeadlineExceeded';
}

/**
 * Settles as `work` does, or rejects (DeadlineExceeded) once `ms` have passed. `work` itself goes on (its own
 * timeouts end it); the caller just stops waiting for it.
 */
export async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new DeadlineExceeded(`${what}: no answer within ${ms} ms`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

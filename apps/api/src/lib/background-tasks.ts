import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the answer is sent, so that how long a request takes reveals nothing about
 * what it found (e.g. whether an address has an account). Shutdown waits for it (`idle`).
 */
export function createBackgroundTasks(log: FastifyBaseLogger) {
  const running = new Set<Promise<void>>();
  return {
    run(name: string, task: () => Promise<void>): void {
      // setImmediate, not a microtask: the answer is written before the task takes any time.
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'))
        .finally(() => running.delete(done));
      running.add(done);
    },
    /** Resolves once every task started so far has finished. */
    async idle(): Promise<void> {
      while (running.size) await Promise.all(running);
    },
  };
}
export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;

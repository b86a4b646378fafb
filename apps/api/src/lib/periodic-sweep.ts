import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `work` every interval, one run at a time in this process (a run still going when the next
 * is due is awaited instead); `work` itself must be safe to run in many processes at once.
 */
export function createPeriodicSweep(
  work: () => Promise<void>,
  log: FastifyBaseLogger,
  intervalMs: number,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= work()
      .catch((error: unknown) => log.error({ err: error }, 'sweep failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  return {
    sweep,
    start() {
      timer = setInterval(() => void sweep(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

export type PeriodicSweep = ReturnType<typeof createPeriodicSweep>;

import type { FastifyBaseLogger } from 'fastify';
import { expireLapsedHolds, type OrdersContext } from './service';

/** Every interval, gives back the stock of unpaid orders whose hold ran out (safe in many processes). */
export function createHoldSweeper(ctx: OrdersContext, log: FastifyBaseLogger, intervalMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= expireLapsedHolds(ctx)
      .then((expired) => {
        if (expired) log.info({ expired }, 'released the stock of lapsed checkouts');
      })
      .catch((error: unknown) => log.error({ err: error }, 'hold sweep failed'))
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

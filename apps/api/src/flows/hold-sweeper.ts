import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicSweep } from '../lib/periodic-sweep';
import type { OrdersContext } from '../modules/orders/service';
import { expireLapsedHolds } from './order-holds';

/** Every interval, gives back the stock of unpaid orders whose hold ran out (safe in many processes). */
export function createHoldSweeper(ctx: OrdersContext, log: FastifyBaseLogger, intervalMs: number) {
  return createPeriodicSweep(
    async () => {
      const expired = await expireLapsedHolds(ctx);
      if (expired) log.info({ expired }, 'released the stock of lapsed checkouts');
    },
    log,
    intervalMs,
  );
}

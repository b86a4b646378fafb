import type { Executor } from '../../db/client';
import { paymentEventsOfOrder as eventRowsOfOrder } from './repository';

/** Records a provider event once (false: seen before), in the caller's transaction (flows/payment-events.ts). */
export { recordPaymentEvent } from './repository';

/** The provider events of an order (its timeline), oldest first. */
export function paymentEventsOfOrder(db: Executor, orderId: string) {
  return eventRowsOfOrder(db, orderId);
}

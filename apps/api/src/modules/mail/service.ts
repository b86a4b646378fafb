import { ERASED_EMAIL } from '@shop/shared/privacy';
import type { Executor } from '../../db/client';
import { forgetMailTo } from './outbox-repository';

/**
 * What other modules may use of mail: queue a message in their own transaction, so it is sent
 * exactly when the change that causes it commits (the worker delivers it with retries).
 */
export { enqueueMail, mailsOfOrder } from './outbox-repository';
export type { OutboxRow } from './outbox-repository';

/**
 * For an erasure, in the caller's transaction: nothing more goes to these addresses (queued mail
 * is deleted) and the sent mail kept for order histories no longer names them or holds their text.
 */
export function forgetMailOf(tx: Executor, addresses: string[]): Promise<void> {
  return forgetMailTo(tx, addresses, ERASED_EMAIL);
}

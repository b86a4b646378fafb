/**
 * What other modules may use of mail: queue a message in their own transaction, so it is sent
 * exactly when the change that causes it commits (the worker delivers it with retries).
 */
export { enqueueMail, mailsOfOrder } from './outbox-repository';
export type { OutboxRow } from './outbox-repository';

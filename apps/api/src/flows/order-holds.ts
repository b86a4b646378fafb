import type { Variant } from '@shop/shared/catalog';
import type { Executor } from '../db/client';
import { enqueueMail } from '../modules/mail/service';
import { newOrderMailRecipients } from '../modules/back-office/service';
import { newOrderMail, orderConfirmationMail } from '../modules/orders/order-mails';
import {
  findLapsedHolds,
  findOrder,
  findOrdersWithItems,
  lockOrdersOfUser,
  moveOrder,
  orderLink,
  setPaymentReference,
  type OrderItemRow,
  type OrdersContext,
} from '../modules/orders/service';
import { finalizeUse, releaseUse } from '../modules/discounts/service';
import { inLockOrder, releaseUnits, sellUnits } from '../modules/stock/service';

/**
 * The steps where an order's payment and its held stock move together, in the caller's
 * transaction: paid (the hold becomes a sale), closed unpaid (the hold goes back), and the
 * sweeper's and an erasure's closing of checkouts no payment can arrive for any more.
 */

/**
 * Pays an unpaid order once: the hold becomes a sale, the order mail and the new-order mails of the
 * back-office accounts that want them are queued, in the caller's transaction. `paymentReference` (Stripe: the PaymentIntent) is kept for refunds.
 */
export async function markOrderPaid(
  ctx: OrdersContext,
  tx: Executor,
  orderId: string,
  paymentReference?: string,
): Promise<boolean> {
  const paid = await moveOrder(tx, orderId, ['pending_payment'], 'paid');
  if (!paid) return false;
  if (paymentReference) await setPaymentReference(tx, orderId, paymentReference);
  const order = await findOrder(tx, orderId);
  for (const units of inLockOrder((order?.items ?? []).map(orderUnits)))
    await sellUnits(tx, { ...units, orderId });
  // Its discount's use is final: kept, however the order is refunded later.
  await finalizeUse(tx, orderId);
  if (order) {
    await enqueueMail(tx, orderConfirmationMail(order, orderLink(ctx, orderId), ctx.supportEmail), {
      orderId,
    });
    // Once per order: only the call that moved it to paid gets here (a repeated event does not).
    const adminLink = `${ctx.appUrl}/admin/orders/${orderId}`;
    for (const recipient of await newOrderMailRecipients(tx))
      await enqueueMail(tx, newOrderMail(order, recipient, adminLink, ctx.supportEmail));
  }
  return true;
}

/** An order line as units of a stock variant. */
function orderUnits(item: OrderItemRow): { productId: string; variant: Variant; qty: number } {
  return { productId: item.productId, variant: item.variant as Variant, qty: item.qty };
}

/** Closes an unpaid order once and gives its held stock back, in the caller's transaction. */
export async function closeUnpaidOrder(
  tx: Executor,
  orderId: string,
  outcome: 'expired' | 'cancelled',
): Promise<boolean> {
  return (await closeUnpaidOrders(tx, [orderId], outcome)) > 0;
}

/**
 * Closes unpaid orders once and gives their held stock back, in the caller's transaction: the
 * units of all of them in one pass in the ledger's lock order, so a checkout locking the same
 * variants never waits on this transaction in a cycle. Answers how many were closed.
 */
async function closeUnpaidOrders(
  tx: Executor,
  orderIds: string[],
  outcome: 'expired' | 'cancelled',
): Promise<number> {
  const closed: string[] = [];
  for (const orderId of orderIds)
    if (await moveOrder(tx, orderId, ['pending_payment'], outcome)) closed.push(orderId);
  const lines = (await findOrdersWithItems(tx, closed, outcome)).flatMap((order) =>
    order.items.map((item) => ({ ...orderUnits(item), orderId: order.id })),
  );
  for (const units of inLockOrder(lines)) await releaseUnits(tx, units);
  // After the stock, as a checkout takes them: a discount's use goes back with the hold.
  for (const orderId of closed) await releaseUse(tx, orderId);
  return closed.length;
}

/** The sweeper: gives back the stock of unpaid orders whose hold ran out (in case no event ever came). */
export async function expireLapsedHolds(ctx: OrdersContext): Promise<number> {
  let expired = 0;
  for (const orderId of await findLapsedHolds(ctx.db, 100)) {
    if (await ctx.db.transaction((tx) => closeUnpaidOrder(tx, orderId, 'expired'))) expired += 1;
  }
  if (expired) ctx.onStockChanged();
  return expired;
}

/**
 * Why an account's orders cannot lose their customer yet, in the caller's transaction (the orders
 * stay locked until it ends): 'awaiting_shipment' while one is paid and no parcel has gone (it
 * still needs its address); 'checkout_open' while one waits for payment and is not among
 * `endedCheckouts` (ended at the provider just before, so no payment can arrive for it). The
 * ended ones are expired here in any case, their held stock given back. Undefined when nothing
 * stands in the way.
 */
export async function closeOrdersForErasure(
  tx: Executor,
  userId: string,
  endedCheckouts: ReadonlySet<string>,
): Promise<'awaiting_shipment' | 'checkout_open' | undefined> {
  const open = await lockOrdersOfUser(tx, userId, [
    'pending_payment',
    'paid',
    'partially_refunded',
  ]);
  // Ended at the provider, they can never be paid: expired whatever else is decided.
  const ended = open.filter(
    (order) => order.status === 'pending_payment' && endedCheckouts.has(order.id),
  );
  await closeUnpaidOrders(
    tx,
    ended.map((order) => order.id),
    'expired',
  );
  if (open.some((order) => order.status !== 'pending_payment' && !order.shipped))
    return 'awaiting_shipment';
  if (open.some((order) => order.status === 'pending_payment' && !endedCheckouts.has(order.id)))
    return 'checkout_open';
  return undefined;
}

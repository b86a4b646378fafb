import {
  ADMIN_ORDER_MESSAGES,
  type RefundRecord,
  type RefundRequest,
} from '@shop/shared/admin-orders';
import type { OrderStatus } from '@shop/shared/orders';
import type { Executor } from '../../db/client';
import type { RestockColumn } from '../../db/schema';
import { AppError } from '../../errors';
import type { OrderWithItems } from '../orders/repository';
import { refundRowsOfOrder, sumRefunds, type RefundRow } from './repository';

/**
 * The refunds of orders: which statuses may be refunded or cancelled, what may still go back to
 * stock, and what stands. Asking the provider and settling are flows (flows/refund*.ts).
 */

/** The data steps the refund flows compose in their transactions. */
export {
  claimPendingRefund,
  insertRefund,
  refundRowsOfOrder,
  releaseRefundClaim,
  settleRefund,
  type RefundRow,
} from './repository';

/** Statuses whose payment can (still) be refunded in part or in full. */
export const REFUNDABLE: OrderStatus[] = [
  'paid',
  'partially_shipped',
  'shipped',
  'delivered',
  'partially_refunded',
];
/** Paid and no parcel sent: can be cancelled (a partial refund before does not stop it). */
export const CANCELLABLE: OrderStatus[] = ['paid', 'partially_refunded'];

/** The order's status once its succeeded refunds are counted. */
export async function statusAfterRefund(tx: Executor, order: OrderWithItems): Promise<OrderStatus> {
  const refunded = await sumRefunds(tx, order.id, ['succeeded']);
  return refunded >= order.totalCents ? 'refunded' : 'partially_refunded';
}

const lineKey = (productId: string, variant: string) => `${productId}|${variant}`;

/** Units already given back per order line (productId|variant), by refunds that did not fail. */
function restockedSoFar(rows: RefundRow[]): Map<string, number> {
  const restocked = new Map<string, number>();
  for (const row of rows) {
    if (row.status === 'failed') continue;
    for (const line of row.restock) {
      const key = lineKey(line.productId, line.variant);
      restocked.set(key, (restocked.get(key) ?? 0) + line.qty);
    }
  }
  return restocked;
}

export /**
 * Checks the restock lines against the order: each names a line of it, and never more units than
 * ordered less those already restocked. Answers them as stock rows.
 */
function restockOf(
  order: OrderWithItems,
  lines: RefundRequest['restock'],
  earlier: RefundRow[],
): RestockColumn[] {
  const restocked = restockedSoFar(earlier);
  const wanted = new Map<string, RestockColumn>();
  for (const line of lines) {
    const candidates = order.items.filter(
      (candidate) =>
        candidate.productId === line.product &&
        candidate.size === line.size &&
        candidate.option === line.option &&
        (line.variantTitle === undefined || candidate.variantTitle === line.variantTitle),
    );
    // Lines of one product's other variants differ only by their title: a restock names it.
    const item = candidates.length === 1 ? candidates[0] : undefined;
    if (!item) throw new AppError('invalid', ADMIN_ORDER_MESSAGES.restockNotInOrder);
    const key = lineKey(item.productId, item.variant);
    const entry = wanted.get(key) ?? { productId: item.productId, variant: item.variant, qty: 0 };
    entry.qty += line.qty;
    if (entry.qty + (restocked.get(key) ?? 0) > item.qty)
      throw new AppError('conflict', ADMIN_ORDER_MESSAGES.restockTooMany);
    wanted.set(key, entry);
  }
  return [...wanted.values()];
}

export /** Every unit of the order not yet restocked (a cancellation gives them all back). */
function everythingLeft(order: OrderWithItems, earlier: RefundRow[]): RestockColumn[] {
  const restocked = restockedSoFar(earlier);
  return order.items
    .map((item) => ({
      productId: item.productId,
      variant: item.variant,
      qty: item.qty - (restocked.get(lineKey(item.productId, item.variant)) ?? 0),
    }))
    .filter((line) => line.qty > 0);
}

/**
 * The refunds of an order that stand, oldest first, for the back office: succeeded, or pending
 * (asked for and not yet answered by the provider: shown as such, never as done); and the units of
 * each of its lines they put back in stock.
 */
export async function refundsOfOrder(
  db: Executor,
  order: Pick<OrderWithItems, 'id' | 'items'>,
): Promise<{ refunds: RefundRecord[]; restockedUnits: number[] }> {
  const rows = await refundRowsOfOrder(db, order.id);
  const restocked = restockedSoFar(rows);
  const refunds = rows
    .filter((row) => row.status !== 'failed')
    .map((row) => ({
      amount: row.amountCents / 100,
      status: row.status === 'pending' ? ('pending' as const) : ('succeeded' as const),
      reason: row.reason,
      at: row.createdAt.toISOString(),
      by:
        row.actorId === null
          ? ('provider' as const)
          : { _id: row.actorId, email: row.actorEmail ?? '', name: row.actorName ?? '' },
    }));
  const restockedUnits = order.items.map(
    (item) => restocked.get(lineKey(item.productId, item.variant)) ?? 0,
  );
  return { refunds, restockedUnits };
}

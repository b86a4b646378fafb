import type { AdminOrder } from '@shop/shared/admin-orders';
import type { RestockLine } from '@shop/shared/admin-orders';
import { toCents } from '@shop/shared/money';

type OrderLine = AdminOrder['orderItems'][number];

/** Units to put back in stock, per order line (by its key). */
export type RestockChoice = Record<string, number>;

/** One line of an order: a product in one size and option. */
export const lineKey = (line: OrderLine) => `${line.product}|${line.size}|${line.option}`;

/** What the order has left to refund, in cents. */
export const remainingCents = (order: AdminOrder) =>
  Math.max(0, toCents(order.totalPrice) - toCents(order.refundedPrice));

/** The chosen units' value at the order's prices, in cents. */
export function chosenValueCents(lines: OrderLine[], choice: RestockChoice): number {
  return lines.reduce((sum, line) => sum + toCents(line.price) * (choice[lineKey(line)] ?? 0), 0);
}

/** The refund's default amount: the chosen units' value, never more than what remains. */
export function defaultRefundCents(order: AdminOrder, choice: RestockChoice): number {
  return Math.min(chosenValueCents(order.orderItems, choice), remainingCents(order));
}

/** The request's restock list: the lines with units chosen. */
export function restockLines(lines: OrderLine[], choice: RestockChoice): RestockLine[] {
  return lines
    .map((line) => ({
      product: line.product,
      size: line.size,
      option: line.option,
      qty: choice[lineKey(line)] ?? 0,
    }))
    .filter((line) => line.qty > 0);
}

/** '12.50' for a form field. */
export const centsToField = (cents: number) => (cents / 100).toFixed(2);

/** 'Size L', 'Option A' or ''. */
export function variantLabel(line: Pick<OrderLine, 'size' | 'option'>): string {
  if (line.size !== 'NA') return `Size ${line.size}`;
  if (line.option !== 'NA') return `Option ${line.option}`;
  return '';
}

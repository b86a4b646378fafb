import type { AdminOrder } from '@shop/shared/admin-orders';
import type { RestockLine } from '@shop/shared/admin-orders';
import { unitsRefundCents, type LineShare } from '@shop/shared/line-refunds';
import { toCents } from '@shop/shared/money';

type OrderLine = AdminOrder['orderItems'][number];

/** Units to put back in stock, per order line (by its key). */
export type RestockChoice = Record<string, number>;

/** One line of an order: a product in one variant (its size and option, or its title). */
export const lineKey = (line: OrderLine) =>
  `${line.product}|${line.size}|${line.option}|${line.variantTitle}`;

/** What the order has left to refund, in cents. */
export const remainingCents = (order: AdminOrder) =>
  Math.max(0, toCents(order.totalPrice) - toCents(order.refundedPrice));

/**
 * Each line's share of what was paid for it: its items after its discount and its part of the
 * order's tax, as the server kept them (decision 047).
 */
export const sharesOf = (order: AdminOrder): LineShare[] => order.lineShares;

/** Units of a line still to give back: those not yet restocked by an earlier refund. */
export const unitsLeft = (order: AdminOrder, index: number) =>
  Math.max(0, (order.orderItems[index]?.qty ?? 0) - (order.restockedUnits[index] ?? 0));

/**
 * What the chosen units were paid, in cents: their price and their part of the tax, counted from
 * the units earlier refunds gave back (a line refunded in steps gives back exactly its share), and
 * the shipping when it is refunded too.
 */
export function chosenValueCents(
  order: AdminOrder,
  choice: RestockChoice,
  withShipping: boolean,
): number {
  const shares = sharesOf(order);
  const units = order.orderItems.reduce((sum, line, index) => {
    const share = shares[index] ?? { itemsCents: 0, taxCents: 0 };
    const units = Math.min(choice[lineKey(line)] ?? 0, unitsLeft(order, index));
    return (
      sum + unitsRefundCents(share, line.qty, { units, done: line.qty - unitsLeft(order, index) })
    );
  }, 0);
  return units + (withShipping ? toCents(order.shippingPrice) : 0);
}

/** The refund's default amount: what the chosen units (and shipping) were paid, never more than what remains. */
export function defaultRefundCents(
  order: AdminOrder,
  choice: RestockChoice,
  withShipping: boolean,
): number {
  return Math.min(chosenValueCents(order, choice, withShipping), remainingCents(order));
}

/** The request's restock list: the lines with units chosen. */
export function restockLines(lines: OrderLine[], choice: RestockChoice): RestockLine[] {
  return lines
    .map((line) => ({
      product: line.product,
      size: line.size,
      option: line.option,
      // Lines of one product's other variants have no size or option: their title names them.
      ...(line.size === 'NA' && line.option === 'NA' && line.variantTitle
        ? { variantTitle: line.variantTitle }
        : {}),
      qty: choice[lineKey(line)] ?? 0,
    }))
    .filter((line) => line.qty > 0);
}

/** '12.50' for a form field. */
export const centsToField = (cents: number) => (cents / 100).toFixed(2);

/** 'Size L', 'Option A', the variant's title of other options ('Clay / XL'), or ''. */
export function variantLabel(
  line: Pick<OrderLine, 'size' | 'option'> & { variantTitle?: string | undefined },
): string {
  if (line.size !== 'NA') return `Size ${line.size}`;
  if (line.option !== 'NA') return `Option ${line.option}`;
  return line.variantTitle ?? '';
}

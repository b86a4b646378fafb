import { ORDER_STATUS_LABELS, type OrderStatus } from '@shop/shared/orders';

/**
 * The order's status in words (Paid, Shipped, Delivered, Partly refunded, Refunded, Cancelled…),
 * the same the back office shows: a cancelled or refunded order never reads as an active one.
 */
export function OrderStatusLabel({
  status,
  small = false,
}: {
  status: OrderStatus;
  /** In a list or table, beside other small text. */
  small?: boolean;
}) {
  return (
    <span
      className={`inline-flex rounded-full bg-sand-100 px-2.5 py-0.5 font-semibold whitespace-nowrap text-ink ${small ? 'text-xs' : ''}`}
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

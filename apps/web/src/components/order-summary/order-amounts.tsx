import { formatPrice, toCents } from '@shop/shared/money';
import type { Order } from '@shop/shared/orders';
import type { OrderPrice } from '@shop/shared/pricing';

/** The rate an order was charged, in basis points, when the API says it (decision 041). */
export const taxRateBpOf = (order: { taxRate?: number | undefined }) =>
  order.taxRate === undefined ? undefined : toCents(order.taxRate);

/** An order's amounts as the API answers them (dollars), in cents. */
export function orderAmountsOf(
  order: Pick<Order, 'itemsPrice' | 'shippingPrice' | 'taxPrice' | 'totalPrice'>,
): OrderPrice {
  return {
    itemsCents: toCents(order.itemsPrice),
    shippingCents: toCents(order.shippingPrice),
    taxCents: toCents(order.taxPrice),
    totalCents: toCents(order.totalPrice),
  };
}

/**
 * Items, shipping (free from $50), tax (7% unless the order's rate is given, in basis points) and
 * the total, all in cents.
 */
export function OrderAmounts({
  amounts,
  taxRateBp = 700,
}: {
  amounts: OrderPrice;
  taxRateBp?: number | undefined;
}) {
  const rows: [string, string, string][] = [
    ['Items', formatPrice(amounts.itemsCents), 'items'],
    [
      'Shipping',
      amounts.shippingCents === 0 && amounts.itemsCents > 0
        ? 'Free'
        : formatPrice(amounts.shippingCents),
      'shipping',
    ],
    [`Tax (${taxRateBp / 100}%)`, formatPrice(amounts.taxCents), 'tax'],
  ];
  return (
    <dl className="flex flex-col gap-2 text-sm">
      {rows.map(([label, value, id]) => (
        <div key={id} className="flex justify-between gap-4">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="tabular-nums" data-testid={`amount-${id}`}>
            {value}
          </dd>
        </div>
      ))}
      <div className="mt-2 flex justify-between gap-4 border-t border-sand-200 pt-3 text-base font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums" data-testid="amount-total">
          {formatPrice(amounts.totalCents)}
        </dd>
      </div>
    </dl>
  );
}

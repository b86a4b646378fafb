import { formatPrice, toCents } from '@shop/shared/money';
import type { Order } from '@shop/shared/orders';
import type { OrderPrice } from '@shop/shared/pricing';

/** The rate an order was charged, in basis points, when the API says it (decision 041). */
export const taxRateBpOf = (order: { taxRate?: number | undefined }) =>
  order.taxRate === undefined ? undefined : toCents(order.taxRate);

/** A discount line as shown: its code or name, and what it took off items and shipping (cents). */
export interface DiscountShown {
  title: string;
  itemsCents: number;
  shippingCents: number;
}

/** An order's (or a quote's) discount line as the API answers it (dollars), in cents. */
export function discountShownOf(
  discount: { title: string; itemsPrice: number; shippingPrice: number } | null | undefined,
): DiscountShown | null {
  return discount
    ? {
        title: discount.title,
        itemsCents: toCents(discount.itemsPrice),
        shippingCents: toCents(discount.shippingPrice),
      }
    : null;
}

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
  discount,
}: {
  amounts: OrderPrice;
  taxRateBp?: number | undefined;
  /** The order's discount (decision 047): a line under the items, with what it took off. */
  discount?: DiscountShown | null | undefined;
}) {
  const rows: [string, string, string][] = [
    ['Items', formatPrice(amounts.itemsCents), 'items'],
    ...(discount && (discount.itemsCents > 0 || discount.shippingCents > 0)
      ? [
          [
            `Discount (${discount.title})`,
            discount.itemsCents > 0 ? `−${formatPrice(discount.itemsCents)}` : 'Free shipping',
            'discount',
          ] as [string, string, string],
        ]
      : []),
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

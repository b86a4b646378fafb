import type { CartLine } from '@shop/shared/cart';
import { formatPrice } from '@shop/shared/money';
import { useAppSelector } from '../../../stores/hooks';
import { useShippingQuote, type CheckoutCharges } from '../hooks/use-shipping-quote';
import { DiscountCodeField } from './discount-code-field';

/**
 * The cart's discount as the server prices it (decisions 047 and 052), for the saved address's
 * country, else the shop's own (shipping and tax follow at checkout). Asked only once a code is
 * applied or a line was added on sale: a cart with neither costs no request.
 */
export function useCartDiscount(lines: readonly CartLine[]): CheckoutCharges {
  const { shippingAddress, discountCode } = useAppSelector((state) => state.cart);
  const priced = Boolean(discountCode) || lines.some((line) => line.onSale);
  return useShippingQuote(priced ? lines : [], shippingAddress ?? { country: 'US' }, {
    code: discountCode,
  });
}

/** The cart's discount code field, and the line of what it takes off the items. */
export function CartDiscount({ charges }: { charges: CheckoutCharges }) {
  const { discount } = charges;
  return (
    <div className="mt-4 flex flex-col gap-3">
      <DiscountCodeField charges={charges} />
      {discount && discount.itemsCents > 0 && (
        <dl className="flex items-baseline justify-between gap-4 text-sm">
          <dt className="text-ink-muted">Discount ({discount.title})</dt>
          <dd className="tabular-nums" data-testid="cart-discount">
            −{formatPrice(discount.itemsCents)}
          </dd>
        </dl>
      )}
    </div>
  );
}

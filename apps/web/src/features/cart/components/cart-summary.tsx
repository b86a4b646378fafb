import { useId } from 'react';
import type { ReactNode } from 'react';
import { cartItemCount, cartItemsCents } from '@shop/shared/cart-lines';
import type { CartLine } from '@shop/shared/cart';
import { formatPrice } from '@shop/shared/money';
import { orderLimitProblem } from '@shop/shared/order-limits';
import { FREE_SHIPPING_THRESHOLD_CENTS } from '@shop/shared/pricing';
import { CartDiscount, useCartDiscount } from '../../checkout';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button-link';
import { buttonClass } from '../../../components/ui/button-styles';
import type { ButtonVariant } from '../../../components/ui/button-styles';

/**
 * A way to checkout that cannot be taken now: still a link to assistive technology, marked
 * unavailable (aria-disabled) and described by the reason beside it, but going nowhere. Like a
 * disabled button it is out of the tab order; the reason comes first in the reading order.
 */
function UnavailableLink({
  variant,
  describedBy,
  children,
}: {
  variant: ButtonVariant;
  describedBy: string;
  children: ReactNode;
}) {
  return (
    <a
      role="link"
      aria-disabled="true"
      aria-describedby={describedBy}
      className={buttonClass(variant, 'lg')}
    >
      {children}
    </a>
  );
}

/**
 * Subtotal, how far free shipping is, and the ways on: checkout, guest checkout, shopping. A cart
 * above the order's unit limit cannot go on to checkout: both ways are unavailable, with the
 * limit's message beside them.
 */
export function CartSummary({ lines }: { lines: CartLine[] }) {
  const limitId = useId();
  const limitProblem = orderLimitProblem(lines);
  const count = cartItemCount(lines);
  const subtotal = cartItemsCents(lines);
  const discount = useCartDiscount(lines);
  // Free shipping is judged on the items after the discount (decision 047).
  const toFreeShipping =
    FREE_SHIPPING_THRESHOLD_CENTS - subtotal + (discount.discount?.itemsCents ?? 0);

  return (
    <section
      aria-labelledby="summary-heading"
      className="rounded-3xl border border-sand-200 bg-white p-6 shadow-sm lg:sticky lg:top-6"
    >
      <h2 id="summary-heading" className="text-xl font-semibold">
        Order summary
      </h2>
      <dl className="mt-5 flex items-baseline justify-between gap-4 border-b border-sand-200 pb-5">
        <dt className="text-ink-muted">
          Subtotal ({count} {count === 1 ? 'item' : 'items'})
        </dt>
        <dd className="text-2xl font-semibold tabular-nums" data-testid="cart-subtotal">
          {formatPrice(subtotal)}
        </dd>
      </dl>
      <CartDiscount charges={discount} />
      <p className="mt-4 text-sm text-ink-muted">
        {toFreeShipping > 0
          ? `Add ${formatPrice(toFreeShipping)} more for free shipping.`
          : 'Your order ships free.'}{' '}
        Tax is added at checkout.
      </p>
      <div className="mt-6 flex flex-col gap-3">
        {limitProblem ? (
          <>
            <Alert variant="danger">
              <div id={limitId}>
                <p className="font-semibold">{limitProblem}</p>
                <p className="mt-1">Lower a quantity or remove an item to check out.</p>
              </div>
            </Alert>
            <UnavailableLink variant="primary" describedBy={limitId}>
              Proceed to checkout
            </UnavailableLink>
            <UnavailableLink variant="secondary" describedBy={limitId}>
              Guest checkout
            </UnavailableLink>
          </>
        ) : (
          <>
            <ButtonLink to="/login?redirect=/shipping" size="lg">
              Proceed to checkout
            </ButtonLink>
            <ButtonLink to="/guest-checkout" variant="secondary" size="lg">
              Guest checkout
            </ButtonLink>
          </>
        )}
        <ButtonLink to="/" variant="ghost">
          Continue shopping
        </ButtonLink>
      </div>
    </section>
  );
}

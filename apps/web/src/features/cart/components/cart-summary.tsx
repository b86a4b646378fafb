import { cartItemCount, cartItemsCents } from '@shop/shared/cart';
import type { CartLine } from '@shop/shared/cart';
import { formatPrice } from '@shop/shared/money';
import { FREE_SHIPPING_THRESHOLD_CENTS } from '@shop/shared/pricing';
import { ButtonLink } from '../../../components/ui/button-link';

/** Subtotal, how far free shipping is, and the ways on: checkout, guest checkout, shopping. */
export function CartSummary({ lines }: { lines: CartLine[] }) {
  const count = cartItemCount(lines);
  const subtotal = cartItemsCents(lines);
  const toFreeShipping = FREE_SHIPPING_THRESHOLD_CENTS - subtotal;

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
      <p className="mt-4 text-sm text-ink-muted">
        {toFreeShipping > 0
          ? `Add ${formatPrice(toFreeShipping)} more for free shipping.`
          : 'Your order ships free.'}{' '}
        Tax is added at checkout.
      </p>
      <div className="mt-6 flex flex-col gap-3">
        <ButtonLink to="/login?redirect=/shipping" size="lg">
          Proceed to checkout
        </ButtonLink>
        <ButtonLink to="/guest-checkout" variant="secondary" size="lg">
          Guest checkout
        </ButtonLink>
        <ButtonLink to="/" variant="ghost">
          Continue shopping
        </ButtonLink>
      </div>
    </section>
  );
}

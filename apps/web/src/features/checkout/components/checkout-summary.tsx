import type { ReactNode } from 'react';
import type { CartLine } from '@shop/shared/cart';
import type { OrderPrice } from '@shop/shared/pricing';
import { OrderAmounts, type DiscountShown } from '../../../components/order-summary/order-amounts';
import { OrderLines } from '../../../components/order-summary/order-lines';
import { cartAmounts, summaryLinesOf } from '../cart-totals';

type CheckoutSummaryProps = {
  lines: readonly CartLine[];
  /** List the items too (the guest checkout has no other list of them). */
  showItems?: boolean;
  /** The server's amounts for the address and rate (decision 041); the cart's by default. */
  charges?:
    | { amounts: OrderPrice; taxRateBp: number | undefined; discount?: DiscountShown | null }
    | undefined;
  /** The error, the button and notes under the amounts. */
  children?: ReactNode;
};

/** The order summary card: items, shipping, tax and total with the shop's rules. */
export function CheckoutSummary({
  lines,
  showItems = false,
  charges,
  children,
}: CheckoutSummaryProps) {
  return (
    <section
      aria-labelledby="checkout-summary-heading"
      className="self-start rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6 lg:sticky lg:top-6"
    >
      <h2 id="checkout-summary-heading" className="text-xl font-semibold">
        Order summary
      </h2>
      {showItems && (
        <div className="mt-2 border-b border-sand-200">
          <OrderLines lines={summaryLinesOf(lines)} label="Items in your order" />
        </div>
      )}
      <div className="mt-4">
        <OrderAmounts
          amounts={charges?.amounts ?? cartAmounts(lines)}
          taxRateBp={charges?.taxRateBp}
          discount={charges?.discount}
        />
      </div>
      {children && <div className="mt-6 flex flex-col gap-3">{children}</div>}
    </section>
  );
}

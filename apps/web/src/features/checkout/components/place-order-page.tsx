import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useAppSelector } from '../../../stores/hooks';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeader } from '../../../components/ui/page-header';
import { OrderLines } from '../../../components/order-summary/order-lines';
import { ShippingAddress } from '../../../components/shipping-address';
import { useCreateCheckoutSessionMutation } from '../api/checkout-api';
import { orderItemsOf, summaryLinesOf } from '../cart-totals';
import { useOrderLimitProblem } from '../hooks/use-order-limit-problem';
import { useShippingQuote } from '../hooks/use-shipping-quote';
import { useStartCheckout } from '../hooks/use-start-checkout';
import { paymentMethodLabel } from '../payment-method';
import { CheckoutButton } from './checkout-button';
import { CheckoutColumns } from './checkout-columns';
import { CheckoutSteps } from './checkout-steps';
import { CheckoutSummary } from './checkout-summary';
import { DiscountCodeField } from './discount-code-field';
import { EmptyCartNotice } from './empty-cart-notice';
import { ShippingRateChoice } from './shipping-rate-choice';

function ReviewSection({
  title,
  edit,
  children,
}: {
  title: string;
  edit?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section className="rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex items-baseline justify-between gap-4">
        <h2 className="text-xl font-semibold">{title}</h2>
        {edit && (
          <Link
            to={edit.to}
            aria-label={edit.label}
            className="text-sm font-semibold text-terracotta-700 hover:underline"
          >
            Change
          </Link>
        )}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** /placeorder: everything the shopper is about to buy, then PLACE ORDER opens the hosted checkout. */
export default function PlaceOrderPage() {
  const { cartItems, shippingAddress, paymentMethod, discountCode } = useAppSelector(
    (state) => state.cart,
  );
  const userInfo = useAppSelector((state) => state.account.userInfo);
  const [createSession] = useCreateCheckoutSessionMutation();
  const checkout = useStartCheckout(createSession);
  const limitProblem = useOrderLimitProblem();
  const charges = useShippingQuote(cartItems, shippingAddress, { code: discountCode });

  if (!checkout.redirecting) {
    if (cartItems.length > 0 && !shippingAddress) return <Navigate to="/shipping" replace />;
    if (cartItems.length > 0 && !paymentMethod) return <Navigate to="/payment" replace />;
  }

  const placeOrder = () => {
    if (!shippingAddress || !userInfo || limitProblem) return;
    const { _id, name, email } = userInfo;
    const { rateId: shippingRateId } = charges;
    void checkout.start({
      orderItems: orderItemsOf(cartItems),
      shippingAddress,
      userInfo: { _id, name, email },
      ...(shippingRateId ? { shippingRateId } : {}),
      ...(discountCode ? { discountCode } : {}),
    });
  };

  return (
    <PageContainer>
      <CheckoutSteps current={2} />
      <PageHeader title="Place Order" />
      {cartItems.length === 0 && !checkout.redirecting ? (
        <EmptyCartNotice />
      ) : (
        <CheckoutColumns>
          <div className="flex flex-col gap-6">
            <ReviewSection
              title="Shipping"
              edit={{ to: '/shipping', label: 'Change the shipping address' }}
            >
              {shippingAddress && <ShippingAddress address={shippingAddress} />}
            </ReviewSection>
            {charges.rates.length > 1 && (
              <section className="rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6">
                <ShippingRateChoice charges={charges} />
              </section>
            )}
            <ReviewSection
              title="Payment method"
              edit={{ to: '/payment', label: 'Change the payment method' }}
            >
              <p>{paymentMethod && paymentMethodLabel(paymentMethod)}</p>
            </ReviewSection>
            <ReviewSection
              title="Items"
              edit={{ to: '/cart', label: 'Change the items in your cart' }}
            >
              <OrderLines lines={summaryLinesOf(cartItems)} label="Items in your order" />
            </ReviewSection>
          </div>
          <CheckoutSummary lines={cartItems} charges={charges}>
            <DiscountCodeField charges={charges} />
            <CheckoutButton
              onClick={placeOrder}
              busy={checkout.busy}
              redirecting={checkout.redirecting}
              error={checkout.error}
              refusal={limitProblem ?? charges.problem}
            >
              Place order
            </CheckoutButton>
          </CheckoutSummary>
        </CheckoutColumns>
      )}
    </PageContainer>
  );
}

import { useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PAYMENT_METHOD } from '@shop/shared/orders';
import { useAppDispatch, useAppSelector } from '../../../stores/hooks';
import { Button } from '../../../components/ui/button';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeader } from '../../../components/ui/page-header';
import { paymentMethodSaved } from '../../../stores/cart-slice';
import { CheckoutColumns } from './checkout-columns';
import { CheckoutSteps } from './checkout-steps';
import { CheckoutSummary } from './checkout-summary';

/** The one way to pay: the card provider's hosted checkout. */
const METHODS = [
  {
    value: PAYMENT_METHOD,
    label: 'Card payment',
    description:
      'Pay by credit or debit card on Stripe’s secure checkout page. Your card details never reach our shop.',
  },
] as const;

/** /payment: the payment method (only the card provider), selected already; then /placeorder. */
export default function PaymentPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const hasAddress = useAppSelector((state) => state.cart.shippingAddress !== null);
  const stored = useAppSelector((state) => state.cart.paymentMethod);
  const cartItems = useAppSelector((state) => state.cart.cartItems);
  const [method, setMethod] = useState<string>(
    METHODS.some((m) => m.value === stored) && stored ? stored : PAYMENT_METHOD,
  );

  if (!hasAddress) return <Navigate to="/shipping" replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(paymentMethodSaved(method));
    void navigate('/placeorder');
  };

  return (
    <PageContainer>
      <CheckoutSteps current={1} />
      <PageHeader title="Payment Method" />
      <CheckoutColumns>
        <form
          onSubmit={onSubmit}
          className="flex flex-col gap-8 rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-8"
        >
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-3 font-display text-xl font-semibold">
              Select a payment method
            </legend>
            {METHODS.map((choice) => (
              <label
                key={choice.value}
                className="flex cursor-pointer items-start gap-4 rounded-2xl border-2 border-sand-300 p-4 hover:border-sand-400 has-[:checked]:border-terracotta-700 has-[:checked]:bg-sand-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-terracotta-600"
              >
                <input
                  type="radio"
                  name="paymentMethod"
                  value={choice.value}
                  checked={method === choice.value}
                  onChange={() => setMethod(choice.value)}
                  aria-labelledby={`method-${choice.value}-label`}
                  aria-describedby={`method-${choice.value}-description`}
                  className="mt-1 size-5 shrink-0 accent-terracotta-700 focus-visible:outline-none"
                />
                <span className="flex flex-col gap-1">
                  <span id={`method-${choice.value}-label`} className="font-semibold">
                    {choice.label} <span className="font-normal text-ink-muted">(Stripe)</span>
                  </span>
                  <span
                    id={`method-${choice.value}-description`}
                    className="text-sm text-ink-muted"
                  >
                    {choice.description}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <Button type="submit" size="lg" className="w-full sm:w-auto sm:self-end">
            Continue
          </Button>
        </form>
        <CheckoutSummary lines={cartItems} showItems />
      </CheckoutColumns>
    </PageContainer>
  );
}

import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { shippingAddressSchema } from '@shop/shared/orders';
import { useAppDispatch, useAppSelector } from '../../../stores/hooks';
import { Button } from '../../../components/ui/button';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeader } from '../../../components/ui/page-header';
import { shippingAddressSaved } from '../../../stores/cart-slice';
import { useOrderLimitProblem } from '../hooks/use-order-limit-problem';
import { AddressFields } from './address-fields';
import { CartProblemAlert } from './cart-problem-alert';
import { CheckoutColumns } from './checkout-columns';
import { CheckoutSteps } from './checkout-steps';
import { CheckoutSummary } from './checkout-summary';

type AddressInput = z.input<typeof shippingAddressSchema>;
type AddressValues = z.output<typeof shippingAddressSchema>;

/** /shipping: the delivery address, kept in the cart (and the browser), then on to /payment. */
export default function ShippingPage() {
  const id = useId();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const stored = useAppSelector((state) => state.cart.shippingAddress);
  const cartItems = useAppSelector((state) => state.cart.cartItems);
  const limitProblem = useOrderLimitProblem();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddressInput, unknown, AddressValues>({
    resolver: zodResolver(shippingAddressSchema),
    defaultValues: stored ?? { address: '', city: '', state: '', postalCode: '', country: '' },
  });

  const onSubmit = (address: AddressValues) => {
    dispatch(shippingAddressSaved(address));
    // The address is kept, but a cart above the order's unit limit goes no further.
    if (!limitProblem) void navigate('/payment');
  };

  return (
    <PageContainer>
      <CheckoutSteps current={0} />
      <PageHeader title="Shipping">Where should we send your order?</PageHeader>
      <CheckoutColumns>
        <form
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          className="flex flex-col gap-8 rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-8"
        >
          <AddressFields idPrefix={id} field={(name) => register(name)} errors={errors} />
          {limitProblem && <CartProblemAlert id={`${id}-limit`} message={limitProblem} />}
          <Button
            type="submit"
            size="lg"
            className="w-full sm:w-auto sm:self-end"
            disabled={Boolean(limitProblem)}
            aria-describedby={limitProblem ? `${id}-limit` : undefined}
          >
            Continue to payment
          </Button>
        </form>
        <CheckoutSummary lines={cartItems} showItems />
      </CheckoutColumns>
    </PageContainer>
  );
}

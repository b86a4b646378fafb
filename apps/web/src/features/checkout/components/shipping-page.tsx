import { useEffect, useId } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import type { Country } from '@shop/shared/countries';
import { shippingAddressSchema } from '@shop/shared/orders';
import { useAppDispatch, useAppSelector } from '../../../stores/hooks';
import { Button } from '../../../components/ui/button';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeader } from '../../../components/ui/page-header';
import { shippingAddressSaved } from '../../../stores/cart-slice';
import { useGetLastAddressQuery } from '../api/checkout-api';
import { addressFormDefaults } from '../address-form';
import { useOrderLimitProblem } from '../hooks/use-order-limit-problem';
import { AddressFields } from './address-fields';
import { CartProblemAlert } from './cart-problem-alert';
import { CheckoutColumns } from './checkout-columns';
import { CheckoutSteps } from './checkout-steps';
import { CheckoutSummary } from './checkout-summary';
import { useAddressCountries } from '../hooks/use-shipping-quote';

type AddressInput = z.input<typeof shippingAddressSchema>;
type AddressValues = z.output<typeof shippingAddressSchema>;

/**
 * /shipping: the delivery address, kept in the cart (and the browser), then on to /payment.
 * Without one kept in this browser, the account's last address fills the form (decision 040).
 * `countries`: those the address may be in (the shop's ship-to countries unless a test gives them).
 */
export default function ShippingPage({ countries: given }: { countries?: readonly Country[] }) {
  const countries = useAddressCountries(given);
  const id = useId();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const stored = useAppSelector((state) => state.cart.shippingAddress);
  const cartItems = useAppSelector((state) => state.cart.cartItems);
  const limitProblem = useOrderLimitProblem();
  const form = useForm<AddressInput, unknown, AddressValues>({
    resolver: zodResolver(shippingAddressSchema),
    defaultValues: addressFormDefaults(stored, countries),
  });
  const {
    handleSubmit,
    reset,
    formState: { isDirty },
  } = form;
  const { data: last } = useGetLastAddressQuery(undefined, {
    skip: Boolean(stored?.fullName),
    refetchOnMountOrArgChange: true,
  });
  const lastAddress = last?.shippingAddress;
  useEffect(() => {
    // Only into a form the shopper has not started on.
    if (lastAddress && !isDirty) reset(addressFormDefaults(lastAddress, countries));
  }, [lastAddress, isDirty, reset, countries]);

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
          <FormProvider {...form}>
            <AddressFields idPrefix={id} countries={countries} />
          </FormProvider>
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

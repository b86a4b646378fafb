import { useId } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { emailSchema } from '@shop/shared/accounts';
import type { Country } from '@shop/shared/countries';
import { shippingAddressSchema } from '@shop/shared/orders';
import { useAppDispatch, useAppSelector } from '../../../stores/hooks';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeader } from '../../../components/ui/page-header';
import { TextField } from '../../../components/ui/text-field';
import { shippingAddressSaved } from '../../../stores/cart-slice';
import { useCreateGuestCheckoutSessionMutation } from '../api/checkout-api';
import { addressFormDefaults } from '../address-form';
import { orderItemsOf } from '../cart-totals';
import { useOrderLimitProblem } from '../hooks/use-order-limit-problem';
import { useAddressCountries, useShippingQuote } from '../hooks/use-shipping-quote';
import { useStartCheckout } from '../hooks/use-start-checkout';
import { AddressFields } from './address-fields';
import { CheckoutButton } from './checkout-button';
import { CheckoutColumns } from './checkout-columns';
import { CheckoutSummary } from './checkout-summary';
import { DiscountCodeField } from './discount-code-field';
import { EmptyCartNotice } from './empty-cart-notice';
import { ShippingRateChoice } from './shipping-rate-choice';

// The API's own rules and messages: the guest's e-mail and the delivery address.
const guestFormSchema = z.intersection(z.object({ email: emailSchema }), shippingAddressSchema);
type GuestFormInput = z.input<typeof guestFormSchema>;
type GuestFormValues = z.output<typeof guestFormSchema>;

/**
 * /guest-checkout: e-mail and address, the summary, and on to the hosted checkout. `countries`:
 * those the address may be in (the shop's ship-to countries; every country by default).
 */
export default function GuestCheckoutPage({
  countries: given,
}: {
  countries?: readonly Country[];
}) {
  const countries = useAddressCountries(given);
  const id = useId();
  const formId = `${id}-form`;
  const dispatch = useAppDispatch();
  const lines = useAppSelector((state) => state.cart.cartItems);
  const stored = useAppSelector((state) => state.cart.shippingAddress);
  const discountCode = useAppSelector((state) => state.cart.discountCode);
  const signedInEmail = useAppSelector((state) => state.account.userInfo?.email ?? '');
  const [createSession] = useCreateGuestCheckoutSessionMutation();
  const checkout = useStartCheckout(createSession);
  const limitProblem = useOrderLimitProblem();

  const form = useForm<GuestFormInput, unknown, GuestFormValues>({
    resolver: zodResolver(guestFormSchema),
    defaultValues: { email: signedInEmail, ...addressFormDefaults(stored, countries) },
  });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = form;

  const [country, state, email] = useWatch({ control, name: ['country', 'state', 'email'] });
  const charges = useShippingQuote(lines, { country, state }, { code: discountCode, email });

  const onSubmit = async ({ email, ...shippingAddress }: GuestFormValues) => {
    dispatch(shippingAddressSaved(shippingAddress));
    if (limitProblem) return;
    const { rateId: shippingRateId } = charges;
    await checkout.start({
      orderItems: orderItemsOf(lines),
      shippingAddress,
      email,
      ...(shippingRateId ? { shippingRateId } : {}),
      ...(discountCode ? { discountCode } : {}),
    });
  };

  return (
    <PageContainer>
      <PageHeader title="Guest Checkout" eyebrow="Checkout">
        {lines.length > 0 &&
          'No account needed: we send the order confirmation and its tracking link to your e-mail.'}
      </PageHeader>
      {lines.length === 0 && !checkout.redirecting ? (
        <EmptyCartNotice />
      ) : (
        <CheckoutColumns>
          <form
            id={formId}
            noValidate
            onSubmit={handleSubmit(onSubmit)}
            className="flex flex-col gap-8"
          >
            <fieldset className="flex flex-col gap-5">
              <legend className="mb-4 font-display text-xl font-semibold">Contact</legend>
              <TextField
                id={`${id}-email`}
                label="Email"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                hint="For the order confirmation and the link to follow your order."
                error={errors.email?.message}
                {...register('email')}
              />
            </fieldset>
            <fieldset>
              <legend className="mb-4 font-display text-xl font-semibold">Shipping address</legend>
              <FormProvider {...form}>
                <AddressFields idPrefix={id} countries={countries} />
              </FormProvider>
            </fieldset>
            <ShippingRateChoice charges={charges} />
          </form>
          <CheckoutSummary lines={lines} showItems charges={charges}>
            <DiscountCodeField charges={charges} />
            <CheckoutButton
              form={formId}
              busy={checkout.busy}
              redirecting={checkout.redirecting}
              error={checkout.error}
              refusal={limitProblem ?? charges.problem}
            >
              Continue to payment
            </CheckoutButton>
          </CheckoutSummary>
        </CheckoutColumns>
      )}
    </PageContainer>
  );
}

import { useEffect } from 'react';
import { SHOP_NAME } from '@shop/shared/shop';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ButtonLink } from '../../../components/ui/button-link';
import { HeadingOnlyPage } from '../../../components/ui/heading-only-page';
import { cartCleared } from '../../cart/cart-slice';

/** Where the profile lists the customer's orders. */
export const PROFILE_ORDERS_PATH = '/profile?tab=orders';

/** The thank-you page: the order is placed, so the cart is cleared. */
export default function SuccessfulOrderPage() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => state.account.userInfo !== null);
  useEffect(() => {
    dispatch(cartCleared());
  }, [dispatch]);

  return (
    <HeadingOnlyPage title="Thank you for your order!">
      <p>
        You will receive a payment confirmation e-mail from our payment provider and an
        order-tracking e-mail from {SHOP_NAME}.
      </p>
      <p className="mt-3">
        The order-tracking e-mail has a link to your order, where you can follow its delivery.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to="/">Continue shopping</ButtonLink>
        {signedIn && (
          <ButtonLink to={PROFILE_ORDERS_PATH} variant="secondary">
            View your orders
          </ButtonLink>
        )}
      </div>
    </HeadingOnlyPage>
  );
}

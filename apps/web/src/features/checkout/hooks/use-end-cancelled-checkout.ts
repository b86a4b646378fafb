import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useCancelCheckoutMutation } from '../api/checkout-api';

/**
 * Back from the hosted checkout's cancel link (/cart?checkout=cancelled&order=…&token=…): asks the
 * shop to end that checkout now, so the items it held are free for others at once instead of when
 * the checkout would have expired, and leaves /cart?checkout=cancelled in the address bar. Best
 * effort: if the call fails, the checkout still expires on its own.
 */
export function useEndCancelledCheckout(): boolean {
  const [searchParams, setSearchParams] = useSearchParams();
  const [cancelCheckout] = useCancelCheckoutMutation();
  const cancelled = searchParams.get('checkout') === 'cancelled';
  const orderId = searchParams.get('order');
  const token = searchParams.get('token');

  useEffect(() => {
    if (!cancelled || !orderId || !token) return;
    void cancelCheckout({ orderId, token });
    setSearchParams({ checkout: 'cancelled' }, { replace: true });
  }, [cancelled, orderId, token, cancelCheckout, setSearchParams]);

  return cancelled;
}

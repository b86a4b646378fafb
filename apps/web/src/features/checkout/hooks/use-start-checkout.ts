import { useEffect, useState } from 'react';
import type { CheckoutSessionResponse } from '@shop/shared/orders';
import { errorMessage } from '../../../lib/api-error';
import { keepCheckoutReceipt } from '../checkout-receipt';
import { goToHostedCheckout } from '../hosted-checkout';
import { storedStateSchemas } from '../../../lib/contract-schemas';
import { rememberCheckout } from '../open-checkouts';

/** An RTK Query mutation trigger that answers the hosted checkout's address. */
type Trigger<Args> = (args: Args) => { unwrap(): Promise<CheckoutSessionResponse> };

export const NETWORK_ERROR =
  'We could not reach the shop. Please check your connection and try again.';
export const NO_PAYMENT_PAGE =
  'The payment page could not be opened. Nothing was charged; please try again.';

type CheckoutState = { status: 'idle' | 'waiting' | 'redirecting'; error: string | null };

function describeFailure(error: unknown): string {
  if (error && typeof error === 'object' && 'status' in error) {
    if (error.status === 'FETCH_ERROR') return NETWORK_ERROR;
    if (error.status === 'CUSTOM_ERROR') return NO_PAYMENT_PAGE; // an answer without a url
  }
  return errorMessage(error);
}

/** What went wrong, for the developer's console only (never in production builds or tests). */
function logInDevelopment(error: unknown) {
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test')
    console.error('Checkout failed', error);
}

/**
 * Starts a hosted checkout: asks the API for a session, keeps its receipt token for the thank-you
 * page, then sends the browser to its address.
 * While waiting (and while the browser leaves) `busy` is true; a failure gives the shopper the
 * server's message (a 409 names the item that ran short).
 */
export function useStartCheckout<Args>(trigger: Trigger<Args>) {
  const [state, setState] = useState<CheckoutState>({ status: 'idle', error: null });

  // Coming back from the payment page with the browser's Back button restores this page as it
  // was (bfcache): make the button usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setState({ status: 'idle', error: null });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = async (args: Args) => {
    setState({ status: 'waiting', error: null });
    try {
      const { url, checkout, receipt } = await trigger(args).unwrap();
      // Its stock is this shopper's: the cart in any tab keeps these items (see recheckCartStock).
      if (checkout) rememberCheckout(storedStateSchemas, checkout);
      // For the thank-you page of this tab only (the order's summary there).
      keepCheckoutReceipt(receipt);
      if (goToHostedCheckout(url)) {
        setState({ status: 'redirecting', error: null });
        return;
      }
      logInDevelopment(new Error(`Not a payment page address: ${url}`));
      setState({ status: 'idle', error: NO_PAYMENT_PAGE });
    } catch (error) {
      logInDevelopment(error);
      setState({ status: 'idle', error: describeFailure(error) });
    }
  };

  return {
    start,
    busy: state.status !== 'idle',
    redirecting: state.status === 'redirecting',
    error: state.error,
  };
}

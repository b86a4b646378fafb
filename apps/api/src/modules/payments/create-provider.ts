import type { Env } from '../../env';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe-provider';
import { createTestCheckoutProvider } from './test-checkout-provider';

export type TestCheckoutProvider = ReturnType<typeof createTestCheckoutProvider>;

/** Stripe when its keys are configured; otherwise the built-in test checkout. */
export function createPaymentProvider(
  env: Env,
  testCheckout: { secret: Uint8Array; appUrl: string },
): { provider: PaymentProvider; testCheckout?: TestCheckoutProvider } {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    return {
      provider: createStripeProvider({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      }),
    };
  }
  const provider = createTestCheckoutProvider(testCheckout);
  return { provider, testCheckout: provider };
}

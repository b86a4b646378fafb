import { PAYMENT_METHOD } from '@shop/shared/orders';

/** How the shop names a payment method to the shopper ('Stripe' is the card provider). */
export function paymentMethodLabel(method: string): string {
  return method === PAYMENT_METHOD ? 'Card payment (Stripe)' : method;
}

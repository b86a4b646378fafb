// features/checkout's public entry: what other features may use (docs/decisions/029).
export { ownHoldsApi } from './api/own-holds-api';
export { checkoutReceipt } from './checkout-receipt';
export { useEndCancelledCheckout } from './hooks/use-end-cancelled-checkout';
export { forgetClosedCheckouts, openCheckoutProofs } from './open-checkouts';
export { paymentMethodLabel } from './payment-method';

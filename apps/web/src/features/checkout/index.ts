// features/checkout's public entry: what other features may use (docs/decisions/029).
export { ownHoldsApi } from './api/own-holds-api';
// The cart's discount code field and line (decision 047).
export { CartDiscount, useCartDiscount } from './components/cart-discount';
export { checkoutReceipt } from './checkout-receipt';
export { useEndCancelledCheckout } from './hooks/use-end-cancelled-checkout';
// The ship-to countries, for the address form's country list (decision 041).
export { useShipToCountries } from './hooks/use-shipping-quote';
export { forgetClosedCheckouts, openCheckoutProofs } from './open-checkouts';
export { paymentMethodLabel } from './payment-method';

/**
 * The checkout's data: prices of the products asked for, the new order with its lines, its
 * provider session, and the open checkouts of an address or an account. The checkout itself
 * (holding stock, opening the provider's session, cancelling) is a flow: flows/checkout.ts.
 */
export {
  findOpenCheckoutsOfUser,
  findProductsForPricing,
  findVariantIds,
  insertOrder,
  lockAndListOpenHolds,
  setPaymentSession,
  type ProductForPricing,
  type VariantForPricing,
} from './repository';

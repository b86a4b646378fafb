import { orderLimitProblem } from '@shop/shared/order-limits';
import { useAppSelector } from '../../../stores/hooks';

/**
 * The order's unit limits as the cart stands, as the message to show (undefined when it keeps to
 * them): the checkout steps refuse to go on, as the API would, in case the shopper got here with
 * a cart the cart page would not have let through.
 */
export function useOrderLimitProblem(): string | undefined {
  return useAppSelector((state) => orderLimitProblem(state.cart.cartItems));
}

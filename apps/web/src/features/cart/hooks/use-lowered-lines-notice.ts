import { useEffect } from 'react';
import { LINE_LIMIT_MESSAGE, MAX_UNITS_PER_LINE } from '@shop/shared/order-limits';
import { useAppDispatch, useAppSelector } from '../../../stores/hooks';
import { notify } from '../../../lib/toast';
import { describeLine } from '../describe-line';
import { loweredLinesNoticed } from '../../../stores/cart-slice';

/** What the shopper reads about a stored line lowered to the per-line limit. */
export function loweredMessage(item: string, from: number): string {
  return `${item} was lowered from ${from} to ${MAX_UNITS_PER_LINE} in your cart. ${LINE_LIMIT_MESSAGE}`;
}

/**
 * Tells the shopper about each line of a cart stored before the per-line limit that was lowered
 * to it on restore (cart-slice), as the stock re-check tells about the lines it drops.
 */
export function useLoweredLinesNotice(): void {
  const dispatch = useAppDispatch();
  const lowered = useAppSelector((state) => state.cart.loweredLines);

  useEffect(() => {
    if (lowered.length === 0) return;
    for (const line of lowered) notify(loweredMessage(describeLine(line), line.from), 'error');
    dispatch(loweredLinesNoticed());
  }, [dispatch, lowered]);
}

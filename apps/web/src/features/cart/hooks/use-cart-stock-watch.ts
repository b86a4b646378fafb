import { useEffect } from 'react';
import { STOCK_POLL_INTERVAL_MS } from '@shop/shared/stock';
import { useAppDispatch, useAppSelector } from '../../../stores/hooks';
import { notify } from '../../../lib/toast';
import { describeLine } from '../describe-line';
import { recheckCartStock } from '../recheck-cart-stock';

function droppedMessage(item: string, inStock: number | null): string {
  if (inStock === null) return `${item} is no longer sold and was removed from your cart.`;
  if (inStock === 0) return `${item} is sold out and was removed from your cart.`;
  return `Only ${inStock} of ${item} left: it was removed from your cart.`;
}

/**
 * Re-checks the cart's stock on load, after every change of its lines and every 15 s, and tells
 * the shopper about each line dropped because its product is gone or its quantity is no longer
 * in stock.
 */
export function useCartStockWatch(): void {
  const dispatch = useAppDispatch();
  // Lines and quantities only: fresh countInStock from a check must not trigger another one.
  const signature = useAppSelector((state) =>
    state.cart.cartItems.map((line) => `${line.key}:${line.size}:${line.qty}`).join('|'),
  );

  useEffect(() => {
    if (!signature) return;
    const check = async () => {
      const dropped = await dispatch(recheckCartStock())
        .unwrap()
        .catch(() => []);
      for (const { line, inStock } of dropped)
        notify(droppedMessage(describeLine(line), inStock), 'error');
    };
    void check();
    const timer = window.setInterval(() => void check(), STOCK_POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [dispatch, signature]);
}

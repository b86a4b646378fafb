import { useEffect, useState } from 'react';
import type { OrderReceipt } from '@shop/shared/orders';
import { isNotFound } from '../../../lib/api-error';
import { checkoutReceipt } from '../../checkout';
import { useReadOrderReceiptMutation } from '../api/orders-api';

/**
 * The waits before each look-up: the payment's event may reach the shop a moment after the
 * shopper does, so a 404 is asked again, less and less often, then given up (about 15 s in all).
 */
export const RECEIPT_RETRY_DELAYS_MS = [0, 1000, 2000, 4000, 8000] as const;

export type ReceiptState =
  /** This tab started no checkout (another browser, or a reload of an old link): no order here. */
  | { status: 'none' }
  | { status: 'confirming' }
  | { status: 'found'; receipt: OrderReceipt }
  /** The payment was not confirmed in time (or the receipt is too old): the mail has the order. */
  | { status: 'unconfirmed' };

const worthRetrying = (error: unknown) =>
  isNotFound(error) ||
  Boolean(
    error && typeof error === 'object' && 'status' in error && error.status === 'FETCH_ERROR',
  );

/** The thank-you page's order, read with the receipt token this tab kept when it started checkout. */
export function useOrderReceipt(sessionId: string | null): ReceiptState {
  const [read] = useReadOrderReceiptMutation();
  const [token] = useState(checkoutReceipt);
  const [state, setState] = useState<ReceiptState>(
    sessionId && token ? { status: 'confirming' } : { status: 'none' },
  );

  useEffect(() => {
    if (!sessionId || !token) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (n: number) => {
      timer = setTimeout(() => {
        read({ sessionId, receipt: token })
          .unwrap()
          .then(
            (receipt) => {
              if (!stopped) setState({ status: 'found', receipt });
            },
            (error: unknown) => {
              if (stopped) return;
              if (n + 1 < RECEIPT_RETRY_DELAYS_MS.length && worthRetrying(error)) attempt(n + 1);
              else setState({ status: 'unconfirmed' });
            },
          );
      }, RECEIPT_RETRY_DELAYS_MS[n]);
    };
    attempt(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [read, sessionId, token]);

  return state;
}

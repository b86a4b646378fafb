import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { OrderReceipt } from '@shop/shared/orders';
import { SHOP_NAME } from '@shop/shared/shop';
import { useAppDispatch, useAppSelector } from '../../../stores/hooks';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { cartCleared } from '../../../stores/cart-slice';
import { useOrderReceipt } from '../hooks/use-order-receipt';
import {
  OrderAmounts,
  discountShownOf,
  orderAmountsOf,
  taxRateBpOf,
} from '../../../components/order-summary/order-amounts';
import { OrderLines } from '../../../components/order-summary/order-lines';

/** Where the profile lists the customer's orders. */
export const PROFILE_ORDERS_PATH = '/profile?tab=orders';

/** The order just paid: its number, items, total and the way to its page. */
function OrderReceiptCard({ receipt }: { receipt: OrderReceipt }) {
  return (
    <section
      aria-labelledby="receipt-heading"
      className="mt-2 max-w-2xl rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="receipt-heading" className="text-xl font-semibold">
        Order {receipt.number}
      </h2>
      <div className="border-b border-sand-200">
        <OrderLines
          label="Items in your order"
          lines={receipt.orderItems.map((item) => ({
            ...item,
            key: `${item.product}-${item.option}-${item.size}-${item.variantTitle}`,
          }))}
        />
      </div>
      <div className="mt-4">
        <OrderAmounts
          amounts={orderAmountsOf(receipt)}
          taxRateBp={taxRateBpOf(receipt)}
          discount={discountShownOf(receipt.discount)}
        />
      </div>
      <div className="mt-6">
        <ButtonLink to={receipt.orderPath} variant="secondary">
          Open order {receipt.number}
        </ButtonLink>
      </div>
    </section>
  );
}

/**
 * The thank-you page: the order is placed, so the cart is cleared. The tab that started the
 * checkout also sees the order (see useOrderReceipt); any other browser sees the text only.
 */
export default function SuccessfulOrderPage() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => state.account.userInfo !== null);
  const receipt = useOrderReceipt(useSearchParams()[0].get('session_id'));
  useEffect(() => {
    dispatch(cartCleared());
  }, [dispatch]);

  return (
    <PageContainer>
      <PageHeader title="Thank you for your order!">
        {receipt.status === 'found' && (
          // The number first: what a shopper writes down or quotes to the shop.
          <p className="mb-3 text-lg font-semibold text-ink" data-testid="order-number-line">
            Your order number is{' '}
            <span className="font-mono tracking-wide">{receipt.receipt.number}</span>.
          </p>
        )}
        <p>
          You will receive a payment confirmation e-mail from our payment provider and an
          order-tracking e-mail from {SHOP_NAME}.
        </p>
        <p className="mt-3">
          The order-tracking e-mail has a link to your order, where you can follow its delivery.
        </p>
      </PageHeader>
      {receipt.status === 'confirming' && (
        <Spinner label="We are confirming your payment…" className="max-w-2xl py-6" />
      )}
      {receipt.status === 'found' && <OrderReceiptCard receipt={receipt.receipt} />}
      {receipt.status === 'unconfirmed' && (
        <p role="status" className="max-w-2xl rounded-2xl bg-sand-100 px-5 py-4 text-ink-muted">
          Your payment is still being confirmed. The order-tracking e-mail will bring you the link
          to your order.
        </p>
      )}
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to="/">Continue shopping</ButtonLink>
        {signedIn && (
          <ButtonLink to={PROFILE_ORDERS_PATH} variant="secondary">
            View your orders
          </ButtonLink>
        )}
      </div>
    </PageContainer>
  );
}

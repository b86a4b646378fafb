import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isReviewableStatus, orderNumber, type Order } from '@shop/shared/orders';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeader } from '../../../components/ui/page-header';
import { OrderPageSkeleton } from '../../../components/ui/page-skeletons';
import { errorMessage, isNotFound } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paymentMethodLabel } from '../../checkout';
import { reviewLink } from '../../../lib/review-proof';
import { ordersApi, useGetOrderQuery, useGetPaypalConfigQuery } from '../api/orders-api';
import { useWalletScript } from '../hooks/use-wallet-script';
import { formatDateTime } from '../order-dates';
import {
  OrderAmounts,
  discountShownOf,
  orderAmountsOf,
  taxRateBpOf,
} from '../../../components/order-summary/order-amounts';
import { OrderLines, type OrderLine } from '../../../components/order-summary/order-lines';
import { DeliveryStatus, PaymentStatus } from './order-status';
import { ShippingAddress } from '../../../components/shipping-address';
import { OrderStatusLabel } from './order-status-label';

/** An unpaid order is asked for again this often: the payment's webhook may land a moment late. */
export const ORDER_POLL_MS = 5000;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-xl font-semibold">{title}</h2>
      <div className="mt-3 flex flex-col gap-4">{children}</div>
    </section>
  );
}

/** While the order waits for its payment, the wallet provider's script (when configured). */
function WalletScript() {
  const { data } = useGetPaypalConfigQuery();
  useWalletScript(data?.clientId);
  return null;
}

/**
 * A line of a paid order (not refunded in full or cancelled): a link to review its product. Opened through the order mail's signed link,
 * it carries the order and its token, the guest's proof of the purchase; for the signed-in owner
 * the account is the proof.
 */
function WriteReviewLink({
  order,
  line,
  token,
}: {
  order: Order;
  line: OrderLine;
  token?: string;
}) {
  const proof = token ? { orderId: order._id, orderToken: token } : undefined;
  return (
    <Link
      to={reviewLink(line.product, proof)}
      // Which product, for those who hear the links of the page listed together.
      aria-label={`Write a review of ${line.name}`}
      className="mt-1 inline-block text-sm font-semibold text-terracotta-700 underline"
    >
      Write a review
    </Link>
  );
}

function OrderDetail({ order, token }: { order: Order; token?: string | undefined }) {
  const waiting = order.status === 'pending_payment';
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_24rem] lg:gap-12">
      {waiting && <WalletScript />}
      <div className="flex flex-col gap-6">
        <Section title="Shipping">
          <ShippingAddress address={order.shippingAddress} email={order.user.email} />
          <DeliveryStatus order={order} />
        </Section>
        <Section title="Payment method">
          <p>{paymentMethodLabel(order.paymentMethod)}</p>
          <PaymentStatus order={order} />
        </Section>
        <Section title="Order items">
          {order.orderItems.length === 0 ? (
            <p className="rounded-2xl bg-sand-100 px-5 py-4 text-ink-muted">Your order is empty</p>
          ) : (
            <OrderLines
              label="Items in this order"
              lines={order.orderItems.map((item) => ({
                ...item,
                key: `${item.product}-${item.option}-${item.size}-${item.variantTitle}`,
              }))}
              action={
                // Only where the review would be taken: not unpaid, refunded in full or cancelled.
                isReviewableStatus(order.status)
                  ? (line) => <WriteReviewLink order={order} line={line} token={token} />
                  : undefined
              }
            />
          )}
        </Section>
      </div>
      <section
        aria-labelledby="order-summary-heading"
        className="self-start rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6 lg:sticky lg:top-6"
      >
        <h2 id="order-summary-heading" className="text-xl font-semibold">
          Order summary
        </h2>
        <div className="mt-4">
          <OrderAmounts
            amounts={orderAmountsOf(order)}
            taxRateBp={taxRateBpOf(order)}
            discount={discountShownOf(order.discount)}
          />
        </div>
      </section>
    </div>
  );
}

/** /order/:id (signed in, or ?token= from the order mail): the order, its payment and delivery. */
export default function OrderPage() {
  const id = useParams().id ?? '';
  const token = useSearchParams()[0].get('token') ?? undefined;
  const args = { id, token };
  // Poll only while the order waits for its payment; a paid, cancelled or expired one is final.
  const { status } = ordersApi.endpoints.getOrder.useQueryState(args, {
    selectFromResult: ({ currentData }) => ({ status: currentData?.status }),
  });
  const {
    currentData: order,
    error,
    isFetching,
    refetch,
  } = useGetOrderQuery(args, {
    pollingInterval: status === 'pending_payment' ? ORDER_POLL_MS : 0,
    skipPollingIfUnfocused: false,
  });

  if (order) {
    const placed = formatDateTime(order.createdAt);
    return (
      <PageContainer>
        <PageHeader title={`Order ${orderNumber(order._id)}`} eyebrow="Your order">
          {placed && <p>Placed on {placed}</p>}
          <p className="mt-2">
            Status: <OrderStatusLabel status={order.status} />
          </p>
        </PageHeader>
        <OrderDetail order={order} token={token} />
      </PageContainer>
    );
  }

  if (error && !isFetching) {
    const notFound = isNotFound(error);
    return (
      <PageContainer>
        <div className="max-w-3xl">
          <PageHeader title={notFound ? 'Order not found' : 'Order'} />
          <Alert variant="danger">
            {notFound
              ? 'We could not find this order. Check the link in your order e-mail, or sign in with the account you ordered with.'
              : errorMessage(error)}
          </Alert>
          <div className="mt-8 flex flex-wrap gap-3">
            {!notFound && (
              <Button variant="secondary" onClick={() => void refetch()}>
                Try again
              </Button>
            )}
            <ButtonLink to="/">Back to home</ButtonLink>
          </div>
        </div>
      </PageContainer>
    );
  }

  return <OrderLoading />;
}

/** While the order loads: its skeleton, under the title the page will keep. */
function OrderLoading() {
  useDocumentTitle('Order');
  return <OrderPageSkeleton />;
}

import type { Order } from '@shop/shared/orders';
import { Alert } from '../../../components/ui/alert';
import { formatDateTime } from '../order-dates';

/** 'Paid on …', or why not: waiting for the payment, cancelled or expired (nothing charged). */
export function PaymentStatus({ order }: { order: Order }) {
  if (order.isPaid) {
    const when = formatDateTime(order.paidAt);
    return <Alert variant="success">{when ? `Paid on ${when}` : 'Paid'}</Alert>;
  }
  if (order.status === 'cancelled' || order.status === 'expired') {
    return (
      <Alert variant="info">
        <strong>Not paid</strong>: the checkout was{' '}
        {order.status === 'cancelled' ? 'cancelled' : 'not completed in time'}. Nothing was charged.
      </Alert>
    );
  }
  return (
    <Alert variant="info">
      <strong>Not paid yet</strong>. If you have just paid, the confirmation can take a moment: this
      page updates by itself.
    </Alert>
  );
}

/** 'Delivered on …' or 'Not delivered'. */
export function DeliveryStatus({ order }: { order: Order }) {
  if (order.isDelivered) {
    const when = formatDateTime(order.deliveredAt);
    return <Alert variant="success">{when ? `Delivered on ${when}` : 'Delivered'}</Alert>;
  }
  return <Alert variant="info">Not delivered</Alert>;
}

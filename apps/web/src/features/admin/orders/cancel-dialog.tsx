import { useState } from 'react';
import type { AdminOrder } from '@shop/shared/admin-orders';
import { cancelOrderRequestSchema } from '@shop/shared/admin-orders';
import { formatPrice } from '@shop/shared/money';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useCancelOrderMutation } from '../api/admin-api';
import { ActionDialog } from '../components/action-dialog';
import { ReasonField } from './reason-field';
import { remainingCents } from './refund-lines';

/** Cancel (owner; paid, not shipped): refunds what remains and puts every unit back in stock. */
export function CancelDialog({ order }: { order: AdminOrder }) {
  const [cancelOrder, { isLoading }] = useCancelOrderMutation();
  const [reason, setReason] = useState('');
  const units = order.orderItems.reduce((sum, line) => sum + line.qty, 0);
  return (
    <ActionDialog
      triggerLabel="Cancel order"
      title={`Cancel order #${order.number}`}
      description={
        <p>
          The customer is refunded what remains,{' '}
          <strong>{formatPrice(remainingCents(order))}</strong>, through the payment provider, and
          all {units} {units === 1 ? 'unit goes' : 'units go'} back in stock. This cannot be undone.
        </p>
      }
      confirmLabel="Cancel and refund"
      busy={isLoading}
      onOpen={() => setReason('')}
      onConfirm={async () => {
        const parsed = cancelOrderRequestSchema.safeParse({ reason });
        if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Please give a reason';
        const result = await cancelOrder({ id: order._id, ...parsed.data });
        if ('error' in result) return errorMessage(result.error);
        notify(`Order #${order.number} cancelled and refunded`, 'success');
        return null;
      }}
    >
      <ReasonField value={reason} onChange={setReason} />
    </ActionDialog>
  );
}

import type { AdminOrder } from '@shop/shared/admin-orders';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useMarkDeliveredMutation } from '../api/admin-api';
import { ActionDialog } from '../components/action-dialog';

/** Mark delivered: a shipped order has arrived. */
export function DeliverDialog({ order }: { order: AdminOrder }) {
  const [markDelivered, { isLoading }] = useMarkDeliveredMutation();
  return (
    <ActionDialog
      triggerLabel="Mark delivered"
      title={`Mark order #${order.number} delivered`}
      description={<p>The order will show as delivered, today, to the customer and here.</p>}
      confirmLabel="Mark delivered"
      busy={isLoading}
      onConfirm={async () => {
        const result = await markDelivered(order._id);
        if ('error' in result) return errorMessage(result.error);
        notify(`Order #${order.number} marked delivered`, 'success');
        return null;
      }}
    />
  );
}

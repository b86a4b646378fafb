import type { OrderStatus } from '@shop/shared/orders';
import { STATUS_LABELS } from '../format';

const tones: Record<OrderStatus, string> = {
  pending_payment: 'bg-sand-200 text-ink',
  paid: 'bg-[#fdf3e1] text-[#633c00]',
  partially_shipped: 'bg-[#e8eefc] text-[#1d3b7a]',
  shipped: 'bg-[#e8eefc] text-[#1d3b7a]',
  delivered: 'bg-[#edf7f0] text-success',
  partially_refunded: 'bg-danger-soft text-danger',
  refunded: 'bg-danger-soft text-danger',
  cancelled: 'bg-sand-200 text-ink-muted',
  expired: 'bg-sand-200 text-ink-muted',
};

/** A status as a coloured pill: `tone` gives its background and text colours. */
export function StatusPill({ tone, children }: { tone: string; children: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}
    >
      {children}
    </span>
  );
}

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <StatusPill tone={tones[status]}>{STATUS_LABELS[status]}</StatusPill>;
}
